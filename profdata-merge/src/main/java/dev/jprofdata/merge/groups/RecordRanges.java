package dev.jprofdata.merge.groups;

import dev.jprofdata.format.raw.RawCounterLayout;
import java.util.Arrays;

/**
 * The records of a raw layout ordered by where their counters start, for adding up each record's
 * counters while the counter section streams past a chunk at a time.
 *
 * <p>Only a layout whose records' counters tile the counter section exactly (no counter shared by
 * two records, none owned by no record: every layout clang writes) has one, and only such a layout
 * can start a binary group: a group counts what it reads by summing the whole section, which equals
 * the ordinary reader's sum over records only then.
 *
 * <p>Why: a group keeps per-record count sums for its first few members. Summing them in a second
 * walk over each file read the counters twice, through one small copy per record: about 3 ms of a
 * run's 1.5 ms fast path, for the first 16 runs of every slice (spec/performance.md).
 */
final class RecordRanges {
    /** Ranges in ascending order: counters [start[i], end[i]) belong to record[i]. */
    private final int[] start;
    private final int[] end;
    private final int[] record;

    private RecordRanges(int[] start, int[] end, int[] record) {
        this.start = start;
        this.end = end;
        this.record = record;
    }

    /** The layout's records by counter position, or null when they do not tile its counters. */
    static RecordRanges of(RawCounterLayout layout) {
        int n = layout.numRecords();
        long[] starts = new long[n];
        int[] counts = new int[n];
        for (int r = 0; r < n; r++) {
            starts[r] = layout.counterStart(r);
            counts[r] = layout.counterCount(r);
        }
        return of(starts, counts, layout.numCounters());
    }

    /**
     * Record {@code r}'s counters are {@code [starts[r], starts[r] + counts[r])}; null unless the
     * records' counters together are exactly {@code [0, numCounters)}, each counter once.
     */
    static RecordRanges of(long[] starts, int[] counts, int numCounters) {
        // Records without counters have nothing to sum (their sums stay 0) and are left out.
        long[] keyed = new long[starts.length];
        int n = 0;
        boolean ascending = true;
        for (int r = 0; r < starts.length; r++) {
            if (starts[r] < 0 || counts[r] < 0 || starts[r] + counts[r] > numCounters) {
                return null;
            }
            if (counts[r] > 0) {
                keyed[n] = (starts[r] << 32) | r;
                ascending &= n == 0 || keyed[n - 1] < keyed[n];
                n++;
            }
        }
        if (!ascending) {
            Arrays.sort(keyed, 0, n);
        }
        int[] start = new int[n];
        int[] end = new int[n];
        int[] record = new int[n];
        int covered = 0; // counters [0, covered) belong to the ranges so far
        for (int i = 0; i < n; i++) {
            int r = (int) keyed[i];
            start[i] = (int) (keyed[i] >>> 32);
            end[i] = start[i] + counts[r];
            record[i] = r;
            if (start[i] != covered) {
                return null; // a counter of two records, or of none
            }
            covered = end[i];
        }
        return covered == numCounters ? new RecordRanges(start, end, record) : null;
    }

    /**
     * Adds the counters {@code [from, from + len)} of the counter section, found in {@code words}
     * from {@code at}, to their records' {@code sums} (unweighted). Chunks must come in ascending
     * order; {@code next} is what the call for the previous chunk returned (0 for the first).
     */
    int addSums(long[] words, int at, int from, int len, long[] sums, int next) {
        int chunkEnd = from + len;
        int i = next;
        while (i < start.length && start[i] < chunkEnd) {
            int s = Math.max(start[i], from);
            int e = Math.min(end[i], chunkEnd);
            long sum = 0;
            for (int k = s; k < e; k++) {
                sum += words[at + k - from];
            }
            sums[record[i]] += sum;
            if (end[i] > chunkEnd) {
                break; // the record goes on in the next chunk
            }
            i++;
        }
        return i;
    }
}
