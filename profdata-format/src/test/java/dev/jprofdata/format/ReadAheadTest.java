package dev.jprofdata.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Batches read on a second thread come in order, whole, with the reader's error after them. */
@Timeout(30)
class ReadAheadTest {

    /**
     * A reader of {@code batches} batches of seeded records; the last call fails when
     * {@code failAtEnd}. Each record's name, hash and counters encode its number.
     */
    private static class SeededReader implements BatchReader {
        private final int batches;
        private final boolean failAtEnd;
        private final Random random;
        private int served;
        private long nextRecord;
        volatile Thread readingThread;

        SeededReader(long seed, int batches, boolean failAtEnd) {
            this.random = new Random(seed);
            this.batches = batches;
            this.failAtEnd = failAtEnd;
        }

        @Override
        public boolean readsBatches() {
            return true;
        }

        @Override
        public boolean nextBatch(RecordBatch batch) throws IOException {
            readingThread = Thread.currentThread();
            batch.clear();
            if (served == batches) {
                if (failAtEnd) {
                    throw new ProfileFormatException("seeded.profdata", 4096, "truncated profile data");
                }
                return false;
            }
            served++;
            int records = 1 + random.nextInt(RecordBatch.RECORDS);
            for (int r = 0; r < records; r++) {
                long n = nextRecord++;
                byte[] name = ("f" + n).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
                int i = batch.add(n * 31, name.length, (int) (n % 5));
                System.arraycopy(name, 0, batch.names(), batch.nameStart(i), name.length);
                for (int c = 0; c < n % 5; c++) {
                    batch.counts()[batch.countsStart(i) + c] = n + c;
                }
            }
            return true;
        }

        /** ReadAhead reads batches only; a record asked for one by one fails the test. */
        @Override
        public ProfileRecord next() {
            throw new AssertionError("ReadAhead asked for a single record");
        }

        @Override
        public ProfileFormat format() {
            return ProfileFormat.INDEXED;
        }

        @Override
        public String fileName() {
            return "seeded.profdata";
        }

        @Override
        public long displayVersion() {
            return 12;
        }

        @Override
        public ProfileKind kind() {
            return ProfileKind.UNKNOWN;
        }

        @Override
        public List<byte[]> binaryIds() {
            return List.of();
        }

        @Override
        public SymbolTable symbols() {
            return new SymbolTable();
        }

        @Override
        public TemporalTraces temporalTraces(long rawWeight) {
            return null;
        }

        @Override
        public void close() {
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void everyRecordComesOnceInOrderAndTheErrorAfterThem(long seed) throws IOException {
        int batches = 1 + (int) (seed * 7 % 23); // fewer and more batches than circulate
        boolean fail = seed % 2 == 0;
        SeededReader reader = new SeededReader(seed, batches, fail);
        List<String> seen = new ArrayList<>();
        ReadAhead ahead = new ReadAhead(reader);
        IOException failure = null;
        try (ahead) {
            RecordBatch batch;
            while ((batch = ahead.next()) != null) {
                for (int i = 0; i < batch.size(); i++) {
                    long[] c = Arrays.copyOfRange(batch.counts(), batch.countsStart(i), batch.countsEnd(i));
                    seen.add(batch.name(i) + " " + batch.hash(i) + " " + Arrays.toString(c));
                }
            }
            assertThat(ahead.next()).as("the end stays the end").isNull();
        } catch (IOException e) {
            failure = e;
        }
        assertThat(reader.readingThread).isNotSameAs(Thread.currentThread());
        assertThat(seen).hasSize((int) reader.nextRecord);
        for (int n = 0; n < seen.size(); n++) {
            long[] c = new long[n % 5];
            int number = n;
            Arrays.setAll(c, k -> number + k);
            assertThat(seen.get(n)).isEqualTo("f" + n + " " + (n * 31L) + " " + Arrays.toString(c));
        }
        if (fail) {
            assertThat(failure).isInstanceOf(ProfileFormatException.class).hasMessageContaining("truncated profile data");
        } else {
            assertThat(failure).isNull();
        }
    }

    /** A caller that stops early (its output failed) gets the reading thread stopped, not hung. */
    @Test
    void closingBeforeTheEndStopsTheReadingThread() throws Exception {
        SeededReader reader = new SeededReader(9, 1000, false);
        ReadAhead ahead = new ReadAhead(reader);
        assertThat(ahead.next()).isNotNull();
        Thread.sleep(50); // let the reading thread fill every batch and wait for an empty one
        ahead.close();
        assertThat(reader.readingThread.isAlive()).isFalse();
        assertThat(reader.served).isLessThan(1000);
    }

    @Test
    void readersWithoutBatchesAreRefused() {
        BatchReader oneByOne = new SeededReader(1, 1, false) {
            @Override
            public boolean readsBatches() {
                return false;
            }
        };
        assertThatThrownBy(() -> new ReadAhead(oneByOne)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("seeded.profdata");
    }
}
