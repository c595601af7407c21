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

    @Override
    public void accept(long hash, long[] counts, int length) {
        // IR profiles keep CS and non-CS records apart; others have no CS records to filter.
        if (ir && ((hash & ProfileRecord.CS_HASH_BIT) != 0) != showCs) {
            return;
        }
        summary.addCounts(counts, length);
        if (length > 0 && ProfileRecord.isPseudoCount(counts[0])) {
            return;
        }
        if (Long.compareUnsigned(maxCount(counts, length), valueCutoff) < 0) {
            belowCutoff++;
        }
    }

    /** The largest of {@code counts[0..length)}, unsigned (0 for none). */
    static long maxCount(long[] counts, int length) {
        long max = 0;
        for (int i = 0; i < length; i++) {
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
