package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A failed merge must leave an existing output untouched and no temporary files behind. */
class MergeOutputSafetyTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"empty.profraw", "trunc.profraw", "trunc.profdata", "rawv9.profraw", "idxv14.profdata",
        "garbage.bin", "garbage.txt", "badhash.proftext", "trailing_junk.profraw"})
    void badInputLeavesPreviousOutputAndNoTemporaryFiles(String bad) throws IOException {
        Path out = tmp.resolve("app.profdata");
        byte[] previous = "previous content".getBytes(StandardCharsets.US_ASCII);
        Files.write(out, previous);
        Path badPath = CliRun.fixtures().resolve("profiles/bad/" + bad);
        CliRun run = CliRun.run(CliRun.fixtures(), "merge", "-o", out.toString(),
                "profiles/ir_1.profraw", badPath.toString());
        if (bad.equals("empty.profraw")) {
            // LLVM skips empty raw files silently; so do we, and the merge succeeds.
            assertThat(run.exitCode()).isZero();
        } else {
            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(Files.readAllBytes(out)).isEqualTo(previous);
            assertThat(run.stderr()).contains(badPath.toString()).contains("no profile can be merged");
            assertThat(run.stderr()).doesNotContain("Exception").doesNotContain("\tat ");
        }
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("app.profdata");
        }
    }

    @Test
    void outputMayBeOneOfTheInputs() throws IOException {
        Path acc = tmp.resolve("acc.profdata");
        Files.copy(CliRun.fixtures().resolve("profiles/ir_a.profdata"), acc);
        CliRun run = CliRun.run(CliRun.fixtures(), "merge", "-o", acc.toString(), acc.toString(),
                "profiles/ir_b.profdata");
        assertThat(run.exitCode()).isZero();
        CliRun expected = CliRun.run(CliRun.fixtures(), "merge", "-o", tmp.resolve("ref.profdata").toString(),
                "profiles/ir_a.profdata", "profiles/ir_b.profdata");
        assertThat(expected.exitCode()).isZero();
        assertThat(Files.readAllBytes(acc)).isEqualTo(Files.readAllBytes(tmp.resolve("ref.profdata")));
    }

    @Test
    void outputThroughASymbolicLinkReplacesTheFileAndKeepsTheLink() throws IOException {
        Path real = tmp.resolve("real.profdata");
        Files.write(real, "previous content".getBytes(StandardCharsets.US_ASCII));
        Path link = Files.createSymbolicLink(tmp.resolve("link.profdata"), real);
        CliRun run = CliRun.run(CliRun.fixtures(), "merge", "-o", link.toString(), "profiles/ir_1.profraw");
        CliRun expected = CliRun.run(CliRun.fixtures(), "merge", "-o", tmp.resolve("ref.profdata").toString(),
                "profiles/ir_1.profraw");
        assertThat(run.exitCode()).isZero();
        assertThat(expected.exitCode()).isZero();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readAllBytes(real)).isEqualTo(Files.readAllBytes(tmp.resolve("ref.profdata")));
    }

    /**
     * A device or named pipe as output ({@code -o /dev/null}, a FIFO read by another process) gets
     * the content written into it; a rename would replace the device node with a regular file.
     */
    @ParameterizedTest
    @ValueSource(strings = {"merge", "merge --text", "show --all-functions --counts"})
    void outputIntoANamedPipeIsWrittenIntoThePipe(String command) throws Exception {
        Path fifo = NamedPipes.create(tmp.resolve("pipe"));
        String input = command.startsWith("show") ? "profiles/ir.profdata" : "profiles/ir_1.profraw";
        String[] args = (command + " -o " + fifo + " " + input).split(" ");
        String[] reference = (command + " -o " + tmp.resolve("ref") + " " + input).split(" ");
        java.util.concurrent.Future<byte[]> read = NamedPipes.readAllLater(fifo);
        CliRun run = CliRun.run(CliRun.fixtures(), args);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        CliRun expected = CliRun.run(CliRun.fixtures(), reference);
        assertThat(expected.exitCode()).isZero();
        assertThat(read.get(30, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(Files.readAllBytes(tmp.resolve("ref")));
        assertThat(Files.isRegularFile(fifo, java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("pipe", "ref");
        }
    }

    @Test
    void missingInputIsOneLineAndExitCodeOne() {
        CliRun run = CliRun.run(CliRun.fixtures(), "merge", "-o", tmp.resolve("x").toString(), "profiles/nope.profraw");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("error: profiles/nope.profraw: No such file or directory\n");
        assertThat(tmp.resolve("x")).doesNotExist();
    }
}
