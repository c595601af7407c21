package dev.jprofdata.merge.state;

import dev.jprofdata.format.RecordBatch;

/**
 * One input's records as its reader batched them: the records {@code firstOrdinal} on of input
 * {@code inputIndex}, which the merge weighs by {@code weight}. The batch must carry bitmaps and
 * value sites ({@link RecordBatch#withValues()}): without them its records would lose theirs.
 */
public record InputRecords(RecordBatch batch, long weight, int inputIndex, long firstOrdinal) implements StateInput {
    public InputRecords {
        if (!batch.withValues()) {
            throw new IllegalArgumentException("a merge takes batches with values only");
        }
    }
}
