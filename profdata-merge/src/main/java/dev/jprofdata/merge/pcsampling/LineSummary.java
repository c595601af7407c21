package dev.jprofdata.merge.pcsampling;

/**
 * The samples of one leaf source line of a kernel: every instruction whose innermost frame is
 * {@code fileLine}, however many instructions that is.
 *
 * @param fileLine the leaf {@code file:line}, or "" for instructions without a known line
 * @param instructions the number of distinct instructions sampled on the line
 * @param tally their metrics
 */
public record LineSummary(String fileLine, int instructions, SampleTally tally) {
}
