package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resource limits (issue 18, item 12; spec/robustness.md): {@code --memory-budget} bounds what a merge
 * really builds, not only the records it has read; running out of heap is one line that says what
 * to do, never a stack trace; list and remapping files from endless devices end with an error. The
 * huge inputs are sparse files that claim gigabytes of zero counters, or names sections that inflate
 * a few hundredfold.
 */
class MemoryLimitsTest {
    private static final String OUT_OF_MEMORY_HINT = "; raise the JVM heap (JAVA_OPTS=-Xmx...)";

    @TempDir
    Path tmp;

    /** One function of 2^30 counters: 8 GiB of zeros in a sparse file. */
    private Path hugeFunction() throws IOException {
        Path p = tmp.resolve("huge.profraw");
        assumeSparseFiles(8L << 30);
        SyntheticRaw.write(p, 1, 1L << 30, 0, 0);
        return p;
    }

    private void assumeSparseFiles(long bytes) throws IOException {
        assumeTrue(Files.getFileStore(tmp).getUsableSpace() > (1L << 30), "not enough space for a sparse file");
        Path probe = tmp.resolve("probe");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(probe.toFile(), "rw")) {
            f.setLength(bytes);
        } catch (IOException e) {
            assumeTrue(false, "the file system cannot hold a sparse file of " + bytes + " bytes: " + e);
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    @Test
    void budgetRefusesOneHugeFunctionBeforeBuildingIt() throws IOException {
        Path huge = hugeFunction();
        Path out = tmp.resolve("out.profdata");
        CliRun run = CliRun.run(tmp, "merge", "--memory-budget=64M", "-o", out.toString(), huge.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).matches("error: merge needs more memory than the budget of 67108864 bytes allows"
                + " \\(estimated \\d+ bytes of merge state while reading .*huge.profraw\\); nothing was written\n");
        assertThat(out).doesNotExist();
    }

    @Test
    void budgetRefusesNamesThatInflateAHundredfold() throws IOException {
        // 8 chunks of 64 MiB of names, 2 MiB compressed in all: far past a 32 MiB budget.
        Path p = tmp.resolve("names.profraw");
        SyntheticRaw.write(p, 2, 4, 8, 64 << 20);
        assertThat(Files.size(p)).isLessThan(4L << 20);
        CliRun run = CliRun.run(tmp, "merge", "--memory-budget=32M", "-o", "out.profdata", "names.profraw");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).matches("error: merge needs more memory than the budget of 33554432 bytes allows"
                + " \\(estimated \\d+ bytes of merge state while reading names.profraw\\); nothing was written\n");
        assertThat(tmp.resolve("out.profdata")).doesNotExist();
    }

    @Test
    void budgetStillMergesWhatFits() throws IOException {
        Path p = tmp.resolve("small.profraw");
        SyntheticRaw.write(p, 3, 1000, 1, 1 << 20);
        CliRun run = CliRun.run(tmp, "merge", "--memory-budget=64M", "-o", "out.profdata", "small.profraw");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        CliRun show = CliRun.run(tmp, "show", "--counts", "--function=f2", "out.profdata");
        assertThat(show.stdout()).contains("Counters: 1000").contains("Block counts: [1, 0, 0");
    }

