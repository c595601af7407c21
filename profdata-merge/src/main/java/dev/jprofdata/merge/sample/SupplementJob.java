package dev.jprofdata.merge.sample;

import dev.jprofdata.format.indexed.IndexedVersionPlan;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.NoProfileMergedException;
import dev.jprofdata.merge.OutputRules;
import dev.jprofdata.merge.ProfileMerger;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A whole {@code merge --supplement-instr-with-sample}: the one instrumentation input read (any
 * failure refuses it), adjusted by the sample profile ({@link SampleSupplement}), prepared for the
 * output's version and written atomically. Nothing is written unless every step passes.
 */
public final class SupplementJob {
    /** What a job reports as it goes, in order. */
    public interface Observer {
        /** llvm-profdata's warnings of the adjustment (without {@code warning: }). */
        default void adjusted(List<String> warnings) {
        }

        /** What the output's version left out, one sentence each (often none). */
        default void prepared(List<String> leftOut) {
        }
    }

    private final OutputRules rules;
    private final long minSize;
    private final float zeroCounterThreshold;
    private final long instrColdThreshold;

    /**
     * @param minSize {@code --suppl-min-size-threshold}: fewer counters than this, no adjustment
     * @param zeroCounterThreshold {@code --zero-counter-threshold}: the share of zero counters from
     *     which a function counts as not run
     * @param instrColdThreshold {@code --instr-prof-cold-threshold}
     */
    public SupplementJob(OutputRules rules, long minSize, float zeroCounterThreshold, long instrColdThreshold) {
        this.rules = rules;
        this.minSize = minSize;
        this.zeroCounterThreshold = zeroCounterThreshold;
        this.instrColdThreshold = instrColdThreshold;
    }

    /**
     * Writes {@code instr} adjusted by {@code sample} to {@code target}.
     *
     * @throws NoProfileMergedException when the instrumentation input cannot be read
     * @throws IndexedVersionPlan.DataWouldBeLostException when the version would leave out what the
     *     rules do not allow
     * @throws IOException when the output cannot be written
     */
    public void write(MergeInput instr, SampleProfile sample, Path target, Observer observer)
            throws IOException, NoProfileMergedException, IndexedVersionPlan.DataWouldBeLostException {
        MergeResult read = new ProfileMerger(MergeOptions.builder().numThreads(1).failureMode(FailureMode.ANY).build())
                .merge(List.of(instr));
        SampleSupplement.Result adjusted = SampleSupplement.adjust(read.contents(), sample, minSize,
                zeroCounterThreshold, instrColdThreshold);
        observer.adjusted(adjusted.warnings());
        OutputRules.Prepared prepared = rules.prepare(adjusted.contents());
        observer.prepared(prepared.leftOut());
        rules.output().write(prepared.contents(), target);
    }
}
