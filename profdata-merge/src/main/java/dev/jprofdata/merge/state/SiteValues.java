package dev.jprofdata.merge.state;

import dev.jprofdata.format.ValueSite;
import dev.jprofdata.format.util.LongIndex;
import java.util.Arrays;

/**
 * The merged values of one value-profiling site.
 *
 * <p>LLVM adds an incoming value's count multiplied by the input weight when the value is already
 * present, but inserts a value seen for the first time in a later input <em>unweighted</em>. To
 * reproduce that in an order-free way each value remembers the position of its first occurrence;
 * the final count is decided once the record's creator is known. Only a first occurrence with a
 * weight other than 1 can count differently for the creator and for anyone else, so its weighted
 * and unweighted counts are kept apart, in two arrays that exist only once such an input arrived;
 * every other count (later occurrences weighted, first occurrences of weight 1) is in one sum.
 * Without weights a value costs 24 bytes instead of 44 (the IR workload of bench/ keeps about
 * 137,000 of them per thread). Duplicate values inside one input's site (unresolved targets all map to 0) are
 * folded into one entry.
 */
final class SiteValues implements MergedSite {
    private static final int INDEX_THRESHOLD = 16;

    private int size;
    private long[] values;
    /** Every count except a weighted first occurrence's. */
    private long[] sum;
    private long[] firstPos;
    /** A first occurrence of weight other than 1, weighted and raw (0 otherwise); null until one. */
    private long[] firstWeighted;
    private long[] firstRaw;
    /**
     * For sites with many values: open addressing over {@code values} (entry + 1, 0 = empty). It
     * holds no keys of its own, so a busy site costs 4 bytes per slot instead of 12.
     */
    private int[] index;

    private SiteValues(int capacity) {
        values = new long[capacity];
        sum = new long[capacity];
        firstPos = new long[capacity];
    }

    static SiteValues of(ValueSite site, long weight, long position) {
        SiteValues s = empty(site.size());
        s.add(site, weight, position);
        return s;
    }

    /** {@code absorb(of(site, weight, position))} without building the one-input site. */
    @Override
    public void add(ValueSite site, long weight, long position) {
        add(site.values(), site.counts(), site.size(), weight, position);
    }

    /** An empty site, to {@link #add} inputs to (adding the first equals {@link #of}). */
    static SiteValues empty(int capacity) {
        return new SiteValues(Math.max(1, capacity));
    }

    /** {@link #add(ValueSite, long, long)} for the first {@code n} entries of two arrays. */
    void add(long[] inValues, long[] inCounts, int n, long weight, long position) {
        add(inValues, inCounts, 0, n, weight, position);
    }

    /** {@link #add(ValueSite, long, long)} for the {@code n} entries from {@code from} of two arrays. */
    void add(long[] inValues, long[] inCounts, int from, int n, long weight, long position) {
        for (int i = 0; i < n; i++) {
            long raw = inCounts[from + i];
            long weighted = weight == 1 ? raw : Saturating.multiply(raw, weight);
            long value = inValues[from + i];
            // Runs of one program list a site's values mostly in the same order: try the same
            // place first.
            int at = i < size && values[i] == value ? i : find(value);
            if (at < 0) {
                at = append(value);
                firstPos[at] = position;
                setFirst(at, weight, weighted, raw);
            } else if (firstPos[at] == position) {
                // A duplicate value inside this input's site: folded into its first occurrence.
                if (weight == 1) {
                    sum[at] = Saturating.add(sum[at], raw);
                } else {
                    setWeightedFirst(at, Saturating.add(weightedFirst(at), weighted),
                            Saturating.add(rawFirst(at), raw));
                }
            } else if (position < firstPos[at]) {
                // The old first occurrence becomes a later one: it counts weighted.
                moveFirstToSum(at);
                firstPos[at] = position;
                setFirst(at, weight, weighted, raw);
            } else {
                sum[at] = Saturating.add(sum[at], weighted);
            }
        }
    }

    @Override
    public void absorb(MergedSite site) {
        SiteValues other = (SiteValues) site;
        for (int j = 0; j < other.size; j++) {
            int at = find(other.values[j]);
            long otherWeighted = other.weightedFirst(j);
            long otherRaw = other.rawFirst(j);
            if (at < 0) {
                at = append(other.values[j]);
                firstPos[at] = other.firstPos[j];
                sum[at] = other.sum[j];
                setWeightedFirst(at, otherWeighted, otherRaw);
                continue;
            }
            sum[at] = Saturating.add(sum[at], other.sum[j]);
            if (other.firstPos[j] < firstPos[at]) {
                moveFirstToSum(at);
                firstPos[at] = other.firstPos[j];
                setWeightedFirst(at, otherWeighted, otherRaw);
            } else {
                sum[at] = Saturating.add(sum[at], otherWeighted);
            }
        }
    }

    /** Records a new first occurrence at {@code at} (its position already set). */
    private void setFirst(int at, long weight, long weighted, long raw) {
        // The weighted first counts at {@code at} are 0 here: a new entry, or one whose old first
        // occurrence {@link #moveFirstToSum} just moved.
        if (weight == 1) {
            sum[at] = Saturating.add(sum[at], raw);
        } else {
            setWeightedFirst(at, weighted, raw);
        }
    }

    private void setWeightedFirst(int at, long weighted, long raw) {
        if (firstWeighted == null) {
            if (weighted == 0 && raw == 0) {
                return;
            }
            firstWeighted = new long[values.length];
            firstRaw = new long[values.length];
        }
        firstWeighted[at] = weighted;
        firstRaw[at] = raw;
    }

    private long weightedFirst(int at) {
        return firstWeighted == null ? 0 : firstWeighted[at];
    }

    private long rawFirst(int at) {
        return firstWeighted == null ? 0 : firstRaw[at];
    }

