package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.jprofdata.format.BatchReader;
import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.io.MappedFaults;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profile that another process truncates while jprofdata reads it (issue 18, item 14): raw and
 * indexed files are memory-mapped, the pages past the new end are gone, and the JVM reports the
 * fault as an InternalError, in compiled code at some later point of the reading thread. Reading
 * inside {@link MappedFaults#guard}, as the commands read a whole file, reports it as the file's
 * error instead: one line that names the file. The file is truncated here between opening and
 * reading, as that process would.
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

    /** What a command does with an open reader. */
    private interface Use {
        void readWith(ProfileReader reader) throws IOException;
    }

    /** Opens {@code file}, truncates it, and reads it with {@code use}, all as a command reads a file. */
    private static Throwable readTruncated(Path file, String name, Use use) {
        return catchThrowable(() -> MappedFaults.guard(name, () -> {
            try (ProfileReader reader = ProfileReaders.open(file, name)) {
                truncate(file);
                use.readWith(reader);
                return null;
            }
        }));
    }

    private static void drain(ProfileReader reader) throws IOException {
        while (reader.next() != null) {
            // read on to the missing pages
        }
        reader.symbols();
    }

    private static void assertTruncated(Throwable thrown, String name) {
        assertThat(thrown).isInstanceOf(ProfileFormatException.class)
                .hasMessage(name + ": file was truncated while being read");
    }

    @Test
    void rawRecords() throws IOException {
        assertTruncated(readTruncated(rawCopy(), "runs/run.profraw", TruncatedWhileReadingTest::drain), "runs/run.profraw");
    }

    @Test
    void indexedRecordsCountsAndBatches() throws IOException {
        Path profile = indexed();
        Path copy = tmp.resolve("copy.profdata");
        List<Use> uses = List.of(TruncatedWhileReadingTest::drain,
                reader -> reader.scanCounts((hash, values, n) -> { }),
                reader -> {
                    RecordBatch batch = new RecordBatch();
                    while (((BatchReader) reader).nextBatch(batch)) {
                        // read on to the missing pages
                    }
                });
        for (Use use : uses) {
            Files.copy(profile, copy, StandardCopyOption.REPLACE_EXISTING);
            assertTruncated(readTruncated(copy, "wide.profdata", use), "wide.profdata");
        }
    }
}
