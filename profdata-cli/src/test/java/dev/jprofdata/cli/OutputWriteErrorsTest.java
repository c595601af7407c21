package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A write to the output that fails is an error naming the output, with exit code 1 (issue 18,
 * items 2 and 13); a pipe whose reader has gone stops the command at once, silently, with exit
 * code 141 (item 14).
 */
class OutputWriteErrorsTest {
    @TempDir
    Path tmp;

    /** Every command that prints something to standard output. */
    private static final String[] COMMANDS = {
        "show profiles/ir.profdata",
        "show --all-functions --counts --ic-targets profiles/ir.profdata",
        "show --show-format=json --all-functions profiles/ir.profdata",
        "overlap profiles/ir_a.profdata profiles/ir_b.profdata",
        "overlap --show-format=yaml profiles/ir_a.profdata profiles/ir_b.profdata",
        "order profiles/temporal.profdata",
        "merge --text -o - profiles/ir_1.profraw",
        "merge -o - profiles/ir_1.profraw",
        "merge --dump-input-file-list profiles/ir_1.profraw",
        "--help",
        "--version",
        "show --help",
    };

    /** A stream every write to which fails, as standard output on a full disk or a closed pipe does. */
    private static final class FailingStream extends OutputStream {
        private final String reason;
        int writes;

        FailingStream(String reason) {
            this.reason = reason;
        }

        @Override
        public void write(int b) throws IOException {
            writes++;
            throw new IOException(reason);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            writes++;
            throw new IOException(reason);
        }
    }

    private static CliRun runInto(OutputStream stdout, Path cwd, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc;
        try (PrintStream e = new PrintStream(err, true, StandardCharsets.ISO_8859_1)) {
            rc = Main.run(cwd, args, StandardOutput.of(stdout), e);
        }
        return new CliRun("", err.toString(StandardCharsets.ISO_8859_1), rc);
    }

    @Test
    void everyCommandReportsAFullStandardOutput() {
        for (String command : COMMANDS) {
            CliRun run = runInto(new FailingStream("No space left on device"), CliRun.fixtures(), command.split(" "));
            assertThat(run).as(command).isEqualTo(new CliRun("", "error: stdout: No space left on device\n", 1));
        }
    }

    @Test
    void everyCommandStopsSilentlyWithExitCode141OnAClosedPipe() {
        for (String command : COMMANDS) {
            CliRun run = runInto(new FailingStream("Broken pipe"), CliRun.fixtures(), command.split(" "));
            assertThat(run).as(command).isEqualTo(new CliRun("", "", 141));
        }
    }

    /** The report goes on for megabytes; after the first failed write, nothing more is tried. */
    @Test
    void aLongReportStopsAtTheFirstFailedWrite() throws IOException {
        ChildRun.bigTextProfile(tmp.resolve("big.proftext"), 50_000);
        FailingStream stdout = new FailingStream("Broken pipe");
        CliRun run = runInto(stdout, tmp, "show", "--all-functions", "--counts", "big.proftext");
        assertThat(run.exitCode()).isEqualTo(141);
        assertThat(run.stderr()).isEmpty();
        assertThat(stdout.writes).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"show -o /dev/full profiles/ir.profdata", "overlap -o /dev/full profiles/ir_a.profdata"
            + " profiles/ir_b.profdata", "order -o /dev/full profiles/temporal.profdata",
        "merge -o /dev/full profiles/ir_1.profraw", "merge --text -o /dev/full profiles/ir_1.profraw"})
    void aFullDeviceAsOutputIsNamed(String command) {
        assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full here");
        CliRun run = CliRun.run(CliRun.fixtures(), command.split(" "));
        assertThat(run).isEqualTo(new CliRun("", "error: /dev/full: No space left on device\n", 1));
    }

    /** Standard output on /dev/full for real: the JVM's own stream, not a test's. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void realStandardOutputOnAFullDevice() throws Exception {
        assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full here");
        for (String command : new String[] {"show --all-functions --counts profiles/ir.profdata",
            "merge -o - profiles/ir_1.profraw"}) {
            Process p = ChildRun.builder(CliRun.fixtures(), command.split(" "))
                    .redirectOutput(new File("/dev/full")).redirectError(tmp.resolve("err.txt").toFile()).start();
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(command).isEqualTo(1);
            assertThat(Files.readString(tmp.resolve("err.txt"))).isEqualTo("error: stdout: No space left on device\n");
        }
    }

    /**
     * {@code jprofdata show ... | head -1}: the reader goes away after one line; the command stops
     * as llvm-profdata does (killed by SIGPIPE, which a shell reports as 141), with no message.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aRealPipeClosedByItsReader() throws Exception {
        ChildRun.bigTextProfile(tmp.resolve("big.proftext"), 200_000);
        Process p = ChildRun.builder(tmp, "show", "--all-functions", "--counts", "big.proftext")
                .redirectError(tmp.resolve("err.txt").toFile()).start();
        try (InputStream out = p.getInputStream()) {
            int first = out.read();
            assertThat(first).isNotNegative();
            while (first != '\n' && first >= 0) {
                first = out.read();
            }
        }
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(141);
        assertThat(Files.readString(tmp.resolve("err.txt"))).isEmpty();
    }
}
