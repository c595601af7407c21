package dev.jprofdata.cli;

import dev.jprofdata.format.CountsSink;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.summary.SummaryBuilder;

/**
 * What {@code show} gathers from the records when it prints none of them: the summary and the
 * number of functions below {@code --value-cutoff}, from each record's hash and counters alone.
 */
final class CountsTally implements CountsSink {
    private final boolean ir;
    private final boolean showCs;
    private final long valueCutoff;
    private final SummaryBuilder summary;
    private long belowCutoff;

    CountsTally(boolean ir, boolean showCs, long valueCutoff, long[] summaryCutoffs) {
        this.ir = ir;
        this.showCs = showCs;
        this.valueCutoff = valueCutoff;
        this.summary = new SummaryBuilder(summaryCutoffs);
    }

    /** What one record is to a report, once counted. */
    enum Verdict {
        /** A record of the other context-sensitivity (IR profiles show CS and non-CS apart): not counted. */
        OTHER_CONTEXT,
        /** LLVM's pseudo-count marker: counted as a record, not as counts. */
        PSEUDO,
        /** Its largest counter is below {@code --value-cutoff}. */
        BELOW_CUTOFF,
        COUNTED
    }

    @Override
    public void accept(long hash, long[] counts, int length) {
        add(hash, counts, 0, length);
    }

    /** Counts the record with counters {@code counts[from..to)} and says what it is to the report. */
    Verdict add(long hash, long[] counts, int from, int to) {
        // IR profiles keep CS and non-CS records apart; others have no CS records to filter.
        if (ir && ((hash & ProfileRecord.CS_HASH_BIT) != 0) != showCs) {
            return Verdict.OTHER_CONTEXT;
        }
        summary.addCounts(counts, from, to);
        if (from < to && ProfileRecord.isPseudoCount(counts[from])) {
            return Verdict.PSEUDO;
        }
        if (Long.compareUnsigned(maxCount(counts, from, to), valueCutoff) < 0) {
            belowCutoff++;
            return Verdict.BELOW_CUTOFF;
        }
        return Verdict.COUNTED;
    }

    /** The largest of {@code counts[0..length)}, unsigned (0 for none). */
    static long maxCount(long[] counts, int length) {
        return maxCount(counts, 0, length);
    }

    /** The largest of {@code counts[from..to)}, unsigned (0 for none). */
    static long maxCount(long[] counts, int from, int to) {
        long max = 0;
        for (int i = from; i < to; i++) {
            if (Long.compareUnsigned(counts[i], max) > 0) {
                max = counts[i];
            }
        }
        return max;
    }

    SummaryBuilder summary() {
        return summary;
    }

    long belowCutoff() {
        return belowCutoff;
    }
}
