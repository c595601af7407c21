package dev.jprofdata.format;

import java.io.IOException;

/**
 * A reader that can also hand over its records' names, hashes and counters in
 * {@linkplain RecordBatch batches}, without an object per record: for reports that print every
 * function and need nothing else of it. Readers that have no faster way than {@link #next()} do
 * not implement it.
 */
public interface BatchReader extends ProfileReader {

    /**
     * Whether {@link #nextBatch} can read this profile: its records carry nothing a report prints
     * besides names, hashes, counters and value sites (no device data).
     */
    boolean readsBatches();

    /**
     * Empties {@code batch} and fills it with the names, hashes and counters of the next records,
     * in {@link #next()}'s order, until it is {@linkplain RecordBatch#full() full} or the profile
     * ends; false when no record was left. Nothing else of a record is built, though everything is
     * checked as {@link #next()} checks it: an error is raised by the call after the one that
     * returned the records before it. Use this or {@link #next()} on a reader, not both; only when
     * {@link #readsBatches()}.
     */
    boolean nextBatch(RecordBatch batch) throws IOException;
}
