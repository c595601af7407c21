package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code show} behaviour beyond the recorded transcripts: the output file, the stdout blocks of a
 * failing run, clean errors where llvm-profdata crashes, and the deliberate differences.
 */
class ShowCommandTest {
    @TempDir
    Path dir;

    private static final String GOOD = """
            :ir
            foo
            0x1
            2
            10
            3

            bar
            0x2
            1
            7
            """;

    /** A text profile of 300 functions whose last record is malformed. */
    private static String manyThenBroken(boolean broken) {
        StringBuilder sb = new StringBuilder(":ir\n");
        for (int i = 0; i < 300; i++) {
            sb.append(String.format("function_number_%04d%n%d%n3%n%d%n%d%n%d%n%n", i, i, i, i * 2, i * 3));
        }
        if (broken) {
            sb.append("broken\nnot_a_hash\n1\n1\n");
        }
        return sb.toString();
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    private List<String> filesInDir() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void successfulShowWritesTheOutputFile() throws IOException {
        write("good.proftext", GOOD);
        write("out.txt", "old content\n");
        CliRun toStdout = CliRun.run(dir, "show", "--all-functions", "good.proftext");
        CliRun toFile = CliRun.run(dir, "show", "--all-functions", "-o", "out.txt", "good.proftext");
        assertThat(toFile.exitCode()).isZero();
        assertThat(toFile.stdout()).isEmpty();
        assertThat(Files.readString(dir.resolve("out.txt"))).isEqualTo(toStdout.stdout()).contains("Total functions: 2");
        assertThat(filesInDir()).containsExactly("good.proftext", "out.txt");
    }

    /** llvm-profdata truncates the output file before reading; jprofdata leaves it alone. */
    @Test
    void failedShowLeavesAnExistingOutputFileUntouched() throws IOException {
        write("bad.proftext", manyThenBroken(true));
        write("out.txt", "old content\n");
        CliRun r = CliRun.run(dir, "show", "--all-functions", "-o", "out.txt", "bad.proftext");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).startsWith("error: bad.proftext: malformed instrumentation profile data: "
                + "function hash is not a valid integer");
        assertThat(Files.readString(dir.resolve("out.txt"))).isEqualTo("old content\n");
        assertThat(filesInDir()).containsExactly("bad.proftext", "out.txt");
    }

