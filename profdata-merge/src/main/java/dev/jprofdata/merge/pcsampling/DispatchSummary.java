package dev.jprofdata.merge.pcsampling;

/**
 * The samples of one dispatch.
 *
 * @param process the process the dispatch ran in (its input file, and pid when known)
 * @param dispatchId the dispatch id
 * @param tally its metrics, with the occupancy histogram
 * @param timeline its samples and occupancy over time
 */
public record DispatchSummary(String process, long dispatchId, SampleTally tally, Timeline timeline) {
}
