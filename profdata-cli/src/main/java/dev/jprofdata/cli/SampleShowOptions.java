package dev.jprofdata.cli;

/**
 * What {@code show --sample} prints, already validated.
 *
 * @param allFunctions dump every function even when {@code function} is set
 * @param function the function to dump alone (exact name; empty: dump every function)
 * @param json dump as JSON ({@code --show-format=json} or {@code --json})
 * @param symbolList print the profile symbol list
 * @param detailedSummary print the profile summary
 * @param hotFunctionList list the hot functions
 * @param topN unsigned 32-bit: list at most this many hot functions (0: no limit; not 0 also asks
 *     for the list)
 * @param perContextSummary a computed summary counts every CSSPGO context as a function
 */
record SampleShowOptions(boolean allFunctions, String function, boolean json, boolean symbolList,
        boolean detailedSummary, boolean hotFunctionList, long topN, boolean perContextSummary) {
}
