package dev.jprofdata.merge.state;

import dev.jprofdata.format.ValueSite;
import java.util.Arrays;

/**
 * One value site merged as llvm-profdata 22 merges it on one thread ({@code --value-merge=llvm}).
 *
 * <p>LLVM adds records one after another. The record that creates the function gives the site, its
 * counts times the record's weight. Each later record is merged in: both sites are sorted by value
 * ({@link LlvmSiteSort#byValue}) and walked side by side; a value already there gains the incoming
 * count times the weight, a new value is inserted with its count as it is (unweighted), and a value
 * the record holds twice meets the next copy of it, or is inserted as a second copy. After every
 * record the site is sorted by count, highest first, and cut to {@value #LIMIT} values.
 *
 * <p>Because of that cut the result depends on the order of the records, so they are applied
 * strictly by position. A site of a leading merge state (the state that reads the first inputs in
 * order and into which the others are combined) applies each record as it comes and holds only
 * LLVM's site. Any other site keeps its records as they came until it is combined into a site that
 * has applied the records before them, or until it is finished; that costs memory for every value of
 * every record (spec/merge.md).
 */
final class SequentialSite implements MergedSite {
    /** LLVM keeps at most this many values per site (INSTR_PROF_MAX_NUM_VAL_PER_SITE). */
    static final int LIMIT = StateFinisher.MAX_VALUES_PER_SITE;
    private static final long[] NONE = new long[0];
    /** Words before the value-count pairs of a kept record: position, weight, number of values. */
    private static final int HEADER = 3;

    /** Whether the first record is applied at once (a site of a leading state). */
    private final boolean leading;
    /** LLVM's site after the records applied so far, sorted by count; {@code size < 0}: none applied. */
    private long[] values = NONE;
    private long[] counts = NONE;
    private int size = -1;
    private long lastApplied;
    /** Records not applied yet, each as {@link #HEADER} words and its value-count pairs; null when none. */
    private long[] kept;
    private int keptLength;

    private SequentialSite(boolean leading) {
        this.leading = leading;
    }

    /** The site of one record; {@code leading}: a site of a leading state (applies records as they come). */
    static SequentialSite of(ValueSite site, long weight, long position, boolean leading) {
        SequentialSite s = new SequentialSite(leading);
        s.add(site, weight, position);
        return s;
    }

    @Override
    public void add(ValueSite site, long weight, long position) {
        if (size >= 0 || leading) {
            apply(site.values(), site.counts(), 0, site.size(), weight, position);
        } else {
            keep(site, weight, position);
        }
    }

    @Override
    public void absorb(MergedSite site) {
        SequentialSite other = (SequentialSite) site;
        if (other.size >= 0) {
            if (size >= 0) {
                throw new IllegalStateException("two merge states applied records of one value site:"
                        + " LLVM's value merge needs a single leading state");
            }
            // Take over the other's applied records; ours (kept) must all come after them.
            values = other.values;
            counts = other.counts;
            size = other.size;
            lastApplied = other.lastApplied;
        }
        if (other.keptLength > 0) {
            ensureKept(other.keptLength);
            System.arraycopy(other.kept, 0, kept, keptLength, other.keptLength);
            keptLength += other.keptLength;
        }
        if (size >= 0) {
            applyKept();
        }
    }

    @Override
    public ValueSite finish(long creatorPos, boolean merged, int limit) {
        applyKept();
        if (size <= 0) {
            return ValueSite.EMPTY;
        }
        int n = Math.min(limit, size);
        return new ValueSite(Arrays.copyOf(values, n), Arrays.copyOf(counts, n));
    }

    private void keep(ValueSite site, long weight, long position) {
        int n = site.size();
        ensureKept(HEADER + 2 * n);
        int at = keptLength;
        kept[at] = position;
        kept[at + 1] = weight;
        kept[at + 2] = n;
        for (int i = 0; i < n; i++) {
            kept[at + HEADER + 2 * i] = site.value(i);
            kept[at + HEADER + 2 * i + 1] = site.count(i);
        }
        keptLength += HEADER + 2 * n;
    }

