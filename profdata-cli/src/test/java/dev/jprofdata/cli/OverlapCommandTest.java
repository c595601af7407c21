package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code overlap} behaviour beyond the recorded transcripts. */
class OverlapCommandTest {
    @TempDir
    Path dir;

    private static final String BASE = """
            :ir
            foo
            0x1
            2
            10
            30
            """;

    private static final String TEST = """
            :ir
            foo
            0x1
            2
            20
            20
            """;

    private static final String ZERO = """
            :ir
            foo
            0x1
            2
            0
            0
            """;

    /** What llvm-profdata 22 prints for these two profiles. */
    private static final String REPORT = """
            Profile overlap information for base_profile: base.proftext and test_profile: test.proftext
            Program level:
              # of functions overlap: 1
              Edge profile overlap: 75.000%
              Edge profile base count sum: 40
              Edge profile test count sum: 40
            """;

    private void write(String name, String content) throws IOException {
        Files.writeString(dir.resolve(name), content);
    }

    /**
     * A raw profile whose indirect-call sites hold value 0 several times (unresolved targets), out
     * of count order, overlaps fully with itself: the base keeps the repeats as the test does and
     * both are put in the same order first. (llvm-profdata 22 prints 97.817% here; on the indexed
     * profile llvm-profdata wrote from these runs both print 100%, see the overlap_vsites_same
     * golden.)
     */
    @Test
    void profileWithRepeatedValuesOverlapsFullyWithItself() {
        CliRun run = CliRun.run(CliRun.fixtures(), "overlap", "profiles/vsites_1.profraw", "profiles/vsites_1.profraw");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("  Edge profile overlap: 100.000%\n")
                .contains("  IndirectCall profile overlap: 100.000%\n");
    }

    @Test
    void report() throws IOException {
        write("base.proftext", BASE);
        write("test.proftext", TEST);
        assertThat(CliRun.run(dir, "overlap", "base.proftext", "test.proftext")).isEqualTo(new CliRun(REPORT, "", 0));
    }

    /**
     * As with llvm-profdata the output file exists and is empty; beyond it, stderr says why there is
     * no report.
     */
    @Test
    void zeroSumProfileGivesAnEmptyReport() throws IOException {
        write("base.proftext", BASE);
        write("zero.proftext", ZERO);
        assertThat(CliRun.run(dir, "overlap", "-o", "out.txt", "base.proftext", "zero.proftext"))
                .isEqualTo(new CliRun("", "warning: zero.proftext: the sum of edge counts is 0: nothing to compare\n", 0));
        assertThat(dir.resolve("out.txt")).exists().isEmptyFile();
    }

    @Test
    void failedOverlapLeavesAnExistingOutputFileUntouched() throws IOException {
        write("base.proftext", BASE);
        write("out.txt", "old\n");
        CliRun r = CliRun.run(dir, "overlap", "-o", "out.txt", "base.proftext", "missing.proftext");
        assertThat(r).isEqualTo(new CliRun("",
                "error: error in getting profile count sums: missing.proftext: No such file or directory\n", 1));
        assertThat(Files.readString(dir.resolve("out.txt"))).isEqualTo("old\n");
    }

    @Test
    void unrecognizedFormatGetsTheNote() throws IOException {
        write("base.proftext", BASE);
        Files.write(dir.resolve("garbage.bin"), new byte[] {(byte) 0x80, 1, 2, 3, 4, 5, 6, 7, 8});
        CliRun r = CliRun.run(dir, "overlap", "base.proftext", "garbage.bin");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).isEqualTo("error: error in getting profile count sums: garbage.bin: unrecognized instrumentation "
                + "profile encoding format (at byte 0)\n" + ReadErrors.UNRECOGNIZED_NOTE + "\n");
    }

    /**
     * Issue 18, item 5: llvm-profdata prints nothing and succeeds when a file is not a profile (its
     * totals stop at the first bad line, and a zero sum gives no report), and compares only the part
     * of a profile before an error. jprofdata fails and names the file, whichever side it is.
     */
    @Test
    void aFileThatIsNoProfileOrBreaksOffFailsNamingIt() throws IOException {
        write("base.proftext", BASE);
        write("notes.txt", "hello world\n");
        write("broken.proftext", BASE + "extra\n# Func Hash:\nnot-a-number\n");
        write("out.txt", "old\n");
        for (String[] pair : new String[][] {{"base.proftext", "notes.txt"}, {"notes.txt", "base.proftext"},
            {"base.proftext", "broken.proftext"}, {"broken.proftext", "base.proftext"}}) {
            String bad = pair[0].equals("base.proftext") ? pair[1] : pair[0];
            CliRun r = CliRun.run(dir, "overlap", "-o", "out.txt", pair[0], pair[1]);
            assertThat(r.exitCode()).as(String.join(" ", pair)).isEqualTo(1);
            assertThat(r.stdout()).isEmpty();
            assertThat(r.stderr()).startsWith("error: error in getting profile count sums: " + bad + ": ");
            assertThat(Files.readString(dir.resolve("out.txt"))).isEqualTo("old\n");
        }
    }

    /**
     * Deliberate difference: llvm-profdata reads a standard-input base twice, the second time
     * finding it empty, so every test function is "only in test_profile". jprofdata keeps a copy.
     */
    @Test
    void baseFromStandardInput() throws IOException {
        write("test.proftext", TEST);
        CliRun r = CliRun.runWithInput(dir, BASE.getBytes(StandardCharsets.ISO_8859_1), "overlap", "-", "test.proftext");
        assertThat(r).isEqualTo(new CliRun(REPORT.replace("base_profile: base.proftext", "base_profile: -"), "", 0));
    }

    /** Messages checked against llvm-profdata 22 (program name aside). */
    @Test
    void badArguments() {
        assertThat(CliRun.run(dir, "overlap", "a")).isEqualTo(new CliRun("", "jprofdata: Not enough positional command "
                + "line arguments specified!\nMust specify at least 2 positional arguments: See: jprofdata --help\n", 1));
        assertThat(CliRun.run(dir, "overlap", "a", "b", "c")).isEqualTo(new CliRun("", "jprofdata: Too many positional "
                + "arguments specified!\nCan specify at most 2 positional arguments: See: jprofdata --help\n", 1));
        assertThat(CliRun.run(dir, "overlap", "--value-cutoff=-1", "a", "b").stderr())
                .isEqualTo("jprofdata: for the --value-cutoff option: '-1' value invalid for ullong argument!\n");
    }
}
