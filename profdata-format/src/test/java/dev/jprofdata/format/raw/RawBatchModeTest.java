package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.RecordBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The raw reader's batch mode gives exactly the records of {@link RawProfileReader#next()} — names,
 * hashes, counters, bitmaps and value sites — and the same error after the same records, on every
 * raw file under {@code fixtures/} and on seeded damage of them (flipped bytes and cuts); files it
 * does not batch (GPU records, raw v11/v12) say so.
 */
class RawBatchModeTest {

    static Stream<Path> rawFiles() throws IOException {
        Path fixtures = Path.of(System.getProperty("jprofdata.root", "..")).resolve("fixtures").toAbsolutePath()
                .normalize();
        Assumptions.assumeTrue(Files.isDirectory(fixtures), "no fixtures");
        try (Stream<Path> walk = Files.walk(fixtures)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(".profraw")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("rawFiles")
    void batchesAreTheRecords(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        compare(bytes, file.toString());
    }

    /** Damage lands in headers, records, counters and value data alike; both ways must agree. */
    @ParameterizedTest
    @MethodSource("rawFiles")
    void damagedFilesFailAlike(Path file) throws IOException {
        byte[] original = Files.readAllBytes(file);
        Assumptions.assumeTrue(original.length >= 8, "too short to damage");
        Random random = new Random(file.getFileName().toString().hashCode());
        for (int n = 0; n < 12; n++) {
            byte[] bytes = original.clone();
            if (n % 3 == 2) {
                bytes = java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length));
            } else {
                for (int flips = 1 + random.nextInt(3); flips > 0 && bytes.length > 0; flips--) {
                    bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
                }
            }
            compare(bytes, file + " #" + n);
        }
    }

    /** Requires batches (with and without values) to give {@code bytes}' records and error; used by the fuzz target too. */
    static void compare(byte[] bytes, String what) {
        RawProfileReader first;
        try {
            first = (RawProfileReader) open(bytes);
        } catch (ProfileFormatException e) {
            return; // fails when opened: no batch is ever asked for
        }
        if (!first.readsBatches()) {
            return;
        }
        List<Object> byRecords = new ArrayList<>();
        try (first) {
            ProfileRecord r;
            while ((r = first.next()) != null) {
                byRecords.add(r);
            }
        } catch (ProfileFormatException e) {
            byRecords.add(e.getMessage() + " at " + e.offset());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Object> byBatches = new ArrayList<>();
        List<Object> countsOnly = new ArrayList<>();
        try (RawProfileReader reader = (RawProfileReader) open(bytes)) {
            RecordBatch batch = new RecordBatch(true);
            while (reader.nextBatch(batch)) {
                for (int i = 0; i < batch.size(); i++) {
                    byBatches.add(batch.record(i));
                }
            }
        } catch (ProfileFormatException e) {
            byBatches.add(e.getMessage() + " at " + e.offset());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (RawProfileReader reader = (RawProfileReader) open(bytes)) {
            RecordBatch batch = new RecordBatch();
            while (reader.nextBatch(batch)) {
                for (int i = 0; i < batch.size(); i++) {
                    countsOnly.add(batch.name(i) + " " + batch.hash(i) + " "
                            + java.util.Arrays.toString(java.util.Arrays.copyOfRange(batch.counts(),
                                    batch.countsStart(i), batch.countsEnd(i))));
                }
            }
        } catch (ProfileFormatException e) {
            countsOnly.add(e.getMessage() + " at " + e.offset());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(byBatches).as(what).isEqualTo(byRecords);
        List<Object> expectedCounts = new ArrayList<>();
        for (Object o : byRecords) {
            expectedCounts.add(o instanceof ProfileRecord r ? r.name() + " " + r.hash() + " "
                    + java.util.Arrays.toString(r.counts()) : o);
        }
        assertThat(countsOnly).as(what + " (no values)").isEqualTo(expectedCounts);
    }

    private static ProfileReader open(byte[] bytes) throws ProfileFormatException {
        return RawProfileReader.open(ByteBuffer.wrap(bytes), "test.profraw");
    }
}
