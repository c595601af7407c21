package dev.jprofdata.merge.state;

import java.util.Arrays;

/**
 * Which input records one summed record ({@link SummedRecords}) stands for: the positions of
 * the earliest of them (at most {@link #KEPT}, ascending) with their weighted count sums, plus how
 * many there are and what they sum to. That is all the state remembers of individual inputs, so a
 * bulk add reports dropped records exactly as per-input adds would.
 *
 * @param positions positions ({@link MergeState#position}) of the first records, ascending
 * @param countSums each listed record's counters times its input's weight, summed
 * @param total number of input records summed into the bulk record
 * @param totalCountSum all their weighted counters summed, saturating
 */
public record BulkContribution(long[] positions, long[] countSums, long total, long totalCountSum) {
    /** How many contributions the state lists by position. */
    public static final int KEPT = Contributors.LIMIT;

    public BulkContribution {
        if (positions.length == 0 || positions.length != countSums.length || positions.length > KEPT
                || total < positions.length) {
            throw new IllegalArgumentException("bad bulk contribution: " + positions.length + " listed of " + total);
        }
        for (int i = 1; i < positions.length; i++) {
            if (positions[i - 1] >= positions[i]) {
                throw new IllegalArgumentException("positions must ascend");
            }
        }
        positions = positions.clone();
        countSums = countSums.clone();
    }

    Contributors contributors() {
        return Contributors.of(positions, countSums, positions.length, total, totalCountSum);
    }

    /**
     * The contributions of both, as the state combines two lists of one function (disjoint
     * inputs): the earliest {@link #KEPT} by position, every record counted, count sums added.
     */
    public BulkContribution plus(BulkContribution other) {
        Contributors c = contributors();
        c.absorb(other.contributors());
        long[] p = new long[c.kept()];
        long[] s = new long[c.kept()];
        for (int i = 0; i < c.kept(); i++) {
            p[i] = c.position(i);
            s[i] = c.countSum(i);
        }
        return new BulkContribution(p, s, c.total(), c.totalCountSum());
    }

    /**
     * Builds one contribution from runs given one at a time, in any order: the earliest
     * {@link #KEPT} by position are kept as {@link #plus} keeps them, through one reused list
     * instead of a list and a merged copy per part (a function held by ten programs' groups is
     * ten parts, for each of 20,000 functions).
     */
    public static final class Builder {
        private static final long[] NONE = new long[0];
        private final Contributors runs = Contributors.scratch();
        private long unlisted;

        /** Forgets the runs given so far. */
        public Builder clear() {
            runs.load(NONE, NONE, 0, 0, 0, 0);
            unlisted = 0;
            return this;
        }

        /** One run at {@code position} whose weighted counters sum to {@code countSum}. */
        public void add(long position, long countSum) {
            runs.addOne(position, countSum);
        }

        /** {@code n} more runs, all later than {@link #KEPT} runs already given by the same part. */
        public void count(long n) {
            unlisted += n;
        }

        /** The runs given, whose counters sum to {@code totalCountSum}. */
        public BulkContribution build(long totalCountSum) {
            long[] p = new long[runs.kept()];
            long[] s = new long[p.length];
            for (int i = 0; i < p.length; i++) {
                p[i] = runs.position(i);
                s[i] = runs.countSum(i);
            }
            return new BulkContribution(p, s, runs.total() + unlisted, totalCountSum);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BulkContribution b && Arrays.equals(positions, b.positions)
                && Arrays.equals(countSums, b.countSums) && total == b.total && totalCountSum == b.totalCountSum;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(positions) * 31 + Long.hashCode(total);
    }
}
