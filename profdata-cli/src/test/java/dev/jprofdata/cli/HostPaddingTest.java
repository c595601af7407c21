package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 18, item 4: a nonzero byte in the padding of one data record of an ordinary host raw
 * profile (where the offload fork keeps NumOffloadProfilingThreads) must not turn that function into
 * a GPU device function. The profile is read as llvm-profdata reads it, and merge says why.
 */
class HostPaddingTest {
    @TempDir
    Path tmp;

    /** Raw v10 header size, and where the u16 sits in a 64-bit data record. */
    private static final int HEADER = 128;
    private static final int RECORD = 64;
    private static final int FIELD = 58;

    @ParameterizedTest(name = "record {0}, value {1}")
    @CsvSource({"0, 1", "3, 3", "5, 255", "10, 256", "7, 65535", "1, 2"})
    void aDamagedPaddingByteChangesNothingButSaysSo(int record, int value) throws IOException {
        Path original = CliRun.fixtures().resolve("profiles/ir_1.profraw");
        byte[] bytes = Files.readAllBytes(original);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        long binaryIdsSize = b.getLong(16);
        long numData = b.getLong(24);
        assertThat(record).isLessThan((int) numData);
        int at = (int) (HEADER + binaryIdsSize + (long) record * RECORD + FIELD);
        assertThat(b.getShort(at)).as("clang writes zero padding").isZero();
        b.putShort(at, (short) value);
        Path damaged = tmp.resolve("damaged.profraw");
        Files.write(damaged, bytes);
        Files.copy(original, tmp.resolve("clean.profraw"));

        CliRun clean = CliRun.run(tmp, "merge", "-o", "clean.profdata", "clean.profraw");
        CliRun run = CliRun.run(tmp, "merge", "-o", "damaged.profdata", "damaged.profraw");
        assertThat(clean.exitCode()).isZero();
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(Files.readAllBytes(tmp.resolve("damaged.profdata")))
                .isEqualTo(Files.readAllBytes(tmp.resolve("clean.profdata")));
        assertThat(run.stderr()).contains("summary: damaged.profraw: 1 of " + numData + " data records (the first is"
                + " record " + record + " at byte " + (at - FIELD) + ", value " + value + ")");
        assertThat(clean.stderr()).doesNotContain("padding");

        // No host/device split either: nothing is written next to the output.
        assertThat(tmp.resolve("damaged.amdgcn-amd-amdhsa.profdata")).doesNotExist();

        CliRun showClean = CliRun.run(tmp, "show", "--all-functions", "--counts", "clean.profraw");
        CliRun show = CliRun.run(tmp, "show", "--all-functions", "--counts", "damaged.profraw");
        assertThat(show.exitCode()).isZero();
        assertThat(show.stdout()).isEqualTo(showClean.stdout());
        assertThat(show.stderr()).contains("warning: damaged.profraw: 1 of " + numData + " data records");
    }
}
