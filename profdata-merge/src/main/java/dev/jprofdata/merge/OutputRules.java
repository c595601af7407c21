package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.indexed.IndexedVersionPlan;
import java.util.List;

/**
 * What stands between a merge's result and its file: how much of the input the merge may have
 * dropped ({@code --max-dropped-fraction}) and what the output's indexed version may leave out
 * ({@code --drop-unsupported}). The command, the Maven plugin and the Spark job apply these rules
 * through here, so they refuse and report the same merges the same way.
 *
 * @param output text, or indexed of the version a plan chooses
 * @param dropUnsupported whether what the chosen version cannot hold is left out (reported) rather
 *     than refused
 * @param maxDroppedFraction the {@code --max-dropped-fraction} limit as given (a number from 0 to 1),
 *     or null for no limit
 */
public record OutputRules(ProfileOutput output, boolean dropUnsupported, String maxDroppedFraction) {

    /**
     * @throws IllegalArgumentException when {@code maxDroppedFraction} is not a number from 0 to 1
     */
    public OutputRules {
        MergeReportLines.maxDroppedFraction(maxDroppedFraction);
    }

    /** Plain rules: {@code output}, no loss allowed by the version, no limit on dropped input. */
    public static OutputRules of(ProfileOutput output) {
        return new OutputRules(output, false, null);
    }

    /**
     * Checks what the merge dropped against the limit.
     *
     * @throws DroppedTooMuchException when it dropped more; nothing should be written then
     */
    public void checkDropped(MergeResult result) throws DroppedTooMuchException {
        DroppedTooMuchException.check(result.dataLoss(), maxDroppedFraction);
    }

    /**
     * The contents to write and what the output's version leaves out of them, one sentence each
     * ({@link IndexedVersionPlan#summaries}); a text output takes the contents as they are.
     *
     * @throws IndexedVersionPlan.DataWouldBeLostException when the version would leave out what
     *     {@code dropUnsupported} does not allow; nothing should be written then
     */
    public Prepared prepare(ProfileContents contents) throws IndexedVersionPlan.DataWouldBeLostException {
        if (output.text()) {
            return new Prepared(contents, List.of());
        }
        IndexedVersionPlan plan = output.plan();
        IndexedVersionPlan.Prepared prepared = plan.prepare(contents, dropUnsupported);
        return new Prepared(prepared.contents(), plan.summaries(prepared));
    }

    /**
     * Contents ready to be written by {@link #output}.
     *
     * @param contents what is written
     * @param leftOut one sentence for each kind of data the version left out
     */
    public record Prepared(ProfileContents contents, List<String> leftOut) {
        public Prepared {
            leftOut = List.copyOf(leftOut);
        }
    }
}
