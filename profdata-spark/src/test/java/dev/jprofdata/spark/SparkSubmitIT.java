package dev.jprofdata.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's {@code spark-submit} of the job jar, against a standalone master and two workers on
 * loopback ({@link LoopbackCluster}). spark-submit is a script around
 * {@code org.apache.spark.deploy.SparkSubmit}, which takes the same arguments; it runs here in a
 * JVM of its own on Spark's jars alone, and the cluster's JVMs and executors too, so jprofdata's
 * code reaches the driver and the executors only through the job jar, as on a real cluster. The
 * outputs must be {@code jprofdata merge}'s, byte for byte.
 */
class SparkSubmitIT {
    @TempDir
    Path dir;

    @Test
    void submittedJobJarMergesRawIndexedAndDeviceInputsToTheCommandLinesBytes() throws Exception {
        Path p = Fixtures.root().resolve("profiles");
        Path o = Fixtures.root().resolve("offload");
        // A directory of raw runs, a raw file, a weighted indexed profile, a damaged run (under
        // --failure-mode=all: reported, not fatal) and two GPU device profiles with their
        // uniformity side files: two outputs, host and device.
        List<String> inputs = List.of(p.resolve("many").toString(), p.resolve("ir_1.profraw").toString(),
                "--weighted-input=2," + p.resolve("ir.profdata"), p.resolve("bad/trunc.profraw").toString(),
                o.resolve("app.amdgcn-amd-amdhsa.0.profraw").toString(),
                o.resolve("app.amdgcn-amd-amdhsa.1.profraw").toString(), "--failure-mode=all");
        Path cliDir = Files.createDirectories(dir.resolve("cli"));
        Path submitDir = Files.createDirectories(dir.resolve("submit"));
        Fixtures.Run cli = Fixtures.cli(concat(List.of("merge", "-o", cliDir.resolve("merged.profdata").toString()),
                inputs));
        assertThat(cli.exitCode()).as(cli.stderr().toString()).isZero();

        String sparkClassPath = PackagedJob.sparkClassPath();
        Path clusterDir = Files.createDirectories(dir.resolve("cluster"));
        try (LoopbackCluster cluster = new LoopbackCluster(clusterDir, 2, sparkClassPath)) {
            List<String> command = LoopbackCluster.javaCommand("512m", sparkClassPath,
                    "org.apache.spark.deploy.SparkSubmit");
            command.addAll(List.of("--class", "dev.jprofdata.spark.SparkMergeMain", "--master", cluster.masterUrl(),
                    "--deploy-mode", "client",
                    "--conf", "spark.ui.enabled=false",
                    "--conf", "spark.driver.host=127.0.0.1",
                    "--conf", "spark.driver.bindAddress=127.0.0.1",
                    "--conf", "spark.executor.memory=512m",
                    "--conf", "spark.executor.cores=1",
                    // No Spark installation on the workers: the executors get Spark's jars here
                    // (and jprofdata only from the job jar, which the driver serves them).
                    "--conf", "spark.executor.extraClassPath=" + sparkClassPath,
                    // Both executors take part: the job starts once both have registered.
                    "--conf", "spark.scheduler.minRegisteredResourcesRatio=1.0",
                    "--conf", "spark.scheduler.maxRegisteredResourcesWaitingTime=120s",
                    PackagedJob.jar().toString(),
                    "-o", submitDir.resolve("merged.profdata").toString(), "--partitions", "4"));
            command.addAll(inputs);
            ProcessBuilder pb = new ProcessBuilder(command)
                    .redirectOutput(dir.resolve("submit.out").toFile())
                    .redirectError(dir.resolve("submit.err").toFile());
            LoopbackCluster.sparkEnvironment(pb, LoopbackCluster.sparkHome(clusterDir), clusterDir);
            pb.environment().remove("SPARK_TESTING"); // only the workers need it; the driver runs as a user's would
            Process submit = pb.start();
            if (!submit.waitFor(4, TimeUnit.MINUTES)) {
                submit.destroyForcibly();
                throw new AssertionError("spark-submit did not finish within four minutes:\n" + read("submit.err")
                        + "\nmaster log:\n" + cluster.log("master"));
            }
            String stderr = read("submit.err");
            assertThat(submit.exitValue()).as(stderr).isZero();
            // The report lines are merge's, among Spark's own log lines.
            assertThat(cli.stderr()).isNotEmpty();
            assertThat(stderr.lines().toList()).as(stderr).containsSubsequence(cli.stderr())
                    .anyMatch(l -> l.matches("summary: .*bad/trunc\\.profraw was read by executor [01] on \\S+"));
            assertThat(nonEmpty(read("submit.out"))).isEqualTo(cli.stdout().stream()
                    .map(l -> l.replace(cliDir.toString(), submitDir.toString())).toList());
            // Two executors did the reading: each worker started one.
            assertThat(cluster.log("worker0")).contains("Asked to launch executor");
            assertThat(cluster.log("worker1")).contains("Asked to launch executor");
        }
        List<String> names = names(cliDir);
        assertThat(names).hasSize(2).isEqualTo(names(submitDir));
        for (String name : names) {
            assertThat(Files.readAllBytes(submitDir.resolve(name))).as(name)
                    .isEqualTo(Files.readAllBytes(cliDir.resolve(name)));
        }
    }

    private String read(String name) throws IOException {
        return Files.readString(dir.resolve(name), StandardCharsets.ISO_8859_1);
    }

    private static List<String> nonEmpty(String text) {
        return text.lines().filter(l -> !l.isEmpty()).toList();
    }

    private static List<String> names(Path d) throws IOException {
        try (Stream<Path> files = Files.list(d)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    private static String[] concat(List<String> head, List<String> rest) {
        List<String> all = new ArrayList<>(head);
        all.addAll(rest);
        return all.toArray(new String[0]);
    }
}