    /**
     * Without a budget the same function asks the heap for 8 GiB at once: a real OutOfMemoryError in
     * this JVM (whose heap is smaller), reported as one line naming the command and the input.
     */
    @Test
    void outOfMemoryIsOneLineNamingTheInput() throws IOException {
        assumeTrue(Runtime.getRuntime().maxMemory() < (8L << 30), "the heap could hold 8 GiB of counters");
        Path huge = hugeFunction();
        CliRun merge = CliRun.run(tmp, "merge", "-o", "out.profdata", "huge.profraw");
        assertThat(merge.exitCode()).isEqualTo(1);
        assertThat(merge.stderr()).isEqualTo("error: out of memory while merging (huge.profraw)" + OUT_OF_MEMORY_HINT
                + " or set --memory-budget\n");
        CliRun twoThreads = CliRun.run(tmp, "merge", "--num-threads=2", "-o", "out.profdata", "huge.profraw",
                "huge.profraw");
        assertThat(twoThreads.stderr()).isEqualTo("error: out of memory while merging (huge.profraw)"
                + OUT_OF_MEMORY_HINT + " or set --memory-budget\n");
        CliRun show = CliRun.run(tmp, "show", "--all-functions", huge.toString());
        assertThat(show.exitCode()).isEqualTo(1);
        assertThat(show.stderr()).isEqualTo("error: out of memory while showing (" + huge + ")" + OUT_OF_MEMORY_HINT
                + "\n");
        assertThat(tmp.resolve("out.profdata")).doesNotExist();
    }

    /**
     * A process with a small heap whose input fills it gradually (a text profile of two million
     * counters): one line, exit code 1, no stack trace.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void smallHeapProcessPrintsOneLine() throws Exception {
        StringBuilder text = new StringBuilder("# IR level Instrumentation Flag\n:ir\nbig\n0x1234\n4000000\n");
        for (int i = 0; i < 4_000_000; i++) {
            text.append("1\n");
        }
        Files.writeString(tmp.resolve("big.proftext"), text, StandardCharsets.US_ASCII);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx24m", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), "dev.jprofdata.cli.Main", "merge", "-o", "out.profdata",
                "big.proftext", "big.proftext").directory(tmp.toFile()).redirectErrorStream(true);
        pb.environment().remove(MergeProgress.ENV);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(output).isEqualTo("error: out of memory while merging (big.proftext)" + OUT_OF_MEMORY_HINT
                + " or set --memory-budget\n");
        assertThat(p.exitValue()).isEqualTo(1);
        assertThat(tmp.resolve("out.profdata")).doesNotExist();
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void listOrRemappingFileFromAnEndlessDeviceIsAnError() {
        CliRun list = CliRun.run(tmp, "merge", "-o", "out", "-f", "/dev/zero");
        assertThat(list.exitCode()).isEqualTo(1);
        assertThat(list.stderr()).isEqualTo("error: /dev/zero: file is too large (more than 67108864 bytes; the limit"
                + " for list and remapping files is 67108864)\n");
        CliRun remap = CliRun.run(tmp, "merge", "-o", "out", "-r", "/dev/urandom",
                CliRun.fixtures().resolve("profiles/ir_1.profraw").toString());
        assertThat(remap.exitCode()).isEqualTo(1);
        assertThat(remap.stderr()).startsWith("error: /dev/urandom: file is too large (more than 67108864 bytes;");
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void listFromADeviceWithinTheLimitIsRead() throws IOException {
        // A device reports size 0; what it gives is read all the same (here: nothing, so no inputs).
        CliRun run = CliRun.run(tmp, "merge", "-o", "out", "-f", "/dev/null");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).contains("no input files specified");
        Files.write(tmp.resolve("inputs.list"), List.of(CliRun.fixtures().resolve("profiles/ir_1.profraw").toString()));
        assertThat(CliRun.run(tmp, "merge", "-o", "out", "-f", "inputs.list").exitCode()).isZero();
    }

    /** A thread that does not hand its failure on knows only the subcommand's name. */
    @Test
    void outOfMemoryOnAThreadOfItsOwnNamesTheCommand() {
        assertThat(OutOfMemoryMessage.of(new OutOfMemoryError(), "order"))
                .isEqualTo("error: out of memory while ordering" + OUT_OF_MEMORY_HINT);
        assertThat(OutOfMemoryMessage.of(new OutOfMemoryError(), "merge"))
                .isEqualTo("error: out of memory while merging" + OUT_OF_MEMORY_HINT + " or set --memory-budget");
    }
}
