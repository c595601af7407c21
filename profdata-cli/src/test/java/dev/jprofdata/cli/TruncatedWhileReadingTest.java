package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.BatchReader;
import dev.jprofdata.format.CountsBatch;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profile that another process truncates while jprofdata reads it (issue 18, item 14): raw and
 * indexed files are memory-mapped, the pages past the new end are gone, and the JVM reports the
 * fault as an InternalError. The readers report it as the file's error instead: one line that
 * names the file. The file is truncated here between opening and reading, as that process would.
 */
class TruncatedWhileReadingTest {
    /** Well past the first pages of the file: what remains is not enough for its records. */
    private static final long KEPT = 8192;

    @TempDir
    Path tmp;

    private Path rawCopy() throws IOException {
        return Files.copy(CliRun.fixtures().resolve("profiles/wide_ir_1.profraw"), tmp.resolve("run.profraw"));
    }

    private Path indexed() throws IOException {
        Path raw = rawCopy();
        CliRun merge = CliRun.run(tmp, "merge", "-o", "wide.profdata", raw.toString());
        assertThat(merge.exitCode()).as(merge.stderr()).isZero();
        assertThat(Files.size(tmp.resolve("wide.profdata"))).isGreaterThan(16 * KEPT);
        return tmp.resolve("wide.profdata");
    }

    private static void truncate(Path file) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(KEPT);
        }
    }

    /**
     * The reader's error naming the file. In code the JIT has compiled, HotSpot raises the fault
     * at the thread's next safepoint, which may come after the reader has returned to this loop:
     * then the JVM's fault itself arrives here (the CLI reports it on its own, see Main.run).
     */
    private static void assertTruncated(Throwable thrown, String name) {
        if (thrown instanceof InternalError fault) {
            assertThat(dev.jprofdata.format.io.MappedFaults.isFault(fault)).as(fault.toString()).isTrue();
            assertThat(fault.getMessage()).contains("in compiled Java code");
            return;
        }
        assertThat(thrown).isInstanceOf(ProfileFormatException.class)
                .hasMessage(name + ": file was truncated while being read");
    }

    @Test
    void rawRecords() throws IOException {
        Path raw = rawCopy();
        try (ProfileReader reader = ProfileReaders.open(raw, "runs/run.profraw")) {
            truncate(raw);
            assertThatThrownBy(() -> {
                while (reader.next() != null) {
                    // read on to the missing pages
                }
            }).satisfies(e -> assertTruncated(e, "runs/run.profraw"));
        }
    }

    @Test
    void indexedRecordsCountsAndBatches() throws IOException {
        Path profile = indexed();
        try (ProfileReader records = ProfileReaders.open(profile, "wide.profdata");
                ProfileReader counts = ProfileReaders.open(profile, "wide.profdata");
                ProfileReader batches = ProfileReaders.open(profile, "wide.profdata")) {
            truncate(profile);
            assertThatThrownBy(() -> {
                while (records.next() != null) {
                    // read on to the missing pages
                }
            }).satisfies(e -> assertTruncated(e, "wide.profdata"));
            assertThatThrownBy(() -> counts.scanCounts((hash, values, n) -> { }))
                    .satisfies(e -> assertTruncated(e, "wide.profdata"));
            CountsBatch batch = new CountsBatch();
            assertThatThrownBy(() -> {
                while (((BatchReader) batches).nextBatch(batch)) {
                    // read on to the missing pages
                }
            }).satisfies(e -> assertTruncated(e, "wide.profdata"));
        }
    }
}
