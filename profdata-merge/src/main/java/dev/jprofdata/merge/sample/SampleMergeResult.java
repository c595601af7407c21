package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.merge.DataLoss;
import dev.jprofdata.merge.InputFailure;
import java.util.List;

/**
 * The outcome of a sample-profile merge: the profile to write and what went wrong on the way.
 *
 * @param profile the merged profile, trimmed, converted and filtered as asked, with the symbol list
 * @param problems functions that did not merge cleanly, in input order (one per function and input)
 * @param failures inputs that could not be read and were skipped ({@code --failure-mode=all|warn})
 * @param inputCount inputs given
 * @param filtered whether a function filter was given (llvm-profdata then always says how many
 *     functions it removed)
 * @param functionsBeforeFilter top-level profiles before the filter
 * @param functionsRemovedByFilter top-level profiles the filter removed
 * @param dataLoss what did not make it into the output (see {@link DataLoss}; counts are weighted
 *     total samples of top-level profiles)
 * @param reportLines what llvm-profdata prints while merging, in its order: each problem's
 *     {@link FunctionProblem#message()} and, for a skipped input, {@code warning: FILE: reason}
 */
public record SampleMergeResult(
        SampleProfile profile,
        List<FunctionProblem> problems,
        List<InputFailure> failures,
        int inputCount,
        boolean filtered,
        long functionsBeforeFilter,
        long functionsRemovedByFilter,
        DataLoss dataLoss,
        List<String> reportLines) {

    public SampleMergeResult {
        problems = List.copyOf(problems);
        failures = List.copyOf(failures);
        reportLines = List.copyOf(reportLines);
    }

    /** The line llvm-profdata prints after filtering. */
    public String filterMessage() {
        return functionsRemovedByFilter + " of " + functionsBeforeFilter
                + " functions in the original profile are filtered.";
    }
}
