package dev.jprofdata.merge.state;

import java.util.Arrays;

/**
 * Which input records one bulk record of {@link MergeState#addBulk} stands for: the positions of
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
