package dev.jprofdata.cli;

/**
 * What {@code show --sample} prints, already validated.
 *
 * @param allFunctions dump every function even when {@code function} is set
 * @param function the function to dump alone (exact name; empty: dump every function)
 * @param format how the dump is written: {@code text}, {@code json} (LLVM's JSON; {@code --json} too) or
 *     {@code yaml} (the same structure as YAML, a jprofdata extension)
 * @param symbolList print the profile symbol list
 * @param detailedSummary print the profile summary
 * @param hotFunctionList list the hot functions
 * @param topN unsigned 32-bit: list at most this many hot functions (0: no limit; not 0 also asks
 *     for the list)
 * @param perContextSummary a computed summary counts every CSSPGO context as a function
 */
record SampleShowOptions(boolean allFunctions, String function, String format, boolean symbolList,
        boolean detailedSummary, boolean hotFunctionList, long topN, boolean perContextSummary) {
    /** Whether the dump is JSON or YAML rather than text. */
    boolean structured() {
        return !format.equals("text");
    }
}
