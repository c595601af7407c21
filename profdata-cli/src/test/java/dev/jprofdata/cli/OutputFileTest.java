package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jprofdata.format.io.AtomicOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How {@code -o} files are written where a plain temporary file and rename are not enough (issue
 * 18): a trailing slash, dangling links, hard links, an immutable directory, a bind-mounted file,
 * long names (item 14, item 10); two runs writing one output (item 11); a stopped run (item 14);
 * host and device outputs of one merge (item 8).
 */
class OutputFileTest {
    @TempDir
    Path tmp;

    /** The child processes' stderr, outside {@link #tmp} so that it does not disturb the listing. */
    @TempDir
    Path logs;

    private static final String SHOW = "show --all-functions --counts ";

    private List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private List<Path> temporaries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> AtomicOutput.isTemporaryName(p.getFileName().toString())).toList();
        }
    }

    /** What {@code command} writes to a fresh file, for comparison. */
    private byte[] reference(String command) throws IOException {
        Path ref = logs.resolve("reference");
        Files.deleteIfExists(ref);
        String[] args = (command.replace(" -o OUT ", " -o " + ref + " ")).split(" ");
        CliRun run = CliRun.run(CliRun.fixtures(), args);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return Files.readAllBytes(ref);
    }

    private static String[] args(String command, Path out) {
        return command.replace(" -o OUT ", " -o " + out + " ").split(" ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"merge -o OUT profiles/ir_1.profraw", "show -o OUT profiles/ir.profdata",
        "overlap -o OUT profiles/ir_a.profdata profiles/ir_b.profdata", "order -o OUT profiles/temporal.profdata"})
    void aNameEndingInASlashIsADirectoryNeverAFile(String command) throws IOException {
        Files.createDirectory(tmp.resolve("sub"));
        for (String out : List.of("newdir/", "sub/")) {
            CliRun run = CliRun.run(tmp, command.replace(" -o OUT ", " -o " + out + " ")
                    .replace("profiles/", CliRun.fixtures() + "/profiles/").split(" "));
            assertThat(run).isEqualTo(new CliRun("", "error: " + out + ": Is a directory\n", 1));
        }
        assertThat(names(tmp)).containsExactly("sub");
        assertThat(names(tmp.resolve("sub"))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"merge -o OUT profiles/ir_1.profraw", "merge --text -o OUT profiles/ir_1.profraw",
        "show -o OUT profiles/ir.profdata"})
    void aDanglingLinkGetsTheFileItNamesCreated(String command) throws IOException {
        Files.createDirectory(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), Path.of("real/out"));
        CliRun run = CliRun.run(CliRun.fixtures(), args(command, link));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readAllBytes(tmp.resolve("real/out"))).isEqualTo(reference(command));
        assertThat(names(tmp.resolve("real"))).containsExactly("out");
    }

    @ParameterizedTest
    @ValueSource(strings = {"merge -o OUT profiles/ir_1.profraw", "show -o OUT profiles/ir.profdata"})
    void everyHardLinkSeesTheNewContent(String command) throws IOException {
        Path a = Files.writeString(tmp.resolve("a"), "previous");
        Path b = Files.createLink(tmp.resolve("b"), a);
        CliRun run = CliRun.run(CliRun.fixtures(), args(command, a));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(Files.isSameFile(a, b)).isTrue();
        assertThat(Files.readAllBytes(b)).isEqualTo(reference(command));
        assertThat(names(tmp)).containsExactly("a", "b");
    }

    /** Names of 230 to 255 bytes: the temporary name must still fit in a directory entry. */
    @ParameterizedTest
    @ValueSource(strings = {"merge -o OUT profiles/ir_1.profraw", "show -o OUT profiles/ir.profdata"})
    void longOutputNames(String command) throws IOException {
        for (int length : new int[] {230, 240, 255}) {
            Path out = tmp.resolve("n".repeat(length - 9) + ".profdata");
            CliRun run = CliRun.run(CliRun.fixtures(), args(command, out));
            assertThat(run.exitCode()).as(run.stderr()).isZero();
            assertThat(Files.readAllBytes(out)).isEqualTo(reference(command));
        }
        assertThat(names(tmp)).hasSize(3);
    }

    /**
     * A directory that takes no new file, even from root (immutable): an existing file in it is
     * rewritten in place; a new one fails with the user's name for it and the system's reason
     * (not the name of a hidden temporary file).
     */
    @ParameterizedTest
    @ValueSource(strings = {"merge -o OUT profiles/ir_1.profraw", "show -o OUT profiles/ir.profdata"})
    void anImmutableDirectory(String command) throws Exception {
        Path locked = Files.createDirectory(tmp.resolve("locked"));
        Path out = Files.writeString(locked.resolve("out"), "previous");
        assumeTrue(chattr("+i", locked), "chattr +i is not available here");
        try {
            CliRun run = CliRun.run(CliRun.fixtures(), args(command, out));
            assertThat(run.exitCode()).as(run.stderr()).isZero();
            assertThat(Files.readAllBytes(out)).isEqualTo(reference(command));
            Path fresh = locked.resolve("new");
            CliRun refused = CliRun.run(CliRun.fixtures(), args(command, fresh));
            assertThat(refused).isEqualTo(new CliRun("", "error: " + fresh + ": Operation not permitted\n", 1));
            assertThat(names(locked)).containsExactly("out");
        } finally {
            chattr("-i", locked);
        }
    }

    private static boolean chattr(String change, Path p) throws InterruptedException {
        try {
            Process process = new ProcessBuilder("chattr", change, p.toString()).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * A bind-mounted output file cannot be renamed over (EBUSY): it is written in place. The mount
     * lives in a mount namespace of the child's own, so it goes away with the child.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aBindMountedOutputFile() throws Exception {
        Path source = Files.writeString(tmp.resolve("source.profdata"), "previous");
        Path out = Files.writeString(tmp.resolve("out.profdata"), "mount point");
        assumeTrue(run(List.of("unshare", "-m", "--propagation", "private", "sh", "-c",
                "mount --bind \"$0\" \"$1\"", source.toString(), out.toString())) == 0,
                "no bind mounts here (unshare -m and mount need privileges)");
        List<String> cmd = new ArrayList<>(List.of("unshare", "-m", "--propagation", "private", "sh", "-c",
                "mount --bind \"$0\" \"$1\" && shift && exec \"$@\"", source.toString(), out.toString()));
        cmd.addAll(ChildRun.command("merge", "-o", out.toString(),
                CliRun.fixtures().resolve("profiles/ir_1.profraw").toString()));
        assertThat(run(cmd)).as(Files.readString(logs.resolve("child.txt"))).isZero();
        assertThat(Files.readAllBytes(source)).isEqualTo(reference("merge -o OUT profiles/ir_1.profraw"));
        assertThat(Files.readString(out)).isEqualTo("mount point");
        assertThat(names(tmp)).containsExactly("out.profdata", "source.profdata");
    }

    private int run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(tmp.toFile()).redirectErrorStream(true)
                .redirectOutput(logs.resolve("child.txt").toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return p.exitValue();
    }

    /** A report waiting for standard input: its temporary file exists while it waits. */
    private Process showFromStdin(String output) throws IOException {
        return ChildRun.builder(tmp, "show", "--all-functions", "--counts", "-o", output, "-")
                .redirectError(logs.resolve(output + ".err").toFile()).start();
    }

    /**
     * Waits until {@code writer}'s temporary file exists (its process id is in the name); without
     * a time limit of its own, the test's is enough.
     */
    private Path awaitTemporary(Process writer) throws Exception {
        String pid = "." + writer.pid() + "-";
        while (true) {
            for (Path p : temporaries(tmp)) {
                if (p.getFileName().toString().contains(pid)) {
                    return p;
                }
            }
            assertThat(writer.isAlive()).as("the writer is still running").isTrue();
            Thread.sleep(10);
        }
    }

    /** SIGTERM (and Ctrl-C's SIGINT) while a report is being written: the temporary file goes too. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aStoppedRunLeavesNoTemporaryFile() throws Exception {
        Path out = Files.writeString(tmp.resolve("out.txt"), "previous");
        Process p = showFromStdin("out.txt");
        try {
            awaitTemporary(p);
            p.destroy(); // SIGTERM
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(temporaries(tmp)).isEmpty();
        assertThat(Files.readString(out)).isEqualTo("previous");
    }

    /**
     * Two runs writing one output at the same time: the second must not take the first's
     * temporary file for a leftover of a killed run (it is older than the second run) and delete it.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void twoRunsWritingOneOutputAtOnceBothSucceed() throws Exception {
        Files.writeString(tmp.resolve("out.txt"), "previous");
        byte[] profile = Files.readAllBytes(CliRun.fixtures().resolve("profiles/ir.proftext"));
        Process first = showFromStdin("out.txt");
        Process second = null;
        try {
            Path firstTemporary = awaitTemporary(first);
            second = showFromStdin("out.txt");
            awaitTemporary(second);
            assertThat(firstTemporary).exists();
            for (Process p : List.of(first, second)) {
                try (OutputStream in = p.getOutputStream()) {
                    in.write(profile);
                }
                assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
                assertThat(p.exitValue()).as(Files.readString(logs.resolve("out.txt.err"))).isZero();
            }
        } finally {
            first.destroyForcibly();
            if (second != null) {
                second.destroyForcibly();
            }
        }
        assertThat(temporaries(tmp)).isEmpty();
        assertThat(Files.readAllBytes(tmp.resolve("out.txt")))
                .isEqualTo(reference(SHOW + "-o OUT profiles/ir.proftext"));
    }

    /**
     * A host and device merge whose device output cannot be written: the host output must not
     * have changed (both are written to temporary files first, and put in place only when both are
     * complete).
     */
    @Test
    void aFailedDeviceOutputLeavesTheHostOutputUntouched() throws IOException {
        Path offload = CliRun.fixtures().resolve("offload");
        assumeTrue(Files.isDirectory(offload), "fixtures/offload absent");
        Files.copy(offload.resolve("divergent_v3.amdgcn-amd-amdhsa.0.profraw"),
                tmp.resolve("divergent_v3.amdgcn-amd-amdhsa.0.profraw"));
        Files.copy(offload.resolve("divergent_v3.amdgcn-amd-amdhsa.0.unifcnts"),
                tmp.resolve("divergent_v3.amdgcn-amd-amdhsa.0.unifcnts"));
        Files.copy(CliRun.fixtures().resolve("profiles/ir_1.profraw"), tmp.resolve("app.profraw"));
        byte[] previous = "previous host profile".getBytes(StandardCharsets.US_ASCII);
        Files.write(tmp.resolve("app.profdata"), previous);
        Files.createDirectory(tmp.resolve("app.amdgcn-amd-amdhsa.profdata"));

        CliRun run = CliRun.run(tmp, "merge", "-o", "app.profdata", "app.profraw",
                "divergent_v3.amdgcn-amd-amdhsa.0.profraw");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).endsWith("error: app.amdgcn-amd-amdhsa.profdata: Is a directory\n");
        assertThat(Files.readAllBytes(tmp.resolve("app.profdata"))).isEqualTo(previous);
        assertThat(temporaries(tmp)).isEmpty();
        assertThat(names(tmp.resolve("app.amdgcn-amd-amdhsa.profdata"))).isEmpty();
    }
}
