package dev.jprofdata.merge.state;

import java.util.Arrays;

/**
 * Which input records went into one variant of a function's profile, so that records dropped by a
 * mismatch can be named afterwards. Remembers the earliest {@link #LIMIT} contributions (by
 * position) in full and only counts the rest, so memory stays bounded however many inputs there
 * are. Appending in increasing position order, the usual case, costs no sorting.
 */
final class Contributors {
    static final int LIMIT = 16;

    private long[] positions;
    private long[] countSums;
    private int kept;
    private long total;
    private long totalCountSum;

    Contributors(long position, long countSum) {
        this(new long[] {position}, new long[] {countSum}, 1, 1, countSum);
    }

    private Contributors(long[] positions, long[] countSums, int kept, long total, long totalCountSum) {
        this.positions = positions;
        this.countSums = countSums;
        this.kept = kept;
        this.total = total;
        this.totalCountSum = totalCountSum;
    }

    /**
     * The contributions of many inputs at once: the first {@code kept} of {@code positions} (ascending)
     * with their count sums, out of {@code total} contributions summing to {@code totalCountSum}.
     */
    static Contributors of(long[] positions, long[] countSums, int kept, long total, long totalCountSum) {
        int n = Math.min(LIMIT, kept);
        return new Contributors(Arrays.copyOf(positions, n), Arrays.copyOf(countSums, n), n, total, totalCountSum);
    }

    /** {@code absorb(new Contributors(position, countSum))} without the allocation. */
    void addOne(long position, long countSum) {
        total++;
        totalCountSum = Saturating.add(totalCountSum, countSum);
        int at = kept;
        while (at > 0 && positions[at - 1] > position) {
            at--; // ties keep the listed one first, as mergeSorted does
        }
        if (at >= LIMIT) {
            return;
        }
        int n = Math.min(LIMIT, kept + 1);
        ensureCapacity(n);
        System.arraycopy(positions, at, positions, at + 1, n - 1 - at);
        System.arraycopy(countSums, at, countSums, at + 1, n - 1 - at);
        positions[at] = position;
        countSums[at] = countSum;
        kept = n;
    }

    /** An empty list, to be {@link #load}ed: the scratch list of {@link ContributorColumns#absorb}. */
    static Contributors scratch() {
        return new Contributors(new long[LIMIT], new long[LIMIT], 0, 0, 0);
    }

    /**
     * Makes this list the {@code n} contributions at {@code from} of {@code p} and {@code c}, out of
     * {@code total} summing to {@code totalCountSum}, in arrays it already has where they are big
     * enough.
     */
    void load(long[] p, long[] c, int from, int n, long total, long totalCountSum) {
        ensureCapacity(n);
        System.arraycopy(p, from, positions, 0, n);
        System.arraycopy(c, from, countSums, 0, n);
        kept = n;
        this.total = total;
        this.totalCountSum = totalCountSum;
    }

    Contributors copy() {
        return of(positions, countSums, kept, total, totalCountSum);
    }

    void absorb(Contributors other) {
        total += other.total;
        totalCountSum = Saturating.add(totalCountSum, other.totalCountSum);
        if (other.kept == 0) {
            return;
        }
        if (other.positions[0] > positions[kept - 1]) {
            appendInOrder(other);
        } else {
            mergeSorted(other);
        }
    }

    private void appendInOrder(Contributors other) {
        int room = LIMIT - kept;
        int take = Math.min(room, other.kept);
        if (take <= 0) {
            return;
        }
        ensureCapacity(kept + take);
        System.arraycopy(other.positions, 0, positions, kept, take);
        System.arraycopy(other.countSums, 0, countSums, kept, take);
        kept += take;
    }

    private void mergeSorted(Contributors other) {
        int n = Math.min(LIMIT, kept + other.kept);
        long[] p = new long[n];
        long[] s = new long[n];
        int i = 0;
        int j = 0;
        for (int k = 0; k < n; k++) {
            boolean takeMine = j >= other.kept || (i < kept && positions[i] <= other.positions[j]);
            if (takeMine) {
                p[k] = positions[i];
                s[k] = countSums[i++];
            } else {
                p[k] = other.positions[j];
                s[k] = other.countSums[j++];
            }
        }
        positions = p;
        countSums = s;
        kept = n;
    }

    private void ensureCapacity(int n) {
        if (positions.length < n) {
            // Doubling, not straight to the limit: every part of every function has a list, and a
            // merge of two or three inputs (indexed profiles, typically) would otherwise hold
            // seven 16-entry pairs per function (about 2 KB; the 100 MB profile of
            // bench/RESULTS.md merged with itself peaked at 1.4 GB).
            int cap = Math.min(LIMIT, Math.max(n, 2 * positions.length));
            positions = Arrays.copyOf(positions, cap);
            countSums = Arrays.copyOf(countSums, cap);
        }
    }

    int kept() {
        return kept;
    }

    long position(int i) {
        return positions[i];
    }

    long countSum(int i) {
        return countSums[i];
    }

    /** All contributions, including those no longer listed. */
    long total() {
        return total;
    }

    long totalCountSum() {
        return totalCountSum;
    }
}