    @Test
    void failedShowCreatesNoOutputFile() throws IOException {
        CliRun r = CliRun.run(dir, "show", "-o", "out.txt", "missing.profraw");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).isEqualTo("error: missing.profraw: No such file or directory\n");
        assertThat(filesInDir()).isEmpty();
    }

    /** Messages as llvm-profdata 22 prints them for the same mistakes. */
    @Test
    void unusableOutputFile() throws IOException {
        write("good.proftext", GOOD);
        Files.createDirectory(dir.resolve("sub"));
        assertThat(CliRun.run(dir, "show", "-o", "nodir/x.txt", "good.proftext"))
                .isEqualTo(new CliRun("", "error: nodir/x.txt: No such file or directory\n", 1));
        assertThat(CliRun.run(dir, "show", "-o", "sub", "good.proftext"))
                .isEqualTo(new CliRun("", "error: sub: Is a directory\n", 1));
    }

    /**
     * Standard output is passed on in 4096-byte blocks and the pending block is dropped on error:
     * for this input llvm-profdata 22 printed exactly the first 28672 bytes (7 blocks).
     */
    @Test
    void aFailingShowPrintsOnlyWholeBlocks() throws IOException {
        write("bad.proftext", manyThenBroken(true));
        write("good.proftext", manyThenBroken(false));
        CliRun bad = CliRun.run(dir, "show", "--all-functions", "--counts", "bad.proftext");
        CliRun good = CliRun.run(dir, "show", "--all-functions", "--counts", "good.proftext");
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.stdout()).hasSize(28672);
        assertThat(good.stdout()).startsWith(bad.stdout()).hasSizeGreaterThan(28672);
    }

    /** llvm-profdata aborts ("Desired percentile exceeds the maximum cutoff"). */
    @Test
    void hotListWithoutAHotCutoffIsACleanError() throws IOException {
        write("good.proftext", GOOD);
        CliRun r = CliRun.run(dir, "show", "--hot-func-list", "--detailed-summary-cutoffs=500000", "good.proftext");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stdout()).isEmpty();
        assertThat(r.stderr()).startsWith("error: desired percentile exceeds the maximum cutoff");
    }

    @Test
    void forcedHotCountNeedsNoCutoff() throws IOException {
        write("good.proftext", GOOD);
        CliRun r = CliRun.run(dir, "show", "--hot-func-list", "--profile-summary-hot-count=8",
                "--detailed-summary-cutoffs=500000", "good.proftext");
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).endsWith("# Hot count threshold: 8\nfoo\n");
    }

    @Test
    void unsupportedProfileKindsAreRejected() throws IOException {
        write("good.proftext", GOOD);
        // An instrumentation profile is no sample profile: LLVM's words, without the --sample hint.
        assertThat(CliRun.run(dir, "show", "--sample", "good.proftext"))
                .isEqualTo(new CliRun("", "error: good.proftext: Unrecognized sample profile encoding format\n", 1));
        assertThat(CliRun.run(dir, "show", "--memory", "good.proftext").exitCode()).isEqualTo(1);
        assertThat(CliRun.run(dir, "show", "--debug-info=prog").exitCode()).isEqualTo(1);
    }

    /** Messages checked against llvm-profdata 22 (program name aside). */
    @Test
    void badOptionValues() throws IOException {
        write("good.proftext", GOOD);
        assertThat(CliRun.run(dir, "show", "--detailed-summary-cutoffs=5,x", "good.proftext").stderr()).isEqualTo(
                "jprofdata: for the --detailed-summary-cutoffs option: 'x' value invalid for uint argument!\n");
        assertThat(CliRun.run(dir, "show", "--value-cutoff=4294967296", "good.proftext").stderr()).isEqualTo(
                "jprofdata: for the --value-cutoff option: '4294967296' value invalid for uint argument!\n");
        assertThat(CliRun.run(dir, "show", "--topn=", "good.proftext").stderr()).isEqualTo(
                "jprofdata: for the --topn option: '' value invalid for uint argument!\n");
        assertThat(CliRun.run(dir, "show", "--profile-summary-cutoff-hot=x", "good.proftext").stderr()).isEqualTo(
                "jprofdata: for the --profile-summary-cutoff-hot option: 'x' value invalid for integer argument!\n");
        assertThat(CliRun.run(dir, "show", "--profile-summary-hot-count=x", "good.proftext").stderr()).isEqualTo(
                "jprofdata: for the --profile-summary-hot-count option: 'x' value invalid for ulong argument!\n");
        assertThat(CliRun.run(dir, "show", "a", "b")).isEqualTo(new CliRun("", "jprofdata: Too many positional "
                + "arguments specified!\nCan specify at most 1 positional arguments: See: jprofdata --help\n", 1));
    }

    @Test
    void booleanOptionsTakeAnExplicitValue() throws IOException {
        write("good.proftext", GOOD);
        CliRun off = CliRun.run(dir, "show", "--all-functions=false", "--counts=true", "good.proftext");
        assertThat(off.stdout()).doesNotContain("Counters:");
        CliRun on = CliRun.run(dir, "show", "-all-functions=true", "-counts", "good.proftext");
        assertThat(on.stdout()).contains("    Block counts: [10, 3]\n");
    }

    /**
     * Deliberate difference: for a file holding two raw profiles, llvm-profdata 22 prints the
     * first profile's names in the --topn list from freed memory (garbage bytes).
     */
    @Test
    void topFunctionsOfConcatenatedRawProfilesHaveTheirNames() {
        Path inputs = TranscriptConformanceTest.transcriptRoot().resolve("inputs");
        assumeTrue(Files.isRegularFile(inputs.resolve("raw_twice.profraw")), "no reference inputs");
        CliRun r = CliRun.run(inputs, "show", "--topn=4", "raw_twice.profraw");
        assertThat(r.stdout()).endsWith("Top 4 functions with the largest internal block counts: \n"
                + "  compute, max count = 100\n"
                + "  compute, max count = 100\n"
                + "  copy_stuff, max count = 50\n"
                + "  copy_stuff, max count = 50\n");
    }

    /**
     * Deliberate difference: llvm-profdata's text reader keeps the previous record's bitmap for a
     * record without one, and {@code show --text} prints it; jprofdata prints each record's own.
     */
    @Test
    void textDumpPrintsEachRecordsOwnBitmap() throws IOException {
        write("mcdc.proftext", """
                with_bitmap
                0x1
                1
                5
                # Num Bitmap Bytes:
                $1
                # Bitmap Byte Values:
                0x3

                without_bitmap
                0x2
                1
                6
                """);
        CliRun r = CliRun.run(dir, "show", "--text", "--all-functions", "mcdc.proftext");
        assertThat(r.stdout()).isEqualTo("""
                with_bitmap
                # Func Hash:
                1
                # Num Counters:
                1
                # Counter Values:
                5
                # Num Bitmap Bytes:
                $1
                # Bitmap Byte Values:
                0x3


                without_bitmap
                # Func Hash:
                2
                # Num Counters:
                1
                # Counter Values:
                6

                """);
    }

    @Test
    void standardInputNeedsAnOutputFile() throws IOException {
        byte[] profile = GOOD.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(CliRun.runWithInput(dir, profile, "show", "-"))
                .isEqualTo(new CliRun("", "jprofdata show: Input file name cannot be the same as the output file name!\n", 1));
        CliRun r = CliRun.runWithInput(dir, profile, "show", "-o", "out.txt", "-");
        assertThat(r.exitCode()).isZero();
        assertThat(Files.readString(dir.resolve("out.txt"))).contains("Total functions: 2\n");
    }
}
