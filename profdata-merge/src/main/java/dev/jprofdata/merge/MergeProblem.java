package dev.jprofdata.merge;

/**
 * A problem met while combining one function's records (llvm-profdata prints these as
 * {@code <file>: <function>: <message>}).
 *
 * @param file the input whose record caused it
 * @param function the function name
 * @param kind what went wrong
 * @param droppedCount sum of the counters that were not merged because of it (0 for overflow)
 */
public record MergeProblem(String file, String function, Kind kind, long droppedCount) {

    /**
     * The kinds of record-level problem, with LLVM's message text, in the order LLVM checks for
     * them (it reports only the first problem of each record it adds).
     */
    public enum Kind {
        COUNTER_OVERFLOW("counter overflow", false),
        COUNT_MISMATCH("function basic block count change detected (counter mismatch)", true),
        BITMAP_MISMATCH("function bitmap size change detected (bitmap size mismatch)", false),
        VALUE_SITE_MISMATCH("function value site count change detected (counter mismatch)", true);

        private final String message;
        private final boolean hinted;

        Kind(String message, boolean hinted) {
            this.message = message;
            this.hinted = hinted;
        }

        public String message() {
            return message;
        }

        /** Whether llvm-profdata follows the first such message with a "same binary" hint. */
        public boolean hinted() {
            return hinted;
        }
    }
}
