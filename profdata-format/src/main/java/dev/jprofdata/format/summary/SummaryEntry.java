package dev.jprofdata.format.summary;

/**
 * One line of a detailed profile summary: the smallest counter value {@code minCount} such that the
 * {@code numCounts} largest counters (all counters with value at least {@code minCount}) hold at
 * least {@code cutoff} parts per million of the total count.
 *
 * @param cutoff parts per million (an unsigned 32-bit value)
 * @param minCount unsigned 64-bit counter value, 0 when no counter was needed
 * @param numCounts unsigned 32-bit number of counters taken (wraps like LLVM's)
 */
public record SummaryEntry(long cutoff, long minCount, long numCounts) {
}
