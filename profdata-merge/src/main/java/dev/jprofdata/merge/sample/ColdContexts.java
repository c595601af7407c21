package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleSummaries;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryEntry;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --sample-merge-cold-context} and {@code --sample-trim-cold-context} on a merged
 * context-sensitive profile (LLVM's {@code SampleContextTrimmer}).
 *
 * <p>A context is cold when its total samples are below the cold threshold: the summary's minimum
 * count at the cold cutoff, or {@code --profile-summary-cold-count}. A threshold of 0 changes
 * nothing. Cold contexts leave the map; when merging, each is first added into a profile for its
 * last K frames (K = 1 is the function's base profile), created fresh, so its attributes are not
 * kept. Those profiles then go back into the map, merged into an existing profile of the same
 * context, except that with trimming one still below the threshold and with no such profile is
 * dropped.
 */
final class ColdContexts {
    private ColdContexts() {
    }

    /** The cold count threshold of {@code profiles} under {@code options}. */
    static long threshold(ProfileMap profiles, SampleMergeOptions options) {
        ProfileSummary summary = SampleSummaries.compute(profiles.llvmOrder(), true, options.contextlessSummary());
        long cold = entryFor(summary, options.cutoffCold()).minCount();
        return options.coldCount() != null ? options.coldCount() : cold;
    }

    /** The first entry whose cutoff is at least {@code percentile} (LLVM fails without one). */
    static SummaryEntry entryFor(ProfileSummary summary, long percentile) {
        for (SummaryEntry e : summary.entries()) {
            if (Long.compareUnsigned(e.cutoff(), percentile) >= 0) {
                return e;
            }
        }
        throw new SampleMergeException("Desired percentile exceeds the maximum cutoff");
    }

    static void apply(ProfileMap profiles, SampleMergeOptions options) {
        long threshold = threshold(profiles, options);
        if (threshold == 0) {
            return;
        }
        List<FunctionSamples> cold = new ArrayList<>();
        for (FunctionSamples f : profiles.llvmOrder()) {
            if (Long.compareUnsigned(f.totalSamples(), threshold) < 0) {
                cold.add(f);
            }
        }
        ProfileMap merged = new ProfileMap();
        for (FunctionSamples f : cold) {
            if (options.mergeColdContext()) {
                SampleContext shorter = f.context().lastFrames(options.coldContextFrameDepth());
                merged.getOrCreate(SampleMergeState.key(shorter), () -> new FunctionSamples(shorter)).merge(f, 1);
            }
            profiles.remove(SampleMergeState.key(f.context()));
        }
        for (FunctionSamples m : merged.llvmOrder()) {
            long key = SampleMergeState.key(m.context());
            if (options.trimColdContext() && Long.compareUnsigned(m.totalSamples(), threshold) < 0
                    && !profiles.containsKey(key)) {
                continue;
            }
            profiles.getOrCreate(key, () -> new FunctionSamples(null)).merge(m, 1);
        }
    }
}
