package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar} (here {@code java -cp ... Main}) restarts a big run with its case's JVM options
 * ({@link Relaunch}); small runs, the launcher's runs and runs with the marker set by hand are not
 * restarted.
 */
class RelaunchTest {
    @TempDir
    Path dir;

    /** A sparse file of {@code size} bytes starting with the raw profile magic (its content is garbage). */
    private Path rawLooking(String name, long size) throws IOException {
        Path p = dir.resolve(name);
        byte[] magic = Files.readAllBytes(CliRun.fixtures().resolve("profiles/ir_1.profraw"));
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.write(magic, 0, 8);
            f.setLength(size);
        }
        return p;
    }

    private record Run(int exitCode, String stderr) {
    }

    /** Runs Main in a new JVM with the G1 collector's start-up logged to stderr. */
    private Run java(List<String> jvmOptions, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:gc:stderr", "-Xshare:auto"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        for (String v : List.of("JAVA_OPTS", "JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS")) {
            pb.environment().remove(v);
        }
        Path err = dir.resolve("stderr.txt");
        Process p = pb.redirectError(err.toFile()).redirectOutput(dir.resolve("stdout.txt").toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void aBigRunIsRestartedWithItsCaseOptionsAndExitsWithItsExitCode() throws Exception {
        Path big = rawLooking("big.profraw", Relaunch.MIN_INPUT_BYTES);
        Run r = java(List.of("-XX:+UseG1GC"), "merge", "-o", dir.resolve("out.profdata").toString(), big.toString());
        // This JVM (G1) and the restarted one: the user's own collector kept (merge-raw.own-gc has none).
        assertThat(r.stderr()).containsOnlyOnce("error: ").contains("big.profraw");
        assertThat(r.stderr().split("Using G1", -1)).hasSize(3);
        assertThat(r.exitCode()).isEqualTo(1);

        Run tuned = java(List.of(), "merge", "-o", dir.resolve("out.profdata").toString(), big.toString());
        assertThat(tuned.stderr()).contains("Using G1", "Using Serial"); // JVM default, then the case's
        assertThat(tuned.exitCode()).isEqualTo(1);
    }

    @Test
    void smallRunsAndMarkedJvmsAreNotRestarted() throws Exception {
        Path small = rawLooking("small.profraw", Relaunch.MIN_INPUT_BYTES - 1);
        Run r = java(List.of(), "merge", "-o", dir.resolve("out.profdata").toString(), small.toString());
        assertThat(r.stderr()).contains("Using G1").doesNotContain("Using Serial");
        Path big = rawLooking("big.profraw", Relaunch.MIN_INPUT_BYTES);
        Run own = java(List.of("-D" + JvmTuning.MARKER + "=own"), "merge", "-o", dir.resolve("out.profdata").toString(),
                big.toString());
        assertThat(own.stderr()).contains("Using G1").doesNotContain("Using Serial");
        assertThat(own.exitCode()).isEqualTo(1);
    }

    @Test
    void theNewJvmGetsTheCaseOptionsThenTheUsersOwn() {
        List<String> command = Relaunch.command(JvmTuning.Case.MERGE_INDEXED, List.of("-Xmx2g", "-Dfoo=bar"),
                new String[] {"merge", "-o", "x", "a b"});
        assertThat(command.get(0)).endsWith("java");
        assertThat(command).containsSubsequence("-XX:+UseParallelGC", "-Djprofdata.jvm=merge-indexed", "-Xmx2g",
                "-Dfoo=bar", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "merge", "-o", "x",
                "a b");
        assertThat(Relaunch.command(JvmTuning.Case.MERGE_RAW, List.of("-XX:+UseZGC"), new String[0]))
                .doesNotContain("-XX:+UseSerialGC", "-Xmn2m").contains("-XX:TieredStopAtLevel=1", "-XX:+UseZGC");
    }

    @Test
    void inputBytesCountsNamedFilesWeightedInputsAndDirectories() throws IOException {
        Path a = Files.write(dir.resolve("a"), new byte[100]);
        Path sub = Files.createDirectories(dir.resolve("d/e"));
        Files.write(sub.resolve("b"), new byte[30]);
        Files.write(dir.resolve("d/c"), new byte[5]);
        Files.createSymbolicLink(dir.resolve("d/loop"), dir.resolve("d"));
        assertThat(Relaunch.inputBytes(List.of("merge", "-o", a.toString(), a.toString(), "--weighted-input=3," + a, "d"),
                dir, Long.MAX_VALUE)).isEqualTo(100 + 100 + 35);
        // Counting stops once there is enough.
        assertThat(Relaunch.inputBytes(List.of("merge", "a", "d"), dir, 50)).isEqualTo(100);
        assertThat(Relaunch.inputBytes(List.of("merge", "-", "nosuch", ""), dir, Long.MAX_VALUE)).isZero();
    }
}
