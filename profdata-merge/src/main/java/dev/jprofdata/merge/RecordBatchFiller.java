package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.RecordBatch;
import java.io.IOException;

/**
 * Fills batches from a reader's {@link ProfileReader#next()}: how the records of readers without a
 * batch mode of their own, and of merges that look at each record (renaming, a memory budget,
 * describing device records), reach the merge state through the same seam as batches read straight
 * from a file. Errors come as a batch reader gives them: the records before a bad one go out first,
 * and the error is raised by the call after.
 */
final class RecordBatchFiller {
    /** What the merge does to each record before it joins the batch (it may throw to stop the merge). */
    interface RecordStep {
        ProfileRecord apply(ProfileRecord record, long ordinal);
    }

    private final ProfileReader reader;
    private final RecordStep step;
    private IOException pending;
    private long ordinal;

    RecordBatchFiller(ProfileReader reader, RecordStep step) {
        this.reader = reader;
        this.step = step;
    }

    /** Empties {@code batch} and fills it with the next records; false when none was left. */
    boolean next(RecordBatch batch) throws IOException {
        if (pending != null) {
            throw pending;
        }
        batch.clear();
        try {
            ProfileRecord r;
            while (!batch.full() && (r = reader.next()) != null) {
                batch.add(step.apply(r, ordinal++));
            }
        } catch (IOException e) {
            if (batch.size() == 0) {
                throw e;
            }
            pending = e;
        }
        return batch.size() > 0;
    }
}
