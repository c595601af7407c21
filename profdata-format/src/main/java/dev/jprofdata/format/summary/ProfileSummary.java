package dev.jprofdata.format.summary;

import java.util.List;

/**
 * LLVM's instrumentation profile summary: totals over a set of records plus the detailed
 * (cutoff) entries. All values are unsigned; {@code numFunctions} and {@code numCounts} are 32-bit
 * in LLVM and wrap there, the others are 64-bit.
 *
 * <p>The same shape is stored in indexed profiles (as "TotalNumFunctions, TotalNumBlocks,
 * MaxFunctionCount, MaxBlockCount, MaxInternalBlockCount, TotalBlockCount") and printed by
 * {@code llvm-profdata show}.
 */
public record ProfileSummary(
        long numFunctions,
        long numCounts,
        long maxFunctionCount,
        long maxCount,
        long maxInternalCount,
        long totalCount,
        List<SummaryEntry> entries) {

    public ProfileSummary {
        entries = List.copyOf(entries);
    }
}
