package dev.jprofdata.cli;

/**
 * What {@code show} prints for an instrumentation profile, already validated.
 *
 * @param allFunctions print every function
 * @param function substring selecting functions to print (empty: none)
 * @param counts print block counts
 * @param icTargets print indirect-call sites and their statistics
 * @param memopSizes print memory-intrinsic size sites and their statistics
 * @param vtables print vtable sites and their statistics
 * @param valueCutoff unsigned 32-bit: functions whose largest counter is below it are skipped
 * @param listBelowCutoff list the skipped functions instead of printing functions
 * @param topN unsigned 32-bit: list the N functions with the largest counters (0: none)
 * @param hotFunctionList list the hot functions
 * @param covered only print names of functions with a non-zero counter
 * @param detailedSummary print the detailed summary
 * @param summaryCutoffs cutoffs (parts per million) the summary builder uses
 * @param text dump the shown functions as a text profile
 * @param binaryIds print binary IDs
 * @param profileVersion print the profile version
 * @param showCs IR profiles: show context-sensitive records instead of the others
 * @param temporalTraces print temporal profile traces
 * @param hotCutoff the cutoff whose minimum count is the hot threshold (signed 32-bit like LLVM's)
 * @param hotCount the hot threshold itself when given (overrides {@code hotCutoff}), else null
 */
record ShowOptions(
        boolean allFunctions,
        String function,
        boolean counts,
        boolean icTargets,
        boolean memopSizes,
        boolean vtables,
        long valueCutoff,
        boolean listBelowCutoff,
        long topN,
        boolean hotFunctionList,
        boolean covered,
        boolean detailedSummary,
        long[] summaryCutoffs,
        boolean text,
        boolean binaryIds,
        boolean profileVersion,
        boolean showCs,
        boolean temporalTraces,
        int hotCutoff,
        Long hotCount) {

    ShowOptions {
        summaryCutoffs = summaryCutoffs.clone();
    }

    @Override
    public long[] summaryCutoffs() {
        return summaryCutoffs.clone();
    }

    /** Whether a function of this name is printed. */
    boolean shows(String name) {
        return allFunctions || (!function.isEmpty() && name.contains(function));
    }
}
