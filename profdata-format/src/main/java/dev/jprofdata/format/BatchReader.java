package dev.jprofdata.format;

import java.io.IOException;

/**
 * A reader that can also hand over its records in {@linkplain RecordBatch batches}, without an
 * object per record: names, hashes and counters for reports that print every function, and
 * bitmaps and value sites too for a merge (a batch made with values). Readers that have no faster
 * way than {@link #next()} do not implement it.
 */
public interface BatchReader extends ProfileReader {

    /**
     * Whether {@link #nextBatch} can read this profile: its records carry nothing a report prints
     * besides names, hashes, counters and value sites (no device data).
     */
    boolean readsBatches();

    /**
     * Empties {@code batch} and fills it with the names, hashes and counters of the next records
     * (and their bitmaps and value sites when the batch {@linkplain RecordBatch#withValues() takes
     * them} and value sites are not {@linkplain #omitValueSites() omitted}), in {@link #next()}'s order, until it is {@linkplain RecordBatch#full() full} or the profile
     * ends; false when no record was left. Nothing else of a record is built, though everything is
     * checked as {@link #next()} checks it: an error is raised by the call after the one that
     * returned the records before it. Use this or {@link #next()} on a reader, not both; only when
     * {@link #readsBatches()}.
     */
    boolean nextBatch(RecordBatch batch) throws IOException;
}
