package dev.jprofdata.spark;

import dev.jprofdata.format.offload.UniformityRule;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.FunctionNameFilter;
import dev.jprofdata.merge.MergeOptions;
import java.util.function.Predicate;

/**
 * The library's {@link MergeOptions} for a Spark merge's arguments, as {@code jprofdata merge}
 * builds them: the tasks read inputs with them, the driver finishes the merge with them (the name
 * filter applies only there). One thread per task: Spark runs the tasks side by side.
 */
final class MergeOptionsOf {
    private MergeOptionsOf() {
    }

    static MergeOptions of(SparkMergeArgs args) {
        MergeOptions.Builder b = MergeOptions.builder()
                .numThreads(1)
                .failureMode(failureMode(args.failureMode()))
                .sparse(args.sparse())
                .traceReservoirSize(args.traceReservoirSize())
                .maxTraceLength(args.maxTraceLength())
                .keepVTableSymbols(args.keepVTableSymbols())
                .readUnifcnts(!args.noUnifcnts());
        try {
            b.uniformityRule(UniformityRule.parse(args.uniformityThreshold()));
        } catch (IllegalArgumentException e) {
            throw new SparkMergeException("for the --uniformity-threshold option: " + e.getMessage());
        }
        if (args.function() != null || args.noFunction() != null) {
            b.nameFilter(nameFilter(args.function(), args.noFunction()));
        }
        return b.build();
    }

    static FailureMode failureMode(String text) {
        return switch (text) {
            case "any" -> FailureMode.ANY;
            case "all" -> FailureMode.ALL;
            case "warn" -> FailureMode.WARN;
            default -> throw new SparkMergeException("for the --failure-mode option: Cannot find option named '"
                    + text + "'!");
        };
    }

    /** {@code --function} / {@code --no-function} as merge reads them ({@link FunctionNameFilter}). */
    private static Predicate<String> nameFilter(String keep, String drop) {
        try {
            return FunctionNameFilter.of(keep, drop);
        } catch (IllegalArgumentException e) {
            throw new SparkMergeException(e.getMessage());
        }
    }
}
