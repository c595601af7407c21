package dev.jprofdata.merge.state;

import java.util.Arrays;

/**
 * Who contributed to each slot of {@link FunctionColumns}, as {@link Contributors} keeps it for one
 * part of a function: the earliest {@link Contributors#LIMIT} contributions (position and count
 * sum, ascending by position) plus how many there were and what they summed to. The listed
 * contributions of all slots share two arrays; a slot's list moves to the end of them with twice
 * the room when it grows (a merge of two inputs keeps two per slot, not sixteen).
 */
final class ContributorColumns {
    private static final int LIMIT = Contributors.LIMIT;

    private int[] at = new int[256];
    private int[] kept = new int[256];
    private int[] room = new int[256];
    private long[] total = new long[256];
    private long[] totalCountSum = new long[256];
    private long[] positions = new long[1 << 10];
    private long[] countSums = new long[1 << 10];
    private int used;
    /** The list {@link #absorb} merges in. */
    private final Contributors scratch = Contributors.scratch();

    /** Makes room for slots below {@code capacity}. */
    void ensureSlots(int capacity) {
        if (at.length < capacity) {
            at = Arrays.copyOf(at, capacity);
            kept = Arrays.copyOf(kept, capacity);
            room = Arrays.copyOf(room, capacity);
            total = Arrays.copyOf(total, capacity);
            totalCountSum = Arrays.copyOf(totalCountSum, capacity);
        }
    }

    /** Slot {@code s}'s first contribution. */
    void start(int s, long position, long countSum) {
        at[s] = reserve(1);
        room[s] = 1;
        kept[s] = 1;
        positions[at[s]] = position;
        countSums[at[s]] = countSum;
        total[s] = 1;
        totalCountSum[s] = countSum;
    }

    /** {@link Contributors#addOne} for slot {@code s}. */
    void add(int s, long position, long countSum) {
        total[s]++;
        totalCountSum[s] = Saturating.add(totalCountSum[s], countSum);
        int n = kept[s];
        int base = at[s];
        int i = n;
        while (i > 0 && positions[base + i - 1] > position) {
            i--; // ties keep the listed one first
        }
        if (i >= LIMIT) {
            return;
        }
        int next = Math.min(LIMIT, n + 1);
        if (room[s] < next) {
            int grownRoom = Math.min(LIMIT, Math.max(next, 2 * room[s]));
            int moved = reserve(grownRoom);
            System.arraycopy(positions, base, positions, moved, n);
            System.arraycopy(countSums, base, countSums, moved, n);
            at[s] = moved;
            room[s] = grownRoom;
            base = moved;
        }
        System.arraycopy(positions, base + i, positions, base + i + 1, next - 1 - i);
        System.arraycopy(countSums, base + i, countSums, base + i + 1, next - 1 - i);
        positions[base + i] = position;
        countSums[base + i] = countSum;
        kept[s] = next;
    }

    /** Slot {@code s}'s contributions as a list of their own. */
    Contributors get(int s) {
        int from = at[s];
        int n = kept[s];
        return Contributors.of(Arrays.copyOfRange(positions, from, from + n),
                Arrays.copyOfRange(countSums, from, from + n), n, total[s], totalCountSum[s]);
    }

    /**
     * Adds {@code theirs} to slot {@code s}'s contributions, as {@code get(s).absorb(theirs)} and
     * {@code set} would, through one list kept for it: a merge of many runs' sums absorbs one list
     * per function and run group, which would otherwise copy each slot's arrays out and back.
     */
    void absorb(int s, Contributors theirs) {
        scratch.load(positions, countSums, at[s], kept[s], total[s], totalCountSum[s]);
        scratch.absorb(theirs);
        set(s, scratch, false);
    }

    /** Makes {@code c} slot {@code s}'s contributions (a new slot's, or replacing the old ones). */
    void set(int s, Contributors c, boolean newSlot) {
        int n = c.kept();
        if (newSlot || room[s] < n) {
            at[s] = reserve(n);
            room[s] = n;
        }
        for (int i = 0; i < n; i++) {
            positions[at[s] + i] = c.position(i);
            countSums[at[s] + i] = c.countSum(i);
        }
        kept[s] = n;
        total[s] = c.total();
        totalCountSum[s] = c.totalCountSum();
    }

    /** How many contributions slot {@code s} has had. */
    long total(int s) {
        return total[s];
    }

    private int reserve(int n) {
        if (positions.length - used < n) {
            int capacity = ColumnArena.grown(positions.length, used, n);
            positions = Arrays.copyOf(positions, capacity);
            countSums = Arrays.copyOf(countSums, capacity);
        }
        int start = used;
        used += n;
        return start;
    }

    /** Lets go of the lists once the state is finished (only {@link #total} is still asked). */
    void releaseLists() {
        positions = null;
        countSums = null;
    }
}
