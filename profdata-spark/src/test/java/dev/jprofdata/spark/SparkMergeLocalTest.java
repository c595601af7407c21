package dev.jprofdata.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.HashPartitioner;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import scala.Tuple2;

/**
 * The Spark job in local mode merges real fixtures to the exact bytes of {@code jprofdata merge}
 * (run in-process with the same arguments), whatever the partitioning, and prints the same report
 * lines; jprofdata merge's own output is checked against llvm-profdata's elsewhere.
 */
class SparkMergeLocalTest {
    private static JavaSparkContext sc;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSpark() {
        SparkConf conf = new SparkConf().setMaster("local[2]").setAppName("SparkMergeLocalTest")
                .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1")
                .set("spark.driver.bindAddress", "127.0.0.1");
        sc = new JavaSparkContext(conf);
        sc.setLogLevel("ERROR");
    }

    @AfterAll
    static void stopSpark() {
        if (sc != null) {
            sc.close();
        }
    }

    /** Round-robin: input i in partition i mod n (not contiguous). */
    static final SparkMerge.Layout INTERLEAVED = (context, inputs, n) -> context.parallelize(inputs, n)
            .mapToPair(in -> new Tuple2<>(in.index() % n, in)).partitionBy(new HashPartitioner(n)).values();

    static Stream<Arguments> merges() {
        Path p = Fixtures.root().resolve("profiles");
        Path o = Fixtures.root().resolve("offload");
        Path s = p.resolve("sample/real");
        return Stream.of(
                Arguments.of("raw runs: a directory, a file and weighted inputs", List.of(
                        p.resolve("many").toString(), p.resolve("ir_1.profraw").toString(),
                        "--weighted-input=3," + p.resolve("ir_2.profraw"), "--weighted-input=2," + p.resolve("ir_3.profraw"))),
                Arguments.of("indexed and text inputs with value sites, as text", List.of(
                        p.resolve("vsites.profdata").toString(), p.resolve("vsites_w.profdata").toString(),
                        p.resolve("vsites.proftext").toString(), p.resolve("vsites_1.profraw").toString(),
                        p.resolve("vsites_2.profraw").toString(), "--text")),
                Arguments.of("GPU device profiles with uniformity side files", List.of(
                        o.resolve("app.amdgcn-amd-amdhsa.0.profraw").toString(),
                        o.resolve("app.amdgcn-amd-amdhsa.1.profraw").toString(),
                        o.resolve("uniform_v3.amdgcn-amd-amdhsa.0.profraw").toString(),
                        o.resolve("divergent_v3.amdgcn-amd-amdhsa.0.profraw").toString())),
                Arguments.of("kind conflicts and damaged inputs, --failure-mode=warn, sparse", List.of(
                        p.resolve("ir_1.profraw").toString(), p.resolve("fe_1.profraw").toString(),
                        p.resolve("bad/trunc.profraw").toString(), p.resolve("ir.profdata").toString(),
                        p.resolve("bad/empty.profraw").toString(), p.resolve("fe.profdata").toString(),
                        p.resolve("ir_4.profraw").toString(), "--failure-mode=warn", "--sparse")),
                Arguments.of("sample profiles of two programs (their main checksums differ), every format, as text", List.of(
                        s.resolve("spc.probe.proftext").toString(), s.resolve("spc2.probe.extbinary.sprof").toString(),
                        s.resolve("spx.probe.proftext").toString(), s.resolve("spc.probe.extbinary.sprof").toString(),
                        "--weighted-input=2," + s.resolve("spc2.probe.proftext"), "--sample", "--text")),
                Arguments.of("CS probe sample profiles, ext-binary, an instrumentation-only option named as ignored", List.of(
                        s.resolve("spc2.csprobe.extbinary.sprof").toString(), s.resolve("spc.csprobe.proftext").toString(),
                        s.resolve("spx.csprobe.extbinary.sprof").toString(), s.resolve("spc.csprobe.extbinary.sprof").toString(),
                        "--sample", "--no-split")),
                Arguments.of("line sample profiles and a damaged input, --failure-mode=warn, binary", List.of(
                        s.resolve("spc.line.proftext").toString(), s.resolve("spc2.line.binary.sprof").toString(),
                        p.resolve("bad/trunc.profraw").toString(), s.resolve("spx.line.extbinary.sprof").toString(),
                        s.resolve("spc.gcov.afdo").toString(), "--sample", "--binary", "--failure-mode=warn")),
                Arguments.of("sample profiles, MD5 names and strings, a function filter", List.of(
                        p.resolve("sample/plain.proftext").toString(), p.resolve("sample/plain.md5.sprof").toString(),
                        p.resolve("sample/plain.binary.sprof").toString(), p.resolve("sample/plain.md5z.sprof").toString(),
                        "--sample", "--no-function=^ma", "--use-md5")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("merges")
    void mergesToTheCommandLinesBytes(String what, List<String> args) throws Exception {
        Path expected = dir.resolve("cli.out");
        Fixtures.Run cli = Fixtures.cli(command("merge", "-o", expected.toString(), args));
        assertThat(cli.exitCode()).as(cli.stderr().toString()).isZero();
        byte[] wanted = Files.readAllBytes(expected);

        int round = 0;
        for (int partitions : new int[] {1, 2, 3}) {
            for (SparkMerge.Layout layout : List.of(SparkMerge.CONTIGUOUS, INTERLEAVED)) {
                if (partitions == 1 && layout == INTERLEAVED) {
                    continue;
                }
                Path out = dir.resolve("spark" + round++ + ".out");
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                SparkMergeArgs parsed = SparkMergeArgs.parse(command("-o", out.toString(), "--partitions",
                        Integer.toString(partitions), args));
                int rc = SparkMergeMain.run(sc, parsed, new PrintStream(err, true, StandardCharsets.ISO_8859_1),
                        layout);
                List<String> lines = Fixtures.lines(err);
                assertThat(rc).as(lines.toString()).isZero();
                assertThat(Files.readAllBytes(out)).as("%s, %d partitions", what, partitions).isEqualTo(wanted);
                assertThat(lines.stream().filter(l -> !l.contains(" was read by executor")).toList())
                        .isEqualTo(cli.stderr());
            }
        }
    }

    @Test
    void refusesAsTheCommandLineDoesAndNamesTheExecutor() throws Exception {
        Path p = Fixtures.root().resolve("profiles");
        List<String> args = List.of(p.resolve("ir_1.profraw").toString(), p.resolve("bad/trunc.profraw").toString());
        Path out = dir.resolve("refused.profdata");
        Fixtures.Run cli = Fixtures.cli(command("merge", "-o", out.toString(), args));
        assertThat(cli.exitCode()).isEqualTo(1);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SparkMergeMain.run(sc, SparkMergeArgs.parse(command("-o", out.toString(), "--partitions", "2", args)),
                new PrintStream(err, true, StandardCharsets.ISO_8859_1), SparkMerge.CONTIGUOUS);
        assertThat(rc).isEqualTo(1);
        List<String> lines = Fixtures.lines(err);
        assertThat(lines).containsSubsequence(cli.stderr());
        assertThat(lines).anySatisfy(l -> assertThat(l).matches(
                "summary: .*bad/trunc.profraw was read by executor \\S+ on .*"));
        assertThat(out).doesNotExist();
    }

    @Test
    void hostAndDeviceInputsAreSplitAsMergeSplitsThem() throws Exception {
        Path p = Fixtures.root().resolve("profiles");
        Path o = Fixtures.root().resolve("offload");
        Path renamed = dir.resolve("renamed.profraw"); // device records under a host profile's name
        Files.copy(o.resolve("app.amdgcn-amd-amdhsa.0.profraw"), renamed);
        Files.copy(o.resolve("app.amdgcn-amd-amdhsa.0.unifcnts"), dir.resolve("renamed.unifcnts"));
        List<String> inputs = List.of(p.resolve("ir_1.profraw").toString(), renamed.toString(),
                o.resolve("app.amdgcn-amd-amdhsa.1.profraw").toString(), p.resolve("ir_2.profraw").toString());
        for (boolean noSplit : new boolean[] {false, true}) {
            Path expected = Files.createDirectories(dir.resolve("cli" + noSplit)).resolve("merged.profdata");
            Path out = Files.createDirectories(dir.resolve("spark" + noSplit)).resolve("merged.profdata");
            List<String> args = new ArrayList<>(inputs);
            if (noSplit) {
                args.add("--no-split");
            }
            Fixtures.Run cli = Fixtures.cli(command("merge", "-o", expected.toString(), args));
            assertThat(cli.exitCode()).as(cli.stderr().toString()).isZero();
            ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int rc = SparkMergeMain.run(sc, SparkMergeArgs.parse(command("-o", out.toString(), "--partitions", "2", args)),
                    new PrintStream(stdout, true, StandardCharsets.ISO_8859_1),
                    new PrintStream(err, true, StandardCharsets.ISO_8859_1), SparkMerge.CONTIGUOUS);
            assertThat(rc).as(Fixtures.lines(err).toString()).isZero();
            assertThat(Fixtures.lines(err)).isEqualTo(cli.stderr());
            assertThat(Fixtures.lines(stdout)).isEqualTo(cli.stdout().stream()
                    .map(l -> l.replace(expected.getParent().toString(), out.getParent().toString())).toList());
            try (var written = Files.list(expected.getParent())) {
                List<String> files = written.map(f -> f.getFileName().toString()).sorted().toList();
                assertThat(files).hasSize(noSplit ? 1 : 2);
                for (String f : files) {
                    assertThat(Files.readAllBytes(out.resolveSibling(f))).as(f)
                            .isEqualTo(Files.readAllBytes(expected.resolveSibling(f)));
                }
            }
        }
    }

    /**
     * A sample merge that cannot be finished stops as merge --sample stops, whichever part holds the
     * input that stops it: profiles that are probe-based after ones that are not, and (earlier in
     * input order) an input that cannot be read under --failure-mode=any.
     */
    @Test
    void sampleMergesStopAsTheCommandLineStops() throws Exception {
        Path s = Fixtures.root().resolve("profiles/sample");
        Path missing = dir.resolve("missing.proftext");
        List<List<String>> cases = List.of(
                List.of(s.resolve("plain.proftext").toString(), s.resolve("plain.binary.sprof").toString(),
                        s.resolve("hash1.proftext").toString(), s.resolve("plain.proftext").toString(), "--sample"),
                List.of(s.resolve("plain.proftext").toString(), missing.toString(),
                        s.resolve("hash1.proftext").toString(), s.resolve("plain.proftext").toString(), "--sample"));
        for (List<String> args : cases) {
            Path out = dir.resolve("stopped.sprof");
            Fixtures.Run cli = Fixtures.cli(command("merge", "-o", out.toString(), args));
            assertThat(cli.exitCode()).isEqualTo(1);
            assertThat(cli.stderr()).hasSize(1);
            for (int partitions : new int[] {1, 2, 4}) {
                for (SparkMerge.Layout layout : List.of(SparkMerge.CONTIGUOUS, INTERLEAVED)) {
                    ByteArrayOutputStream err = new ByteArrayOutputStream();
                    int rc = SparkMergeMain.run(sc, SparkMergeArgs.parse(command("-o", out.toString(), "--partitions",
                            Integer.toString(partitions), args)), new PrintStream(err, true,
                            StandardCharsets.ISO_8859_1), layout);
                    assertThat(rc).isEqualTo(1);
                    assertThat(Fixtures.lines(err)).containsExactly(cli.stderr().get(0)
                            .replaceFirst("^(jprofdata: )?error: ", "jprofdata-spark: error: "));
                    assertThat(out).doesNotExist();
                }
            }
        }
    }

    @Test
    void maxDroppedFractionRefusesTheOutput() throws Exception {
        Path p = Fixtures.root().resolve("profiles");
        Path out = dir.resolve("dropped.profdata");
        List<String> args = List.of(p.resolve("ir_1.profraw").toString(), p.resolve("bad/trunc.profraw").toString(),
                "--failure-mode=warn", "--max-dropped-fraction=0.01");
        Fixtures.Run cli = Fixtures.cli(command("merge", "-o", out.toString(), args));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SparkMergeMain.run(sc, SparkMergeArgs.parse(command("-o", out.toString(), args)),
                new PrintStream(err, true, StandardCharsets.ISO_8859_1), SparkMerge.CONTIGUOUS);
        assertThat(rc).isEqualTo(cli.exitCode()).isEqualTo(1);
        assertThat(Fixtures.lines(err).stream().filter(l -> !l.contains(" was read by executor")).toList())
                .isEqualTo(cli.stderr());
        assertThat(out).doesNotExist();
    }

    private static String[] command(String first, String second, String third, List<String> rest) {
        List<String> all = new ArrayList<>(List.of(first, second, third));
        all.addAll(rest);
        return all.toArray(new String[0]);
    }

    private static String[] command(String first, String second, List<String> rest) {
        List<String> all = new ArrayList<>(List.of(first, second));
        all.addAll(rest);
        return all.toArray(new String[0]);
    }

    private static String[] command(String a, String b, String c, String d, List<String> rest) {
        List<String> all = new ArrayList<>(List.of(a, b, c, d));
        all.addAll(rest);
        return all.toArray(new String[0]);
    }
}
