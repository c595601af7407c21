package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ReadAhead;
import dev.jprofdata.format.ValueKind;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lean ways of reading an indexed profile ({@code scanCounts}, which builds no record,
 * {@code omitValueSites}, which builds records without value sites, and batches of names and
 * counters, read directly or on a second thread) see the same records and fail at the same byte
 * with the same message as a full read, on every committed file and on seeded
 * corruptions of the files that carry value data.
 */
class LeanReadingTest {

    /** What a reading saw: one line per record (hash and counters), then the failure if any. */
    private record Outcome(List<String> records, String failure) {
    }

    static Stream<Path> files() {
        return Stream.of("profdata", "synth", "out", "versions", "bad")
                .flatMap(dir -> TestFiles.profdata(dir).stream());
    }

    @ParameterizedTest
    @MethodSource("files")
    void committedFiles(Path file) {
        byte[] bytes = TestFiles.bytes(file);
        compareAllWays(bytes, file.toString());
    }

    /** Files whose records have value sites, so that damage lands in value data too. */
    static Stream<Path> filesWithValueData() {
        return files().filter(p -> {
            byte[] bytes = TestFiles.bytes(p);
            try (IndexedProfileReader r = open(bytes)) {
                ProfileRecord rec;
                while ((rec = r.next()) != null) {
                    if (rec.hasValueSites()) {
                        return true;
                    }
                }
            } catch (Exception e) {
                return false;
            }
            return false;
        });
    }

    @ParameterizedTest
    @MethodSource("filesWithValueData")
    void seededDamage(Path file) {
        byte[] original = TestFiles.bytes(file);
        Random random = new Random(file.getFileName().toString().hashCode());
        int failures = 0;
        for (int round = 0; round < 150; round++) {
            byte[] bytes = original.clone();
            // Damage past the header, where records, value data and key headers live.
            int at = 64 + random.nextInt(bytes.length - 64);
            bytes[at] = (byte) (round % 3 == 0 ? random.nextInt(256) : bytes[at] ^ (1 << random.nextInt(8)));
            Outcome full = compareAllWays(bytes, file + " byte " + at);
            if (full != null && full.failure() != null) {
                failures++;
            }
        }
        // The comparison is only worth something if some damage is actually reported.
        assertThat(failures).as("damaged copies of %s that fail", file).isPositive();
    }

    /** Reads {@code bytes} three ways and checks they agree; returns the full reading's outcome. */
    private static Outcome compareAllWays(byte[] bytes, String what) {
        Outcome full;
        try {
            full = fullRead(bytes, false);
        } catch (ProfileFormatException e) {
            return null; // the header does not open: none of the lean ways is reached
        }
        try {
            assertThat(scan(bytes)).as("scanCounts of %s", what).isEqualTo(full);
            assertThat(fullRead(bytes, true)).as("omitValueSites of %s", what).isEqualTo(full);
            assertThat(withoutValueSitesMatch(bytes)).as("records without value sites of %s", what).isTrue();
            Named named = namedRead(bytes);
            if (named.readsBatches()) {
                assertThat(batches(bytes, false)).as("batches of %s", what).isEqualTo(named.outcome());
                assertThat(batches(bytes, true)).as("batches read ahead of %s", what).isEqualTo(named.outcome());
            }
        } catch (ProfileFormatException e) {
            throw new AssertionError(e);
        }
        return full;
    }

    private static IndexedProfileReader open(byte[] bytes) throws ProfileFormatException {
        return IndexedProfileReader.open(ByteBuffer.wrap(bytes), "f.profdata");
    }

    private static Outcome fullRead(byte[] bytes, boolean omit) throws ProfileFormatException {
        return read(bytes, (r, records) -> {
            if (omit) {
                r.omitValueSites();
            }
            ProfileRecord rec;
            while ((rec = r.next()) != null) {
                records.add(line(rec.hash(), rec.counts(), rec.counts().length));
            }
        });
    }

    /** The scan's failure comes after the records before it, as in the sequential read. */
    private static Outcome scan(byte[] bytes) throws ProfileFormatException {
        return read(bytes, (r, records) -> {
            // One record through next() first: a scan continues where the reader is.
            ProfileRecord first = r.next();
            if (first != null) {
                records.add(line(first.hash(), first.counts(), first.counts().length));
                r.scanCounts((hash, counts, length) -> records.add(line(hash, counts, length)));
            }
        });
    }

    /** A full read with names in the lines, and whether the reader offers batches. */
    private record Named(Outcome outcome, boolean readsBatches) {
    }

    private static Named namedRead(byte[] bytes) throws ProfileFormatException {
        boolean[] batches = new boolean[1];
        Outcome outcome = read(bytes, (r, records) -> {
            batches[0] = r.readsBatches();
            r.omitValueSites();
            ProfileRecord rec;
            while ((rec = r.next()) != null) {
                records.add(rec.name() + " " + line(rec.hash(), rec.counts(), rec.counts().length));
            }
        });
        return new Named(outcome, batches[0]);
    }

    /** Batches read directly or on a second thread: the same lines, the failure after the same records. */
    private static Outcome batches(byte[] bytes, boolean readAhead) throws ProfileFormatException {
        return read(bytes, (r, records) -> {
            if (readAhead) {
                try (ReadAhead ahead = new ReadAhead(r)) {
                    RecordBatch batch;
                    while ((batch = ahead.next()) != null) {
                        addLines(batch, records);
                    }
                }
            } else {
                RecordBatch batch = new RecordBatch();
                while (r.nextBatch(batch)) {
                    addLines(batch, records);
                }
            }
        });
    }

    private static void addLines(RecordBatch batch, List<String> records) {
        for (int i = 0; i < batch.size(); i++) {
            long[] counts = Arrays.copyOfRange(batch.counts(), batch.countsStart(i), batch.countsEnd(i));
            records.add(batch.name(i) + " " + line(batch.hash(i), counts, counts.length));
        }
    }

    /** One way of reading the records of a file into lines. */
    private interface Reading {
        void into(IndexedProfileReader reader, List<String> records) throws java.io.IOException;
    }

    /** The lines {@code reading} produced, and the message it failed with (null when none). */
    private static Outcome read(byte[] bytes, Reading reading) throws ProfileFormatException {
        List<String> records = new ArrayList<>();
        try (IndexedProfileReader r = open(bytes)) {
            reading.into(r, records);
        } catch (ProfileFormatException e) {
            return new Outcome(records, e.getMessage());
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        return new Outcome(records, null);
    }

    /** Records read without value sites equal the full ones but for their value sites. */
    private static boolean withoutValueSitesMatch(byte[] bytes) throws ProfileFormatException {
        try (IndexedProfileReader full = open(bytes); IndexedProfileReader lean = open(bytes)) {
            lean.omitValueSites();
            while (true) {
                ProfileRecord a = full.next();
                ProfileRecord b = lean.next();
                if (a == null || b == null) {
                    return a == b;
                }
                for (ValueKind kind : ValueKind.values()) {
                    if (b.numSites(kind) != 0) {
                        return false;
                    }
                }
                if (!a.name().equals(b.name()) || a.hash() != b.hash() || !Arrays.equals(a.counts(), b.counts())
                        || !Arrays.equals(a.bitmap(), b.bitmap()) || !Objects.equals(a.offload(), b.offload())) {
                    return false;
                }
            }
        } catch (ProfileFormatException e) {
            return true; // failures are compared by the outcomes
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private static String line(long hash, long[] counts, int length) {
        return Long.toHexString(hash) + " " + Arrays.toString(Arrays.copyOf(counts, length));
    }
}
