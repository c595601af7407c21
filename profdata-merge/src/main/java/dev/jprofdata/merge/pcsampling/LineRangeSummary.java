package dev.jprofdata.merge.pcsampling;

/**
 * A kernel's metrics restricted to a line range, beside its whole metrics.
 *
 * @param range the range
 * @param inRange the samples whose source stack falls in the range
 * @param kernel all the kernel's samples (after the dispatch filter)
 */
public record LineRangeSummary(LineRange range, SampleTally inRange, SampleTally kernel) {
}
