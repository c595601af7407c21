package dev.jprofdata.merge.state;

import dev.jprofdata.format.ValueSite;
import dev.jprofdata.format.util.LongIndex;
import java.util.Arrays;

/**
 * The merged values of one value-profiling site.
 *
 * <p>LLVM adds an incoming value's count multiplied by the input weight when the value is already
 * present, but inserts a value seen for the first time in a later input <em>unweighted</em>. To
 * reproduce that in an order-free way each value remembers its first occurrence separately (its
 * position, weighted and unweighted count) from the weighted sum of all later occurrences; the
 * final count is decided once the record's creator is known. Duplicate values inside one input's
 * site (unresolved targets all map to 0) are folded into one entry.
 */
final class SiteValues {
    private static final int INDEX_THRESHOLD = 16;

    private int size;
    private long[] values;
    private long[] laterSum;
    private long[] firstPos;
    private long[] firstWeighted;
    private long[] firstRaw;
    private int[] rawIndex;
    private LongIndex index;

    private SiteValues(int capacity) {
        values = new long[capacity];
        laterSum = new long[capacity];
        firstPos = new long[capacity];
        firstWeighted = new long[capacity];
        firstRaw = new long[capacity];
        rawIndex = new int[capacity];
    }

    static SiteValues of(ValueSite site, long weight, long position) {
        SiteValues s = new SiteValues(Math.max(1, site.size()));
        for (int i = 0; i < site.size(); i++) {
            long raw = site.count(i);
            long weighted = Saturating.multiply(raw, weight);
            int at = s.find(site.value(i));
            if (at < 0) {
                at = s.append(site.value(i));
                s.firstPos[at] = position;
                s.rawIndex[at] = i;
            }
            s.firstWeighted[at] = Saturating.add(s.firstWeighted[at], weighted);
            s.firstRaw[at] = Saturating.add(s.firstRaw[at], raw);
        }
        return s;
    }

    /** {@code absorb(of(site, weight, position))} without building the one-input site. */
    void add(ValueSite site, long weight, long position) {
        add(site.values(), site.counts(), site.size(), weight, position);
    }

    /** An empty site, to {@link #add} inputs to (adding the first equals {@link #of}). */
    static SiteValues empty(int capacity) {
        return new SiteValues(Math.max(1, capacity));
    }

    /** {@link #add(ValueSite, long, long)} for the first {@code n} entries of two arrays. */
    void add(long[] inValues, long[] inCounts, int n, long weight, long position) {
        for (int i = 0; i < n; i++) {
            long raw = inCounts[i];
            long weighted = weight == 1 ? raw : Saturating.multiply(raw, weight);
            long value = inValues[i];
            // Runs of one program list a site's values mostly in the same order: try the same
            // place first.
            int at = i < size && values[i] == value ? i : find(value);
            if (at < 0) {
                at = append(value);
                firstPos[at] = position;
                rawIndex[at] = i;
                firstWeighted[at] = weighted;
                firstRaw[at] = raw;
                laterSum[at] = 0;
            } else if (firstPos[at] == position) {
                // A duplicate value inside this input's site: folded into its first occurrence.
                firstWeighted[at] = Saturating.add(firstWeighted[at], weighted);
                firstRaw[at] = Saturating.add(firstRaw[at], raw);
            } else if (position < firstPos[at]) {
                laterSum[at] = Saturating.add(laterSum[at], firstWeighted[at]);
                firstPos[at] = position;
                firstWeighted[at] = weighted;
                firstRaw[at] = raw;
                rawIndex[at] = i;
            } else {
                laterSum[at] = Saturating.add(laterSum[at], weighted);
            }
        }
    }

    void absorb(SiteValues other) {
        for (int j = 0; j < other.size; j++) {
            int at = find(other.values[j]);
            if (at < 0) {
                at = append(other.values[j]);
                firstPos[at] = other.firstPos[j];
                firstWeighted[at] = other.firstWeighted[j];
                firstRaw[at] = other.firstRaw[j];
                rawIndex[at] = other.rawIndex[j];
                laterSum[at] = other.laterSum[j];
                continue;
            }
            long later = Saturating.add(laterSum[at], other.laterSum[j]);
            if (other.firstPos[j] < firstPos[at]) {
                later = Saturating.add(later, firstWeighted[at]);
                firstPos[at] = other.firstPos[j];
                firstWeighted[at] = other.firstWeighted[j];
                firstRaw[at] = other.firstRaw[j];
                rawIndex[at] = other.rawIndex[j];
            } else {
                later = Saturating.add(later, other.firstWeighted[j]);
            }
            laterSum[at] = later;
        }
    }

    /** Sum of all final counts (for accounting). */
    long countSum(long creatorPos) {
        long sum = 0;
        for (int i = 0; i < size; i++) {
            sum = Saturating.add(sum, finalCount(i, creatorPos));
        }
        return sum;
    }

    private long finalCount(int i, long creatorPos) {
        long first = firstPos[i] == creatorPos ? firstWeighted[i] : firstRaw[i];
        return Saturating.add(first, laterSum[i]);
    }

    /**
     * The site as LLVM would store it: sorted by count (descending), ties in the creator's order
     * when only one input contributed and by ascending value otherwise, at most {@code limit}
     * values.
     */
    ValueSite finish(long creatorPos, boolean merged, int limit) {
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

    /** Whether entry {@code a} comes before entry {@code b} in the output. */
    private boolean before(int a, int b, long[] counts, boolean merged) {
        int c = Long.compareUnsigned(counts[b], counts[a]);
        if (c != 0) {
            return c < 0;
        }
        int t = merged ? Long.compareUnsigned(values[a], values[b]) : Integer.compare(rawIndex[a], rawIndex[b]);
        return t != 0 ? t < 0 : a < b;
    }

    int size() {
        return size;
    }

    private int find(long value) {
        if (index != null) {
            return index.get(value);
        }
        for (int i = 0; i < size; i++) {
            if (values[i] == value) {
                return i;
            }
        }
        return -1;
    }

    private int append(long value) {
        if (size == values.length) {
            int cap = values.length * 2;
            values = Arrays.copyOf(values, cap);
            laterSum = Arrays.copyOf(laterSum, cap);
            firstPos = Arrays.copyOf(firstPos, cap);
            firstWeighted = Arrays.copyOf(firstWeighted, cap);
            firstRaw = Arrays.copyOf(firstRaw, cap);
            rawIndex = Arrays.copyOf(rawIndex, cap);
        }
        values[size] = value;
        if (index != null) {
            index.put(value, size);
        } else if (size + 1 > INDEX_THRESHOLD) {
            index = new LongIndex(values.length);
            for (int i = 0; i <= size; i++) {
                index.put(values[i], i);
            }
        }
        return size++;
    }
}