    private void ensureKept(int more) {
        if (kept == null) {
            kept = new long[Math.max(more, 8)];
        } else if (keptLength + more > kept.length) {
            kept = Arrays.copyOf(kept, Math.max(keptLength + more, 2 * kept.length));
        }
    }

    /** Applies the kept records in position order (the first creates the site if none was applied). */
    private void applyKept() {
        if (keptLength == 0) {
            return;
        }
        int[] starts = keptStartsByPosition();
        long[] v = new long[16];
        long[] c = new long[16];
        for (int start : starts) {
            int n = (int) kept[start + 2];
            if (v.length < n) {
                v = new long[n];
                c = new long[n];
            }
            for (int i = 0; i < n; i++) {
                v[i] = kept[start + HEADER + 2 * i];
                c[i] = kept[start + HEADER + 2 * i + 1];
            }
            apply(v, c, 0, n, kept[start + 1], kept[start]);
        }
        kept = null;
        keptLength = 0;
    }

    /** Where each kept record starts, by ascending position (records arrive in order within a state). */
    private int[] keptStartsByPosition() {
        int count = 0;
        for (int at = 0; at < keptLength; at += HEADER + 2 * (int) kept[at + 2]) {
            count++;
        }
        int[] starts = new int[count];
        int k = 0;
        boolean ordered = true;
        for (int at = 0; at < keptLength; at += HEADER + 2 * (int) kept[at + 2]) {
            starts[k] = at;
            ordered &= k == 0 || kept[starts[k - 1]] < kept[at];
            k++;
        }
        if (!ordered) {
            Integer[] boxed = new Integer[count];
            for (int i = 0; i < count; i++) {
                boxed[i] = starts[i];
            }
            Arrays.sort(boxed, (a, b) -> Long.compare(kept[a], kept[b]));
            for (int i = 0; i < count; i++) {
                starts[i] = boxed[i];
            }
        }
        return starts;
    }

    /**
     * Applies one record: entries {@code from} to {@code from + n} of {@code inValues} and
     * {@code inCounts} (not changed), its counts times {@code weight}, at {@code position}.
     */
    private void apply(long[] inValues, long[] inCounts, int from, int n, long weight, long position) {
        if (size >= 0 && position <= lastApplied) {
            throw new IllegalStateException("value site record at position " + position
                    + " arrived after one at " + lastApplied + ": LLVM's value merge applies records in input order");
        }
        long[] v = Arrays.copyOfRange(inValues, from, from + n);
        long[] c = Arrays.copyOfRange(inCounts, from, from + n);
        if (size < 0) {
            // The creating record: scaled by its weight, as LLVM scales the record it creates a function from.
            if (weight != 1) {
                for (int i = 0; i < n; i++) {
                    c[i] = Saturating.multiply(c[i], weight);
                }
            }
            values = v;
            counts = c;
            size = n;
        } else {
            mergeSorted(v, c, n, weight);
        }
        LlvmSiteSort.byCountDescending(values, counts, size);
        size = Math.min(size, LIMIT);
        lastApplied = position;
    }

    /** LLVM's merge-join of the site with a record's {@code n} entries (both sorted by value first). */
    private void mergeSorted(long[] inValues, long[] inCounts, int n, long weight) {
        LlvmSiteSort.byValue(values, counts, size);
        LlvmSiteSort.byValue(inValues, inCounts, n);
        long[] mv = new long[size + n];
        long[] mc = new long[size + n];
        int m = 0;
        int i = 0;
        for (int j = 0; j < n; j++) {
            long value = inValues[j];
            while (i < size && Long.compareUnsigned(values[i], value) < 0) {
                mv[m] = values[i];
                mc[m++] = counts[i++];
            }
            if (i < size && values[i] == value) {
                mv[m] = value;
                mc[m++] = Saturating.add(Saturating.multiply(inCounts[j], weight), counts[i++]);
            } else {
                mv[m] = value;
                mc[m++] = inCounts[j]; // a value new to the site is inserted unweighted, as in LLVM
            }
        }
        while (i < size) {
            mv[m] = values[i];
            mc[m++] = counts[i++];
        }
        values = mv;
        counts = mc;
        size = m;
    }
}
