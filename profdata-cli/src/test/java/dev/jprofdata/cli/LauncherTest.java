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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code jprofdata} launcher script's choices of JVM options (spec/performance.md,
 * "Start-up" and "Peak memory"), checked by running the real script in a copy of the checkout's
 * layout with a stand-in {@code java} on the PATH that prints its arguments: the class-data-sharing
 * archive only when its recorded size matches, C1 for small read-only commands, the small heap and
 * C1 for merges of raw files, the parallel collector for merges of indexed profiles, the serial one
 * with large heap steps for text, and {@code JAVA_OPTS} replacing the defaults.
 */
class LauncherTest {
    @TempDir
    Path root;
    Path target;
    Path jsa;

    @BeforeEach
    void layout() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
        Path script = CliRun.fixtures().getParent().resolve("jprofdata");
        Files.copy(script, root.resolve("jprofdata"));
        target = Files.createDirectories(root.resolve("profdata-cli/target"));
        Files.writeString(target.resolve("jprofdata.jar"), "jar");
        jsa = target.resolve("jprofdata.jsa");
        Files.writeString(jsa, "archive!");
        // The archive must be newer than the jar.
        jsa.toFile().setLastModified(System.currentTimeMillis() + 5000);
        Files.writeString(target.resolve("jprofdata.jsa.size"), "8\n");
        Path bin = Files.createDirectories(root.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private List<String> launch(Map<String, String> env, String... args) throws Exception {
        return launchAs(root.resolve("jprofdata").toString(), env, args);
    }

    /**
     * Runs the script as {@code script} (a path as typed, relative to the copy's root) with {@code env}
     * (a null value removes the variable).
     */
    private List<String> launchAs(String script, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("/bin/bash", script));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile());
        pb.environment().put("PATH", root.resolve("bin") + ":/usr/bin:/bin");
        pb.environment().remove("JAVA_OPTS");
        env.forEach((name, value) -> {
            if (value == null) {
                pb.environment().remove(name);
            } else {
                pb.environment().put(name, value);
            }
        });
        pb.redirectErrorStream(true);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(new String(out, StandardCharsets.UTF_8)).isZero();
        return List.of(new String(out, StandardCharsets.UTF_8).split("\n"));
    }

    private List<String> launch(String... args) throws Exception {
        return launch(Map.of(), args);
    }

    private Path copyFixture(String name) throws IOException {
        return Files.copy(CliRun.fixtures().resolve("profiles").resolve(name), root.resolve(name));
    }

    @Test
    void smallShowUsesTheArchiveAndC1Only() throws Exception {
        Path small = copyFixture("ir.profdata");
        List<String> args = launch("show", small.toString());
        assertThat(args).contains("-XX:SharedArchiveFile=" + jsa, "-Xshare:auto", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1");
        assertThat(args).containsSequence("-jar", target.resolve("jprofdata.jar").toString(), "show", small.toString());
        // Started as ./jprofdata from its own directory: the archive records the jar's path, so no ./ in it.
        List<String> relative = launchAs("./jprofdata", Map.of(), "show", small.toString());
        assertThat(relative).contains("-XX:SharedArchiveFile=" + jsa)
                .containsSequence("-jar", target.resolve("jprofdata.jar").toString());
    }

    @Test
    void anArchiveOfAnotherSizeIsNotUsed() throws Exception {
        Files.writeString(target.resolve("jprofdata.jsa.size"), "9\n");
        List<String> args = launch("show", copyFixture("ir.profdata").toString());
        assertThat(args).noneMatch(a -> a.startsWith("-XX:SharedArchiveFile"));
        assertThat(args).contains("-XX:TieredStopAtLevel=1");
    }

    @Test
    void withoutAnArchiveOrGnuStatTheLauncherStillRuns() throws Exception {
        Path small = copyFixture("ir.profdata");
        Files.delete(jsa);
        assertThat(launch("show", small.toString())).noneMatch(a -> a.startsWith("-XX:SharedArchiveFile"))
                .contains("-XX:TieredStopAtLevel=1");
        // A stat that knows no -c (BSD's): no sizes at all.
        Files.writeString(jsa, "archive!");
        jsa.toFile().setLastModified(System.currentTimeMillis() + 5000);
        Path stat = root.resolve("bin/stat");
        Files.writeString(stat, "#!/bin/sh\necho 'stat: illegal option -- c' >&2\nexit 1\n");
        Files.setPosixFilePermissions(stat, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> args = launch("show", small.toString());
        assertThat(args).noneMatch(a -> a.startsWith("-XX:SharedArchiveFile")).contains("-XX:TieredStopAtLevel=1");
        assertThat(args).containsSequence("-jar", target.resolve("jprofdata.jar").toString(), "show", small.toString());
    }

    @Test
    void bigShowOfOtherFormatsKeepsTheOptimisingCompiler() throws Exception {
        Path big = root.resolve("big.profdata");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(20L << 20); // sparse: only its size matters here (no magic: not indexed)
        }
        List<String> args = launch("show", big.toString());
        assertThat(args).contains("-Xmn16m", "-XX:+UseSerialGC").doesNotContain("-XX:TieredStopAtLevel=1");
    }

    /** Batches read on a second thread: C1 alone, unless value sites or a text dump are printed. */
    @Test
    void bigShowOfAnIndexedProfileUsesC1UnlessItPrintsValueSites() throws Exception {
        Path big = root.resolve("big.profdata");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.write(Files.readAllBytes(copyFixture("ir.profdata")), 0, 8); // the indexed magic
            f.setLength(20L << 20);
        }
        assertThat(launch("show", "--all-functions", "--counts", big.toString()))
                .contains("-Xmn16m", "-XX:TieredStopAtLevel=1");
        assertThat(launch("show", big.toString())).contains("-XX:TieredStopAtLevel=1");
        for (String valueSites : List.of("--ic-targets", "-ic-targets", "--memop-sizes", "--show-vtables", "--text")) {
            assertThat(launch("show", "--all-functions", valueSites, big.toString())).as(valueSites)
                    .contains("-Xmn16m").doesNotContain("-XX:TieredStopAtLevel=1");
        }
    }

    /** A big overlap of indexed profiles holds its base as objects: the parallel collector. */
    @Test
    void bigOverlapOfIndexedProfilesGetsTheParallelCollector() throws Exception {
        Path small = copyFixture("ir.profdata");
        byte[] magic = java.util.Arrays.copyOf(Files.readAllBytes(small), 8);
        Path base = root.resolve("base.profdata");
        Path text = root.resolve("base.proftext");
        try (RandomAccessFile f = new RandomAccessFile(base.toFile(), "rw")) {
            f.write(magic);
            f.setLength(20L << 20);
        }
        try (RandomAccessFile f = new RandomAccessFile(text.toFile(), "rw")) {
            f.write("# IR level profile\n".getBytes(StandardCharsets.US_ASCII));
            f.setLength(20L << 20);
        }
        assertThat(launch("overlap", base.toString(), base.toString()))
                .contains("-XX:+UseParallelGC").doesNotContain("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
        assertThat(launch("overlap", text.toString(), text.toString()))
                .contains("-XX:+UseSerialGC").doesNotContain("-XX:+UseParallelGC");
        // Small ones still start with C1 and the serial collector.
        assertThat(launch("overlap", small.toString(), small.toString()))
                .contains("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1").doesNotContain("-XX:+UseParallelGC");
    }

    @Test
    void rawMergesGetTheSmallHeapAndC1() throws Exception {
        Path a = copyFixture("ir_1.profraw");
        Path b = copyFixture("ir_2.profraw");
        List<String> args = launch("merge", "-o", root.resolve("out.profdata").toString(), a.toString(), b.toString());
        assertThat(args).contains("-XX:+UseSerialGC", "-Xmn2m", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20",
                "-XX:MinHeapDeltaBytes=4m", "-XX:TieredStopAtLevel=1");
        // A directory of runs is a raw merge too.
        assertThat(launch("merge", "-o", "out.profdata", root.toString())).contains("-Xmn2m");
    }

    @Test
    void indexedMergesGetTheParallelCollector() throws Exception {
        Path a = copyFixture("ir_a.profdata");
        Path b = copyFixture("ir_b.profdata");
        List<String> args = launch("merge", "--output", "out.profdata", a.toString(), b.toString());
        assertThat(args).contains("-XX:+UseParallelGC").doesNotContain("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    }

    @Test
    void textAndMixedMergesGrowTheSerialHeapInLargeSteps() throws Exception {
        Path text = copyFixture("ir.proftext");
        Path raw = copyFixture("ir_1.profraw");
        Path indexed = copyFixture("ir.profdata");
        for (List<String> args : List.of(launch("merge", "-o", "out.profdata", text.toString()),
                launch("merge", "-o", "out.profdata", raw.toString(), indexed.toString()))) {
            assertThat(args).contains("-XX:+UseSerialGC", "-XX:MinHeapFreeRatio=70", "-XX:MaxHeapFreeRatio=90")
                    .doesNotContain("-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC");
        }
    }

    @Test
    void javaOptsReplaceTheDefaultsButKeepTheArchive() throws Exception {
        List<String> args = launch(Map.of("JAVA_OPTS", "-Xmx1g"), "show", copyFixture("ir.profdata").toString());
        assertThat(args).contains("-Xmx1g", "-XX:SharedArchiveFile=" + jsa).doesNotContain("-XX:+UseSerialGC");
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
