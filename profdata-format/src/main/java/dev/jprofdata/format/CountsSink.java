package dev.jprofdata.format;

import java.io.IOException;

/**
 * Receives the counters of each record of a profile, for callers that need nothing else (a summary,
 * the maximum counts): see {@link ProfileReader#scanCounts}. Readers may pass a reused buffer, so
 * {@code counts} is valid only during the call and only its first {@code length} entries count.
 */
@FunctionalInterface
public interface CountsSink {
    void accept(long hash, long[] counts, int length) throws IOException;
}
