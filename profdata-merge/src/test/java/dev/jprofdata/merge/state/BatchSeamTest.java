package dev.jprofdata.merge.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.BatchReader;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.merge.ValueMerge;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reading an indexed profile in batches straight into the state's columns gives the state that
 * adding its records one by one gives, with or without columns, and reports what the records'
 * counters contribute: for every committed indexed profile the batch reader takes, merged with
 * itself (so that every key is added to as well as created) and with a weight.
 */
class BatchSeamTest {
    static Stream<Path> indexedProfiles() throws IOException {
        return FinishedStates.indexedProfiles();
    }

    @ParameterizedTest
    @MethodSource("indexedProfiles")
    void batchesGiveWhatRecordsGive(Path file) throws IOException {
        try (ProfileReader probe = ProfileReaders.open(file, file.toString())) {
            org.junit.jupiter.api.Assumptions.assumeTrue(probe instanceof BatchReader b && b.readsBatches(),
                    "not read in batches");
        }
        MergeState byRecords = new MergeState(ValueMerge.EXACT, false, false);
        MergeState byColumns = new MergeState(ValueMerge.EXACT, false, true);
        MergeState byBatches = new MergeState(ValueMerge.EXACT, false, true);
        long[] weights = {1, 3};
        int records = 0;
        long recordSums = 0;
        long batchSums = 0;
        for (int input = 0; input < weights.length; input++) {
            try (ProfileReader reader = ProfileReaders.open(file, file.toString())) {
                long ordinal = 0;
                ProfileRecord r;
                while ((r = reader.next()) != null) {
                    byRecords.add(r, weights[input], MergeState.position(input, ordinal));
                    byColumns.add(r, weights[input], MergeState.position(input, ordinal++));
                    recordSums = Saturating.add(recordSums,
                            r.isPseudo() ? 0 : Saturating.cappedSum(r.counts(), 0, r.counts().length, weights[input]));
                }
                records += (int) ordinal;
            }
            try (ProfileReader reader = ProfileReaders.open(file, file.toString())) {
                RecordBatch batch = new RecordBatch(true);
                long ordinal = 0;
                while (((BatchReader) reader).nextBatch(batch)) {
                    batchSums = Saturating.add(batchSums, byBatches.add(new InputRecords(batch, weights[input], input, ordinal)));
                    ordinal += batch.size();
                }
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(records > 0, "an empty profile");
        // What the batches report as read is what the records' counters contribute.
        assertThat(batchSums).isEqualTo(recordSums);
        java.util.List<String> expected = FinishedStates.render(StateFinisher.finish(byRecords, null, false));
        assertThat(FinishedStates.render(StateFinisher.finish(byColumns, null, false))).isEqualTo(expected);
        assertThat(FinishedStates.render(StateFinisher.finish(byBatches, null, false))).isEqualTo(expected);
    }
}
