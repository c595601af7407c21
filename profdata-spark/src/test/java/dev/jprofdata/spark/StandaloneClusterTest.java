package dev.jprofdata.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on a real multi-process cluster: a standalone master and two workers, each its own JVM on
 * loopback ({@link LoopbackCluster}), two executors reading the inputs, partial merges crossing
 * process boundaries as bytes; the output must be {@code jprofdata merge}'s, byte for byte.
 */
class StandaloneClusterTest {
    @TempDir
    Path dir;

    @Test
    void twoWorkersMergeToTheCommandLinesBytes() throws Exception {
        Path p = Fixtures.root().resolve("profiles");
        Path o = Fixtures.root().resolve("offload");
        Path s = p.resolve("sample/real");
        List<List<String>> merges = List.of(
                List.of(p.resolve("many").toString(), p.resolve("ir_1.profraw").toString(),
                        "--weighted-input=2," + p.resolve("ir.profdata"), p.resolve("bad/trunc.profraw").toString(),
                        p.resolve("fe_1.profraw").toString(), "--failure-mode=all"),
                List.of(p.resolve("vsites.profdata").toString(), p.resolve("vsites_1.profraw").toString(),
                        p.resolve("vsites_3.profraw").toString(), p.resolve("vsites.proftext").toString(), "--text"),
                List.of(o.resolve("app.amdgcn-amd-amdhsa.0.profraw").toString(),
                        o.resolve("app.amdgcn-amd-amdhsa.1.profraw").toString(),
                        o.resolve("divergent_hot_v3.amdgcn-amd-amdhsa.0.profraw").toString()),
                // Sample profiles of two programs whose main differs: the second step runs on the workers.
                List.of(s.resolve("spc.csprobe.proftext").toString(), s.resolve("spx.csprobe.extbinary.sprof").toString(),
                        s.resolve("spc2.csprobe.extbinary.sprof").toString(), p.resolve("bad/trunc.profraw").toString(),
                        "--sample", "--failure-mode=warn"),
                List.of(s.resolve("spc.probe.proftext").toString(), s.resolve("spx.probe.extbinary.sprof").toString(),
                        s.resolve("spc2.probe.proftext").toString(), s.resolve("spx.probe.proftext").toString(),
                        "--sample", "--text"));
        try (LoopbackCluster cluster = new LoopbackCluster(Files.createDirectories(dir.resolve("cluster")), 2)) {
            SparkConf conf = new SparkConf().setMaster(cluster.masterUrl()).setAppName("StandaloneClusterTest")
                    .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1")
                    .set("spark.driver.bindAddress", "127.0.0.1").set("spark.executor.memory", "512m")
                    .set("spark.executor.cores", "1")
                    .set("spark.executor.extraClassPath", LoopbackCluster.executorClassPath());
            try (JavaSparkContext sc = new JavaSparkContext(conf)) {
                awaitExecutors(sc, 2, cluster);
                int round = 0;
                for (List<String> args : merges) {
                    Path expected = dir.resolve("cli" + round + ".out");
                    Fixtures.Run cli = Fixtures.cli(command(List.of("merge", "-o", expected.toString()), args));
                    assertThat(cli.exitCode()).as(cli.stderr().toString()).isZero();
                    Path out = dir.resolve("cluster" + round++ + ".out");
                    ByteArrayOutputStream err = new ByteArrayOutputStream();
                    int rc = SparkMergeMain.run(sc, SparkMergeArgs.parse(command(List.of("-o", out.toString(),
                            "--partitions", "4"), args)), new PrintStream(err, true, StandardCharsets.ISO_8859_1));
                    List<String> lines = Fixtures.lines(err);
                    assertThat(rc).as(lines.toString()).isZero();
                    assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(expected));
                    assertThat(lines.stream().filter(l -> !l.contains(" was read by executor")).toList())
                            .isEqualTo(cli.stderr());
                }
            }
        }
    }

    /** Waits until {@code n} executors have registered (two minutes at most: a loaded CI machine). */
    private static void awaitExecutors(JavaSparkContext sc, int n, LoopbackCluster cluster) throws InterruptedException {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (sc.sc().getExecutorMemoryStatus().size() < n + 1) { // the driver is listed too
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the executors did not register within two minutes; master log:\n"
                        + cluster.log("master") + "\nworker log:\n" + cluster.log("worker0"));
            }
            Thread.sleep(200);
        }
    }

    private static String[] command(List<String> head, List<String> rest) {
        List<String> all = new ArrayList<>(head);
        all.addAll(rest);
        return all.toArray(new String[0]);
    }
}
