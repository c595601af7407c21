package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code jprofdata} launcher script (spec/performance.md, "Start-up", "Peak memory" and
 * "Launcher"), run for real in a copy of the checkout's layout with a stand-in {@code java} on the
 * PATH that prints its arguments, the argument files the build writes from {@link JvmTuning}
 * read back into options: the class-data-sharing archive only when its recorded size matches, the
 * case of each command line (the same as {@link JvmTuning#choose} picks), no JVM option named in
 * the script itself, {@code JAVA_OPTS} added after the case's options (a collector or heap size of
 * the user's own replacing the case's), links to the script followed, and one build at a time.
 */
class LauncherTest {
    @TempDir
    Path root;
    Path target;
    Path jsa;
    Path argfiles;

    @BeforeEach
    void layout() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
        Path script = CliRun.fixtures().getParent().resolve("jprofdata");
        Files.copy(script, root.resolve("jprofdata"));
        executable(root.resolve("jprofdata"));
        target = Files.createDirectories(root.resolve("profdata-cli/target"));
        Files.writeString(target.resolve("jprofdata.jar"), "jar");
        argfiles = target.resolve("jvm");
        JvmTuning.writeArgumentFiles(argfiles);
        jsa = target.resolve("jprofdata.jsa");
        Files.writeString(jsa, "archive!");
        // The archive must be newer than the jar.
        jsa.toFile().setLastModified(System.currentTimeMillis() + 5000);
        Files.writeString(target.resolve("jprofdata.jsa.size"), "8\n");
        Path bin = Files.createDirectories(root.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n");
        executable(java);
    }

    private static void executable(Path p) throws IOException {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private record Run(int exitCode, List<String> args, String stderr) {
    }

    private Run run(List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile());
        pb.environment().put("PATH", root.resolve("bin") + ":/usr/bin:/bin");
        for (String v : List.of("JAVA_OPTS", "JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS")) {
            pb.environment().remove(v);
        }
        // A null value removes the variable.
        env.forEach((name, value) -> {
            if (value == null) {
                pb.environment().remove(name);
            } else {
                pb.environment().put(name, value);
            }
        });
        Path err = Files.createTempFile(root, "stderr", ".txt");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String stderr = Files.readString(err);
        Files.delete(err);
        return new Run(p.exitValue(), List.of(new String(out, StandardCharsets.UTF_8).split("\n")), stderr);
    }

    /**
     * Runs the script as {@code script} (a path as typed, relative to the copy's root) with {@code env}
     * (a null value removes the variable).
     */
    private List<String> launchAs(String script, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("/bin/bash", script));
        command.addAll(List.of(args));
        Run r = run(command, env);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        return r.args();
    }

    private List<String> launch(Map<String, String> env, String... args) throws Exception {
        return launchAs(root.resolve("jprofdata").toString(), env, args);
    }

    private List<String> launch(String... args) throws Exception {
        return launch(Map.of(), args);
    }

    /** The arguments java got, with each {@code @file} replaced by the options in it (as java reads them). */
    private static List<String> expanded(List<String> args) throws IOException {
        List<String> all = new ArrayList<>();
        for (String a : args) {
            if (a.startsWith("@")) {
                for (String line : Files.readAllLines(Path.of(a.substring(1)))) {
                    String code = line.contains("#") ? line.substring(0, line.indexOf('#')) : line;
                    for (String word : code.trim().split("\\s+")) {
                        if (!word.isEmpty()) {
                            all.add(word);
                        }
                    }
                }
            } else {
                all.add(a);
            }
        }
        return all;
    }

    /** The JVM options of a launch, argument files read. */
    private List<String> options(String... args) throws Exception {
        return expanded(launch(args));
    }

    /** The name of the argument file a launch used ({@code merge-raw.own-gc}). */
    private static String argfileOf(List<String> args) {
        List<String> files = args.stream().filter(a -> a.startsWith("@")).toList();
        assertThat(files).hasSize(1);
        String name = Path.of(files.get(0).substring(1)).getFileName().toString();
        return name.substring(0, name.length() - ".args".length());
    }

    private Path copyFixture(String name) throws IOException {
        return Files.copy(CliRun.fixtures().resolve("profiles").resolve(name), root.resolve(name));
    }

    /** A sparse file of 20 MiB (over the small-input limit) starting with the first 8 bytes of {@code like}. */
    private Path big(String name, byte[] head) throws IOException {
        return big(name, head, 20L << 20);
    }

    /** A sparse file of {@code length} bytes that starts with {@code head}'s first 8 bytes. */
    private Path big(String name, byte[] head, long length) throws IOException {
        Path p = root.resolve(name);
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.write(head, 0, Math.min(8, head.length));
            f.setLength(length);
        }
        return p;
    }

    @Test
    void smallShowUsesTheArchiveAndC1Only() throws Exception {
        Path small = copyFixture("ir.profdata");
        List<String> args = expanded(launch("show", small.toString()));
        assertThat(args).contains("-XX:SharedArchiveFile=" + jsa, "-Xshare:auto", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Djprofdata.jvm=small");
        assertThat(args).containsSequence("-jar", target.resolve("jprofdata.jar").toString(), "show", small.toString());
        // Started as ./jprofdata from its own directory: the archive records the jar's path, so no ./ in it.
        List<String> relative = launchAs("./jprofdata", Map.of(), "show", small.toString());
        assertThat(relative).contains("-XX:SharedArchiveFile=" + jsa)
                .containsSequence("-jar", target.resolve("jprofdata.jar").toString());
    }

    @Test
    void anArchiveOfAnotherSizeIsNotUsed() throws Exception {
        Files.writeString(target.resolve("jprofdata.jsa.size"), "9\n");
        List<String> args = options("show", copyFixture("ir.profdata").toString());
        assertThat(args).noneMatch(a -> a.startsWith("-XX:SharedArchiveFile"));
        assertThat(args).contains("-XX:TieredStopAtLevel=1");
    }

    @Test
    void withoutAnArchiveOrGnuStatTheLauncherStillRuns() throws Exception {
        Path small = copyFixture("ir.profdata");
        Files.delete(jsa);
        assertThat(options("show", small.toString())).noneMatch(a -> a.startsWith("-XX:SharedArchiveFile"))
                .contains("-XX:TieredStopAtLevel=1");
        // A stat that knows no -c (BSD's): no sizes at all.
        Files.writeString(jsa, "archive!");
        jsa.toFile().setLastModified(System.currentTimeMillis() + 5000);
        Path stat = root.resolve("bin/stat");
        Files.writeString(stat, "#!/bin/sh\necho 'stat: illegal option -- c' >&2\nexit 1\n");
        executable(stat);
        List<String> args = options("show", small.toString());
        assertThat(args).noneMatch(a -> a.startsWith("-XX:SharedArchiveFile")).contains("-XX:TieredStopAtLevel=1");
        assertThat(args).containsSequence("-jar", target.resolve("jprofdata.jar").toString(), "show", small.toString());
    }

    @Test
    void bigShowOfOtherFormatsKeepsTheOptimisingCompiler() throws Exception {
        Path big = big("big.profdata", new byte[0]); // no magic: not indexed
        List<String> args = options("show", big.toString());
        assertThat(args).contains("-Xmn16m", "-XX:+UseSerialGC", "-XX:FreqInlineSize=100")
                .doesNotContain("-XX:TieredStopAtLevel=1");
    }

    /** Batches read on a second thread: C1 alone, unless value sites or a text dump are printed. */
    @Test
    void bigShowOfAnIndexedProfileUsesC1UnlessItPrintsValueSites() throws Exception {
        Path big = big("big.profdata", Files.readAllBytes(copyFixture("ir.profdata")));
        assertThat(options("show", "--all-functions", "--counts", big.toString()))
                .contains("-Xmn16m", "-XX:TieredStopAtLevel=1");
        assertThat(options("show", big.toString())).contains("-XX:TieredStopAtLevel=1");
        for (String valueSites : List.of("--ic-targets", "-ic-targets", "--memop-sizes", "--show-vtables", "--text")) {
            assertThat(options("show", "--all-functions", valueSites, big.toString())).as(valueSites)
                    .contains("-Xmn16m").doesNotContain("-XX:TieredStopAtLevel=1");
        }
    }

    /**
     * A big overlap holds no indexed base (it is looked up in the file): the serial collector and
     * both compilers, as any bigger command; small ones start with C1.
     */
    @Test
    void bigOverlapGetsTheDefaultOptions() throws Exception {
        Path small = copyFixture("ir.profdata");
        Path base = big("base.profdata", Files.readAllBytes(small));
        Path text = big("base.proftext", "# IR level profile\n".getBytes(StandardCharsets.US_ASCII));
        for (Path p : List.of(base, text)) {
            assertThat(options("overlap", p.toString(), p.toString()))
                    .contains("-XX:+UseSerialGC", "-XX:FreqInlineSize=100", "-Djprofdata.jvm=default")
                    .doesNotContain("-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1");
        }
        assertThat(options("overlap", small.toString(), small.toString()))
                .contains("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1").doesNotContain("-XX:+UseParallelGC");
    }

    @Test
    void rawMergesGetTheSmallHeapAndC1() throws Exception {
        Path a = copyFixture("ir_1.profraw");
        Path b = copyFixture("ir_2.profraw");
        List<String> args = options("merge", "-o", root.resolve("out.profdata").toString(), a.toString(), b.toString());
        assertThat(args).contains("-XX:+UseSerialGC", "-Xmn2m", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20",
                "-XX:MinHeapDeltaBytes=4m", "-XX:TieredStopAtLevel=1");
        // A directory of runs is a raw merge too.
        assertThat(options("merge", "-o", "out.profdata", root.toString())).contains("-Xmn2m");
    }

    @Test
    void sampleMergesGetAYoungGenerationThatHoldsAnInputAndBothCompilers() throws Exception {
        Path raw = copyFixture("ir_1.profraw");
        for (String flag : List.of("--sample", "-sample", "--sample=true")) {
            assertThat(options("merge", flag, "-o", "out.sprof", raw.toString()))
                    .contains("-XX:+UseSerialGC", "-Xmn128m", "-XX:FreqInlineSize=100")
                    .doesNotContain("-Xmn2m", "-XX:TieredStopAtLevel=1");
        }
    }

    @Test
    void indexedMergesGetTheParallelCollectorAndC1() throws Exception {
        Path a = copyFixture("ir_a.profdata");
        Path b = copyFixture("ir_b.profdata");
        List<String> args = options("merge", "--output", "out.profdata", a.toString(), b.toString());
        assertThat(args).contains("-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1").doesNotContain("-XX:+UseSerialGC");
    }

    @Test
    void bigIndexedMergesGetAYoungGenerationThatHoldsWhatTheyKeep() throws Exception {
        byte[] head = Files.readAllBytes(copyFixture("ir_a.profdata"));
        Path half = big("half.profdata", head, JvmTuning.BIG_INDEXED_MERGE_BYTES / 2);
        Path less = big("less.profdata", head, JvmTuning.BIG_INDEXED_MERGE_BYTES / 2 - 1);
        // Two halves reach the limit; one byte less, or a big output (-o), does not.
        assertThat(options("merge", "-o", "out.profdata", half.toString(), half.toString()))
                .contains("-XX:+UseParallelGC", "-Xmn512m", "-XX:FreqInlineSize=100")
                .doesNotContain("-XX:TieredStopAtLevel=1");
        assertThat(options("merge", "-o", "out.profdata", half.toString(), less.toString())).doesNotContain("-Xmn512m");
        assertThat(options("merge", "-o", half.toString(), less.toString())).doesNotContain("-Xmn512m");
        // A heap size of the user's own replaces it; the collector stays.
        List<String> printed = launch(Map.of("JAVA_OPTS", "-Xmx8g"), "merge", "-o", "out.profdata", half.toString(),
                half.toString());
        assertThat(argfileOf(printed)).isEqualTo("merge-indexed-big.own-heap");
    }

    @Test
    void textAndMixedMergesGrowTheSerialHeapInLargeSteps() throws Exception {
        Path text = copyFixture("ir.proftext");
        Path raw = copyFixture("ir_1.profraw");
        Path indexed = copyFixture("ir.profdata");
        for (List<String> args : List.of(options("merge", "-o", "out.profdata", text.toString()),
                options("merge", "-o", "out.profdata", raw.toString(), indexed.toString()))) {
            assertThat(args).contains("-XX:+UseSerialGC", "-XX:MinHeapFreeRatio=70", "-XX:MaxHeapFreeRatio=90",
                    "-XX:FreqInlineSize=100")
                    .doesNotContain("-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC");
        }
    }

    /**
     * The launcher and {@link JvmTuning#choose} (which {@code java -jar} uses) pick the same case for
     * every kind of command line; and every case is reached.
     */
    @Test
    void launcherAndJvmTuningChooseTheSameCase() throws Exception {
        Path small = copyFixture("ir.profdata");
        Path raw = copyFixture("ir_1.profraw");
        Path rawB = copyFixture("ir_2.profraw");
        Path text = copyFixture("ir.proftext");
        Path indexed = big("big.profdata", Files.readAllBytes(small));
        Path bigIndexed = big("bigger.profdata", Files.readAllBytes(small), JvmTuning.BIG_INDEXED_MERGE_BYTES);
        Path bigText = big("big.proftext", "# IR level profile\n".getBytes(StandardCharsets.US_ASCII));
        Path list = Files.writeString(root.resolve("inputs.list"), raw + "\n");
        List<List<String>> lines = List.of(
                List.of("show", small.toString()),
                List.of("show", "--all-functions", indexed.toString()),
                List.of("show", "-ic-targets", indexed.toString()),
                List.of("show", "--text=false", indexed.toString()),
                List.of("show", bigText.toString()),
                List.of("show", "-o", indexed.toString(), small.toString()),
                List.of("overlap", indexed.toString(), indexed.toString()),
                List.of("overlap", bigText.toString(), indexed.toString()),
                List.of("overlap", small.toString(), small.toString()),
                List.of("order", indexed.toString()),
                List.of("order", small.toString()),
                List.of("merge", "-o", "out.profdata", raw.toString(), rawB.toString()),
                List.of("merge", "-o", small.toString(), raw.toString()),
                List.of("merge", "-f", list.toString(), "-o", "out.profdata"),
                List.of("merge", "-r", text.toString(), small.toString()),
                List.of("merge", "--weighted-input=2," + small, small.toString()),
                List.of("merge", root.toString()),
                List.of("merge", text.toString()),
                List.of("merge", raw.toString(), small.toString()),
                List.of("merge", "-o", "-o", small.toString()),
                List.of("merge", "-o", "out.profdata", indexed.toString(), bigIndexed.toString()),
                List.of("merge", bigIndexed.toString(), "-o", indexed.toString()),
                List.of("merge", "--sample", "-f", list.toString(), "-o", "out.sprof"),
                List.of("merge", "-sample", raw.toString(), small.toString()),
                List.of("pc-sampling", "report", small.toString()),
                List.of("--help"),
                List.of("help", "merge"),
                List.of());
        List<String> reached = new ArrayList<>();
        for (List<String> line : lines) {
            String launcher = argfileOf(launch(line.toArray(String[]::new)));
            String java = JvmTuning.choose(line, root).fileName();
            assertThat(launcher).as("case of %s", line).isEqualTo(java);
            reached.add(java);
        }
        for (JvmTuning.Case c : JvmTuning.Case.values()) {
            assertThat(reached).as("cases reached").contains(c.fileName());
        }
    }

    /** The options live in JvmTuning: none of them is spelled out in the script. */
    @Test
    void theScriptNamesNoOptionOfTheTable() throws IOException {
        String script = Files.readString(root.resolve("jprofdata"));
        List<JvmTuning.Option> all = new ArrayList<>(JvmTuning.COMMON);
        for (JvmTuning.Case c : JvmTuning.Case.values()) {
            all.addAll(c.options);
        }
        for (JvmTuning.Option o : all) {
            assertThat(script).as("the script spells out %s", o.text()).doesNotContain(o.text());
        }
        assertThat(script).doesNotContain("TieredStopAtLevel", "UseSerialGC", "UseParallelGC", "HeapFreeRatio");
    }

    @Test
    void everyArgumentFileExplainsEachOption() throws IOException {
        for (JvmTuning.Case c : JvmTuning.Case.values()) {
            List<String> lines = Files.readAllLines(argfiles.resolve(c.fileName() + ".args"));
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith("-")) {
                    assertThat(lines.get(i - 1)).as("line before %s in %s", lines.get(i), c).startsWith("# ");
                }
            }
            assertThat(lines).contains("-Djprofdata.jvm=" + c.fileName());
        }
    }

    /** JAVA_OPTS adds to the case's options (it replaced them); the user's come later and win. */
    @Test
    void javaOptsAddToTheCaseOptions() throws Exception {
        Path small = copyFixture("ir.profdata");
        List<String> args = expanded(launch(Map.of("JAVA_OPTS", "-XX:TieredStopAtLevel=4 -Dx=1"), "show",
                small.toString()));
        assertThat(args).contains("-XX:+UseSerialGC", "-XX:SharedArchiveFile=" + jsa);
        assertThat(args.lastIndexOf("-XX:TieredStopAtLevel=4")).isGreaterThan(args.indexOf("-XX:TieredStopAtLevel=1"));
        assertThat(args).containsSequence("-XX:TieredStopAtLevel=4", "-Dx=1", "-jar");
    }

    /** A collector of the user's own replaces the case's collector and heap sizes (two collectors stop the JVM). */
    @Test
    void aCollectorOfTheUsersOwnReplacesTheCasesCollectorAndHeap() throws Exception {
        Path raw = copyFixture("ir_1.profraw");
        for (Map<String, String> env : List.of(Map.of("JAVA_OPTS", "-Xmx1g -XX:+UseG1GC"),
                Map.of("JDK_JAVA_OPTIONS", "-XX:+UseZGC"), Map.of("JAVA_TOOL_OPTIONS", "-XX:+UseParallelGC"))) {
            List<String> printed = launch(env, "merge", "-o", "out.profdata", raw.toString());
            assertThat(argfileOf(printed)).as("%s", env).isEqualTo("merge-raw.own-gc");
            assertThat(expanded(printed)).as("%s", env).doesNotContain("-XX:+UseSerialGC", "-Xmn2m", "-Xms16m")
                    .contains("-XX:TieredStopAtLevel=1", "-XX:-UsePerfData");
        }
    }

    /** A heap size of the user's own replaces the case's heap sizes (an -Xmx below -Xms stops the JVM). */
    @Test
    void aHeapSizeOfTheUsersOwnReplacesTheCasesHeapSizes() throws Exception {
        Path raw = copyFixture("ir_1.profraw");
        List<String> printed = launch(Map.of("JAVA_OPTS", "-Xmx8m"), "merge", "-o", "out.profdata", raw.toString());
        assertThat(argfileOf(printed)).isEqualTo("merge-raw.own-heap");
        assertThat(expanded(printed)).contains("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx8m")
                .doesNotContain("-Xmn2m", "-Xms16m", "-XX:MinHeapFreeRatio=10");
        // The same rule in Java, for java -jar's restart.
        assertThat(JvmTuning.variantFor(List.of("-Xmx8m"))).isEqualTo(JvmTuning.Variant.OWN_HEAP);
        assertThat(JvmTuning.variantFor(List.of("-Xmx8m", "-XX:+UseG1GC"))).isEqualTo(JvmTuning.Variant.OWN_GC);
        assertThat(JvmTuning.variantFor(List.of("-XX:+UseCompressedOops", "-Dx=-Xmx"))).isEqualTo(JvmTuning.Variant.ALL);
    }

    /**
     * A link to the script (on the PATH, say) finds the checkout: it failed with "./mvnw: No such
     * file or directory" and ran a jar that was not there. Relative links, links to links, and a
     * readlink without GNU's -f.
     */
    @Test
    void aLinkToTheScriptFindsTheCheckout() throws Exception {
        Path small = copyFixture("ir.profdata");
        Path bin = Files.createDirectories(root.resolve("elsewhere/bin"));
        Path other = Files.createDirectories(root.resolve("elsewhere/other"));
        Files.createSymbolicLink(other.resolve("jp"), root.resolve("jprofdata"));
        Files.createSymbolicLink(bin.resolve("jprofdata"), Path.of("../other/jp"));
        Path readlink = root.resolve("bin/readlink");
        Files.writeString(readlink, "#!/bin/sh\nfor a in \"$@\"; do [ \"$a\" = -f ] && { echo 'readlink: illegal option"
                + " -- f' >&2; exit 1; }; done\nif [ -x /bin/readlink ]; then exec /bin/readlink \"$@\"; fi\n"
                + "exec /usr/bin/readlink \"$@\"\n");
        executable(readlink);
        Map<String, String> env = new HashMap<>();
        env.put("PATH", bin + ":" + root.resolve("bin") + ":/usr/bin:/bin");
        Run r = run(List.of("/bin/bash", "-c", "cd / && jprofdata show " + small), env);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.args()).contains("-XX:SharedArchiveFile=" + jsa)
                .containsSequence("-jar", target.resolve("jprofdata.jar").toString(), "show", small.toString());
        assertThat(r.stderr()).isEmpty();
    }

    /** A stand-in mvnw that logs each build, takes a while, and writes the jar and argument files. */
    private Path fakeBuild() throws IOException {
        Path stash = Files.createDirectories(root.resolve("stash"));
        Files.move(target.resolve("jprofdata.jar"), stash.resolve("jprofdata.jar"));
        Files.move(argfiles, stash.resolve("jvm"));
        Path mvnw = root.resolve("mvnw");
        Files.writeString(mvnw, "#!/bin/sh\necho build >> builds.log\nsleep 3\n"
                + "cp -r stash/jvm profdata-cli/target/ && cp stash/jprofdata.jar profdata-cli/target/\n");
        executable(mvnw);
        return root.resolve("builds.log");
    }

    /** Two first uses at once: one builds, the other waits for it and does not build again. */
    @Test
    void twoFirstUsesBuildOnce() throws Exception {
        Path builds = fakeBuild();
        Path small = copyFixture("ir.profdata");
        List<String> command = List.of("/bin/bash", root.resolve("jprofdata").toString(), "show", small.toString());
        ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile());
        pb.environment().put("PATH", root.resolve("bin") + ":/usr/bin:/bin");
        pb.environment().remove("JAVA_OPTS");
        List<Process> runs = new ArrayList<>();
        List<Path> errs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path err = root.resolve("err" + i);
            errs.add(err);
            runs.add(pb.redirectError(err.toFile()).redirectOutput(root.resolve("out" + i).toFile()).start());
        }
        for (Process p : runs) {
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isZero();
        }
        assertThat(Files.readAllLines(builds)).containsExactly("build");
        String stderr = Files.readString(errs.get(0)) + Files.readString(errs.get(1));
        assertThat(stderr).contains("jprofdata: building").contains("waiting for another jprofdata to finish building");
        for (int i = 0; i < 2; i++) {
            assertThat(Files.readString(root.resolve("out" + i))).contains(target.resolve("jprofdata.jar").toString());
        }
        assertThat(root.resolve(".jprofdata-build.lock")).doesNotExist();
    }

    /** The lock of a killed build is taken over instead of waited for. */
    @Test
    void aStaleBuildLockIsTakenOver() throws Exception {
        Process gone = new ProcessBuilder("/bin/sh", "-c", "exit 0").start();
        assertThat(gone.waitFor(10, TimeUnit.SECONDS)).isTrue();
        Path lock = Files.createDirectories(root.resolve(".jprofdata-build.lock"));
        Files.writeString(lock.resolve("pid"), gone.pid() + "\n");
        Path builds = fakeBuild();
        Run r = run(List.of("/bin/bash", root.resolve("jprofdata").toString(), "show",
                copyFixture("ir.profdata").toString()), Map.of());
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stderr()).contains("removed the build lock of process " + gone.pid());
        assertThat(Files.readAllLines(builds)).containsExactly("build");
        assertThat(lock).doesNotExist();
    }

    /** A failed build releases the lock and fails the run. */
    @Test
    void aFailedBuildReleasesTheLock() throws Exception {
        fakeBuild();
        Files.writeString(root.resolve("mvnw"), "#!/bin/sh\necho 'BUILD FAILURE' >&2\nexit 1\n");
        Run r = run(List.of("/bin/bash", root.resolve("jprofdata").toString(), "--version"), Map.of());
        assertThat(r.exitCode()).isNotZero();
        assertThat(r.stderr()).contains("BUILD FAILURE");
        assertThat(root.resolve(".jprofdata-build.lock")).doesNotExist();
    }

    /**
     * A named pipe (also what {@code <(...)} passes) can be read only once, by jprofdata: the
     * launcher, which looks at the first bytes of input files to choose the JVM's options, must not
     * open it. The pipe holds an indexed profile's magic, written through a handle that also reads
     * it; the launcher would have taken those bytes had it read the pipe.
     */
    @Test
    void aNamedPipeIsNeverOpened() throws Exception {
        Path fifo = NamedPipes.create(root.resolve("in.fifo"));
        byte[] magic = java.util.Arrays.copyOf(Files.readAllBytes(copyFixture("ir.profdata")), 8);
        try (RandomAccessFile pipe = new RandomAccessFile(fifo.toFile(), "rw")) {
            pipe.write(magic);
            for (String[] args : List.of(new String[] {"show", fifo.toString()},
                    new String[] {"overlap", fifo.toString(), fifo.toString()}, new String[] {"order", fifo.toString()},
                    new String[] {"merge", "-o", "out.profdata", fifo.toString()})) {
                assertThat(launch(args)).as(args[0]).endsWith(fifo.toString());
                assertThat(new java.io.FileInputStream(pipe.getFD()).available()).as(args[0]).isEqualTo(magic.length);
            }
        }
    }

    /**
     * Without a locale (or with C) the JVM gets C.UTF-8's charset (for the names it handles itself,
     * such as the jar's path); a locale that is set is left alone.
     */
    @Test
    void withoutALocaleTheJvmGetsUtf8() throws Exception {
        Files.writeString(root.resolve("bin/java"), "#!/bin/sh\necho \"LC_ALL=${LC_ALL-unset} LC_CTYPE=${LC_CTYPE-unset}\"\n");
        Map<String, String> none = new java.util.HashMap<>();
        for (String name : List.of("LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES")) {
            none.put(name, null);
        }
        assertThat(launch(none, "show", "x")).containsExactly("LC_ALL=unset LC_CTYPE=C.UTF-8");
        Map<String, String> c = new java.util.HashMap<>(none);
        c.put("LC_ALL", "C");
        assertThat(launch(c, "show", "x")).containsExactly("LC_ALL=C.UTF-8 LC_CTYPE=unset");
        Map<String, String> posix = new java.util.HashMap<>(none);
        posix.put("LANG", "POSIX");
        assertThat(launch(posix, "show", "x")).containsExactly("LC_ALL=unset LC_CTYPE=C.UTF-8");
        Map<String, String> set = new java.util.HashMap<>(none);
        set.put("LANG", "de_DE.UTF-8");
        assertThat(launch(set, "show", "x")).containsExactly("LC_ALL=unset LC_CTYPE=unset");
    }
}
