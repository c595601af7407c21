package dev.jprofdata.merge.overlap;

/**
 * The comparison of one test function with its base function, for the functions selected by
 * {@link OverlapOptions#valueCutoff()} or {@link OverlapOptions#functionFilter()}.
 *
 * @param name the function name
 * @param hash the function hash
 * @param overlap {@code entries} = number of counters; {@code edges} and {@code values} = overlap
 *     fractions (1.0 = identical distributions)
 * @param base sums of the base function's counters and value counts
 * @param test sums of the test function's counters and value counts
 */
public record FunctionOverlap(String name, long hash, CountSums overlap, CountSums base, CountSums test) {
}
