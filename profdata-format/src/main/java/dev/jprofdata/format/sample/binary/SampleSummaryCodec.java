package dev.jprofdata.format.sample.binary;

import dev.jprofdata.format.sample.SampleProfileException;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryEntry;
import java.util.ArrayList;
import java.util.List;

/**
 * The summary block of the binary formats: ULEB128 total count, maximum count, maximum function
 * count, number of counts, number of functions, number of entries, then per entry its cutoff,
 * minimum count and number of counts. LLVM keeps the function and count numbers and the cutoffs
 * in 32 bits, so wider values are cut as LLVM cuts them.
 */
public final class SampleSummaryCodec {
    private SampleSummaryCodec() {
    }

    public static ProfileSummary read(SampleBytes in) throws SampleProfileException {
        long totalCount = in.uleb();
        long maxCount = in.uleb();
        long maxFunctionCount = in.uleb();
        long numCounts = in.uleb();
        long numFunctions = in.uleb();
        long numEntries = in.uleb();
        List<SummaryEntry> entries = new ArrayList<>((int) Math.min(Math.max(numEntries, 0), Math.min(in.remaining() / 3, 64)));
        for (long i = 0; Long.compareUnsigned(i, numEntries) < 0; i++) {
            long cutoff = in.uleb();
            long minCount = in.uleb();
            long counts = in.uleb();
            entries.add(new SummaryEntry(cutoff & 0xFFFFFFFFL, minCount, counts));
        }
        return new ProfileSummary(numFunctions & 0xFFFFFFFFL, numCounts & 0xFFFFFFFFL, maxFunctionCount, maxCount, 0,
                totalCount, entries);
    }
}
