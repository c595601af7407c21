package dev.jprofdata.merge.overlap;

import java.util.Objects;

/**
 * How to compare two instrumentation profiles (llvm-profdata {@code overlap} options).
 *
 * @param contextSensitive IR profiles: compute the program totals over context-sensitive records
 *     instead of the others ({@code --cs})
 * @param valueCutoff unsigned: report a function when its largest test counter is at least this
 *     ({@code --value-cutoff}; {@link #NO_FUNCTIONS} reports none but those of the filter)
 * @param functionFilter report every function whose name contains this ({@code --function}; empty
 *     for none)
 */
public record OverlapOptions(boolean contextSensitive, long valueCutoff, String functionFilter) {

    /** The default cutoff, 2^64-1: only a counter of that value would reach it. */
    public static final long NO_FUNCTIONS = -1L;

    public OverlapOptions {
        Objects.requireNonNull(functionFilter, "functionFilter");
    }

    public static OverlapOptions defaults() {
        return new OverlapOptions(false, NO_FUNCTIONS, "");
    }
}
