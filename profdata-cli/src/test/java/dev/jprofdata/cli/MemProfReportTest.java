package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MemProf data is not dropped without a word (issue 18, item 14): an indexed profile with a MemProf
 * section ({@code fixtures/memprof/mp.profdata}, written by llvm-profdata 22 from a real heap
 * profile) merges and shows with its instrumentation records only, and a line says that its MemProf
 * data was left out.
 */
class MemProfReportTest {
    private static final String MEMPROF = "memprof/mp.profdata";

    @TempDir
    Path tmp;

    @Test
    void mergeSaysTheMemProfDataWasNotCarriedIntoTheOutput() {
        Path out = tmp.resolve("out.profdata");
        CliRun run = CliRun.run(CliRun.fixtures(), "merge", "-o", out.toString(), "profiles/ir_1.profraw", MEMPROF);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        // mp.profdata holds no instrumentation record: the usual line says so as well.
        assertThat(run.stderr()).isEqualTo("summary: 1 of 2 inputs held no records (header only)\n"
                + "summary: MemProf data in " + MEMPROF
                + " was not carried into the output (jprofdata does not merge MemProf data)\n");
        Path alone = tmp.resolve("alone.profdata");
        assertThat(CliRun.run(CliRun.fixtures(), "merge", "-o", alone.toString(), "profiles/ir_1.profraw").exitCode())
                .isZero();
        assertThat(out).hasSameBinaryContentAs(alone);
    }

    @Test
    void showWarnsThatTheMemProfDataIsNotShown() {
        CliRun run = CliRun.run(CliRun.fixtures(), "show", MEMPROF);
        assertThat(run.exitCode()).isZero();
        assertThat(run.stderr()).isEqualTo("warning: MemProf data in " + MEMPROF
                + " is not shown (jprofdata does not read MemProf data)\n");
        assertThat(run.stdout()).contains("Total functions: 0");
    }

    @Test
    void profilesWithoutMemProfGetNoSuchLine() {
        CliRun run = CliRun.run(CliRun.fixtures(), "merge", "-o", tmp.resolve("o").toString(), "profiles/ir.profdata");
        assertThat(run.stderr()).doesNotContain("MemProf");
    }
}
