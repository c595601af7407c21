package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileContents;
import java.util.List;

/**
 * The outcome of a merge: what to write, and everything that went wrong on the way.
 *
 * @param contents the merged profile, already filtered and (with --sparse) thinned
 * @param problems record-level problems in input order
 * @param failures inputs that failed or warned, in input order
 * @param inputCount number of inputs given
 * @param functionsBeforeFilter functions before the name filter (equal to after when none)
 * @param functionsRemovedByFilter functions removed by the name filter
 * @param droppedCount sum of the counts that were read but not merged (mismatches)
 * @param notices facts about inputs worth telling the user that did not fail them, in input order
 * @param deviceWarnings GPU side-file problems (missing, short or mismatched {@code .unifcnts});
 *     they cost uniformity data only, never the input, in input order
 * @param details per-device-function details for {@code merge --verbose}, in input order
 * @param dataLoss what did not make it into the output, summed (see {@link DataLoss})
 */
public record MergeResult(
        ProfileContents contents,
        List<MergeProblem> problems,
        List<InputFailure> failures,
        int inputCount,
        long functionsBeforeFilter,
        long functionsRemovedByFilter,
        long droppedCount,
        List<String> notices,
        List<String> deviceWarnings,
        List<String> details,
        DataLoss dataLoss) {

    public MergeResult(ProfileContents contents, List<MergeProblem> problems, List<InputFailure> failures,
            int inputCount, long functionsBeforeFilter, long functionsRemovedByFilter, long droppedCount,
            List<String> notices, List<String> deviceWarnings, List<String> details) {
        this(contents, problems, failures, inputCount, functionsBeforeFilter, functionsRemovedByFilter, droppedCount,
                notices, deviceWarnings, details, DataLoss.NONE);
    }

    public MergeResult(ProfileContents contents, List<MergeProblem> problems, List<InputFailure> failures,
            int inputCount, long functionsBeforeFilter, long functionsRemovedByFilter, long droppedCount,
            List<String> notices) {
        this(contents, problems, failures, inputCount, functionsBeforeFilter, functionsRemovedByFilter, droppedCount,
                notices, List.of(), List.of());
    }

    public MergeResult {
        deviceWarnings = List.copyOf(deviceWarnings);
        details = List.copyOf(details);
        problems = List.copyOf(problems);
        failures = List.copyOf(failures);
        notices = List.copyOf(notices);
        dataLoss = dataLoss == null ? DataLoss.NONE : dataLoss;
    }
}
