package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.summary.ProfileSummary;
import java.util.List;

/**
 * The totals of a profile summary without the detailed (cutoff) entries, in constant memory.
 * {@link dev.jprofdata.format.summary.SummaryBuilder} keeps a histogram of distinct counter values
 * for the cutoffs, which grows with the profile; the JSON report uses this when no cutoffs are
 * asked for. Same rules: pseudo-count records and records without counters are skipped, the
 * function and block counts wrap at 2^32 as LLVM's do, the total wraps at 2^64.
 */
final class SummaryTotals {
    private long totalCount;
    private long maxCount;
    private long maxFunctionCount;
    private long maxInternalCount;
    private int numCounts;
    private int numFunctions;

    void add(ProfileRecord record) {
        long[] counts = record.counts();
        if (counts.length == 0 || record.isPseudo()) {
            return;
        }
        numFunctions++;
        for (int i = 0; i < counts.length; i++) {
            long c = counts[i];
            totalCount += c;
            numCounts++;
            if (Long.compareUnsigned(c, maxCount) > 0) {
                maxCount = c;
            }
            if (i == 0 && Long.compareUnsigned(c, maxFunctionCount) > 0) {
                maxFunctionCount = c;
            }
            if (i > 0 && Long.compareUnsigned(c, maxInternalCount) > 0) {
                maxInternalCount = c;
            }
        }
    }

    ProfileSummary build() {
        return new ProfileSummary(numFunctions & 0xFFFF_FFFFL, numCounts & 0xFFFF_FFFFL, maxFunctionCount, maxCount,
                maxInternalCount, totalCount, List.of());
    }
}
