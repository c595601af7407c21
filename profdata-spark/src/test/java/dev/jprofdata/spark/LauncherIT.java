package dev.jprofdata.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher {@code profdata-spark/jprofdata-spark}, run as a user runs it, in local mode on
 * real fixtures: the output is {@code jprofdata merge}'s bytes, and bad input gets merge's lines
 * or one line, with exit code 1. It runs the jar this build packaged
 * ({@code JPROFDATA_SPARK_BUILD_DIR}) instead of starting a build of its own inside this one.
 */
class LauncherIT {
    /** A log line of Spark's under the launcher's logging (log4j2-launcher.properties). */
    private static final Pattern SPARK_LOG = Pattern.compile("\\d\\d:\\d\\d:\\d\\d (WARN|ERROR) .*");

    @TempDir
    Path dir;

    record Launch(int exitCode, List<String> stderr, List<String> stdout) {
    }

    @Test
    void mergesToTheCommandLinesBytes() throws Exception {
        Path p = Fixtures.root().resolve("profiles");
        List<String> inputs = List.of(p.resolve("many").toString(), p.resolve("ir_1.profraw").toString(),
                "--weighted-input=2," + p.resolve("ir.profdata"), p.resolve("vsites.profdata").toString());
        Path expected = dir.resolve("cli.profdata");
        Fixtures.Run cli = Fixtures.cli(concat(List.of("merge", "-o", expected.toString()), inputs));
        assertThat(cli.exitCode()).as(cli.stderr().toString()).isZero();
        Path out = dir.resolve("launcher.profdata");
        Launch run = launch(concat(List.of("--master", "local[2]", "-o", out.toString(), "--partitions", "3"), inputs));
        assertThat(run.exitCode()).as(run.stderr().toString()).isZero();
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(expected));
        assertThat(run.stderr()).isEqualTo(cli.stderr());
        assertThat(run.stdout()).isEqualTo(cli.stdout());
    }

    @Test
    void damagedInputGetsMergesLinesAndExitCodeOne() throws Exception {
        Path p = Fixtures.root().resolve("profiles");
        List<String> inputs = List.of(p.resolve("ir_1.profraw").toString(), p.resolve("bad/trunc.profraw").toString());
        Fixtures.Run cli = Fixtures.cli(concat(List.of("merge", "-o", dir.resolve("cli.profdata").toString()), inputs));
        assertThat(cli.exitCode()).isEqualTo(1);
        Path out = dir.resolve("launcher.profdata");
        Launch run = launch(concat(List.of("--master", "local[2]", "-o", out.toString()), inputs));
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr().stream().filter(l -> !l.contains(" was read by executor ")).toList())
                .isEqualTo(cli.stderr());
        assertThat(run.stderr()).anyMatch(l -> l.matches("summary: .*bad/trunc\\.profraw was read by executor driver on .*"));
        assertThat(out).doesNotExist();
        assertThat(dir.resolve("cli.profdata")).doesNotExist();
    }

    @Test
    void missingInputGetsOneLineAndExitCodeOne() throws Exception {
        Path missing = dir.resolve("missing.profraw");
        Path out = dir.resolve("launcher.profdata");
        Launch run = launch("--master", "local[2]", "-o", out.toString(),
                Fixtures.root().resolve("profiles/ir_1.profraw").toString(), missing.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).hasSize(1);
        assertThat(run.stderr().get(0)).startsWith("jprofdata-spark: error: ").contains(missing.toString());
        assertThat(run.stdout()).isEmpty();
        assertThat(out).doesNotExist();
    }

    /** Runs the launcher with {@code args} in {@code dir}; Spark's own log lines are left out of stderr. */
    private Launch launch(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(PackagedJob.root().resolve("profdata-spark/jprofdata-spark").toString());
        command.addAll(List.of(args));
        Path stdout = dir.resolve("launcher.stdout");
        Path stderr = dir.resolve("launcher.stderr");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        pb.environment().put("JPROFDATA_SPARK_BUILD_DIR", PackagedJob.buildDir().toString());
        PackagedJob.jar(); // there, or the launcher's own one-line complaint would be the failure
        // This JVM's java, and a heap that suits a machine shared with the build.
        pb.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":" + System.getenv("PATH"));
        pb.environment().put("JAVA_OPTS", "-Xmx512m");
        pb.environment().remove("SPARK_LOCAL_IP");
        Process process = pb.start();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("jprofdata-spark did not finish within three minutes:\n" + Files.readString(stderr));
        }
        List<String> err = Files.readAllLines(stderr, StandardCharsets.ISO_8859_1).stream()
                .filter(l -> !l.isEmpty() && !SPARK_LOG.matcher(l).matches()).toList();
        List<String> out = Files.readAllLines(stdout, StandardCharsets.ISO_8859_1).stream()
                .filter(l -> !l.isEmpty()).toList();
        return new Launch(process.exitValue(), err, out);
    }

    private static String[] concat(List<String> head, List<String> rest) {
        List<String> all = new ArrayList<>(head);
        all.addAll(rest);
        return all.toArray(new String[0]);
    }
}
