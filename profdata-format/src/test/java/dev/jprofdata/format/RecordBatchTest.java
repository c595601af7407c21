package dev.jprofdata.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A batch gives back every record added, whatever their sizes, and is reused after clear(). */
class RecordBatchTest {

    private record Added(String name, long hash, long[] counts) {
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void recordsComeBackAsAddedAcrossGrowthAndReuse(long seed) {
        Random random = new Random(seed);
        RecordBatch batch = new RecordBatch();
        for (int round = 0; round < 3; round++) {
            batch.clear();
            List<Added> added = new ArrayList<>();
            // Sometimes past the record count a batch is made for, and sometimes one huge record.
            int records = random.nextInt(3 * RecordBatch.RECORDS);
            while (added.size() < records) {
                int numCounts = random.nextInt(50) == 0 ? 20_000 + random.nextInt(20_000) : random.nextInt(12);
                String name = "n".repeat(random.nextInt(random.nextInt(20) == 0 ? 5_000 : 40)) + added.size();
                long[] counts = random.longs(numCounts).toArray();
                long hash = random.nextLong();
                int i = batch.add(hash, name.length(), numCounts);
                assertThat(i).isEqualTo(added.size());
                System.arraycopy(name.getBytes(StandardCharsets.ISO_8859_1), 0, batch.names(), batch.nameStart(i),
                        name.length());
                System.arraycopy(counts, 0, batch.counts(), batch.countsStart(i), numCounts);
                added.add(new Added(name, hash, counts));
                boolean full = added.size() >= RecordBatch.RECORDS
                        || added.stream().mapToInt(a -> a.counts().length).sum() >= 16 * RecordBatch.RECORDS;
                assertThat(batch.full()).isEqualTo(full);
            }
            assertThat(batch.size()).isEqualTo(added.size());
            for (int i = 0; i < added.size(); i++) {
                Added a = added.get(i);
                assertThat(batch.name(i)).isEqualTo(a.name());
                assertThat(batch.hash(i)).isEqualTo(a.hash());
                assertThat(Arrays.copyOfRange(batch.counts(), batch.countsStart(i), batch.countsEnd(i)))
                        .isEqualTo(a.counts());
            }
        }
    }
}