    /** Adds the first occurrence's weighted count to the sum (it is no longer the first). */
    private void moveFirstToSum(int at) {
        if (firstWeighted != null) {
            sum[at] = Saturating.add(sum[at], firstWeighted[at]);
            firstWeighted[at] = 0;
            firstRaw[at] = 0;
        }
    }

    /** Sum of all final counts (for accounting). */
    long countSum(long creatorPos) {
        long total = 0;
        for (int i = 0; i < size; i++) {
            total = Saturating.add(total, finalCount(i, creatorPos));
        }
        return total;
    }

    private long finalCount(int i, long creatorPos) {
        long first = firstPos[i] == creatorPos ? weightedFirst(i) : rawFirst(i);
        return Saturating.add(first, sum[i]);
    }

    /**
     * The site as LLVM would store it: sorted by count (descending), ties in the creator's order
     * when only one input contributed and by ascending value otherwise, at most {@code limit}
     * values.
     */
    @Override
    public ValueSite finish(long creatorPos, boolean merged, int limit) {
        long[] counts = new long[size];
        for (int i = 0; i < size; i++) {
            counts[i] = finalCount(i, creatorPos);
        }
        if (inOutputOrder(counts, merged)) {
            // The usual case (sites arrive sorted and keep their order): no index array, no copies.
            int n = Math.min(limit, size);
            return new ValueSite(Arrays.copyOf(values, n), n == size ? counts : Arrays.copyOf(counts, n));
        }
        // Otherwise a sort of the indexes (rare: sites arrive sorted from indexed and text inputs).
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> a.equals(b) ? 0 : before(a, b, counts, merged) ? -1 : 1);
        int n = Math.min(limit, size);
        long[] v = new long[n];
        long[] c = new long[n];
        for (int k = 0; k < n; k++) {
            v[k] = values[order[k]];
            c[k] = counts[order[k]];
        }
        return new ValueSite(v, c);
    }

    /** Whether the entries are in output order as they stand. */
    private boolean inOutputOrder(long[] counts, boolean merged) {
        for (int i = 1; i < size; i++) {
            if (before(i, i - 1, counts, merged)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether entry {@code a} comes before entry {@code b} in the output. With one contributing
     * input, the entries stand in that input's order (each value appended at its first
     * occurrence), so the creator's order is the order of the entries.
     */
    private boolean before(int a, int b, long[] counts, boolean merged) {
        int c = Long.compareUnsigned(counts[b], counts[a]);
        if (c != 0) {
            return c < 0;
        }
        int t = merged ? Long.compareUnsigned(values[a], values[b]) : 0;
        return t != 0 ? t < 0 : a < b;
    }

    int size() {
        return size;
    }

    long value(int i) {
        return values[i];
    }

    long sum(int i) {
        return sum[i];
    }

    long firstPos(int i) {
        return firstPos[i];
    }

    /** Whether any first occurrence of weight other than 1 is held apart ({@link #weightedFirst}). */
    boolean hasWeightedFirsts() {
        return firstWeighted != null;
    }

    long weightedFirstAt(int i) {
        return weightedFirst(i);
    }

    long rawFirstAt(int i) {
        return rawFirst(i);
    }

    /**
     * A site as a decoded state held it ({@link MergeStateCodec}): distinct {@code values} with
     * their sums and first positions; {@code firstWeighted} and {@code firstRaw} null when none
     * was held apart. Returns null when a value repeats (a damaged encoding).
     */
    static SiteValues restore(long[] values, long[] sums, long[] firstPositions, long[] firstWeighted,
            long[] firstRaw) {
        SiteValues s = empty(values.length);
        for (int i = 0; i < values.length; i++) {
            if (s.find(values[i]) >= 0) {
                return null;
            }
            int at = s.append(values[i]);
            s.sum[at] = sums[i];
            s.firstPos[at] = firstPositions[i];
        }
        if (firstWeighted != null) {
            s.firstWeighted = java.util.Arrays.copyOf(firstWeighted, s.values.length);
            s.firstRaw = java.util.Arrays.copyOf(firstRaw, s.values.length);
        }
        return s;
    }

    private int find(long value) {
        if (index != null) {
            int mask = index.length - 1;
            for (int i = LongIndex.spread(value) & mask; ; i = (i + 1) & mask) {
                int e = index[i];
                if (e == 0) {
                    return -1;
                }
                if (values[e - 1] == value) {
                    return e - 1;
                }
            }
        }
        for (int i = 0; i < size; i++) {
            if (values[i] == value) {
                return i;
            }
        }
        return -1;
    }

    private void indexEntry(int entry) {
        int mask = index.length - 1;
        int i = LongIndex.spread(values[entry]) & mask;
        while (index[i] != 0) {
            i = (i + 1) & mask;
        }
        index[i] = entry + 1;
    }

    private int append(long value) {
        if (size == values.length) {
            int cap = values.length * 2;
            values = Arrays.copyOf(values, cap);
            sum = Arrays.copyOf(sum, cap);
            firstPos = Arrays.copyOf(firstPos, cap);
            if (firstWeighted != null) {
                firstWeighted = Arrays.copyOf(firstWeighted, cap);
                firstRaw = Arrays.copyOf(firstRaw, cap);
            }
        }
        values[size] = value;
        sum[size] = 0;
        int entries = size + 1;
        if (index != null && 2 * entries <= index.length) {
            indexEntry(size);
        } else if (entries > INDEX_THRESHOLD) {
            // (Re)built at twice the entries, rounded up to a power of two: at most half full.
            index = new int[Integer.highestOneBit(4 * entries - 1)];
            for (int i = 0; i < entries; i++) {
                indexEntry(i);
            }
        }
        return size++;
    }
}
