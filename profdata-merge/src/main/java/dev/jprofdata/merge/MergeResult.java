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
 */
public record MergeResult(
        ProfileContents contents,
        List<MergeProblem> problems,
        List<InputFailure> failures,
        int inputCount,
        long functionsBeforeFilter,
        long functionsRemovedByFilter,
        long droppedCount,
        List<String> notices) {

    public MergeResult {
        problems = List.copyOf(problems);
        failures = List.copyOf(failures);
        notices = List.copyOf(notices);
    }
}
