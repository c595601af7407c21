package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loud data loss (issue 6, spec/robustness.md): {@code --failure-mode=all|warn} says how many inputs,
 * records and counts were dropped; {@code --max-dropped-fraction} refuses to write a profile that
 * lost too much; {@code --memory-budget} stops cleanly. All extra lines start with {@code summary: }
 * or {@code error: }, LLVM's own lines are unchanged.
 */
class DataLossMergeTest {

    @TempDir
    Path tmp;

    private CliRun merge(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "merge";
        System.arraycopy(args, 0, all, 1, args.length);
        return CliRun.run(CliRun.fixtures(), all);
    }

    @Test
    void warnModeCountsDroppedAndEmptyInputs() {
        CliRun run = merge("--failure-mode=warn", "-o", tmp.resolve("o").toString(), "profiles/ir_1.profraw",
                "profiles/bad/trunc.profdata", "profiles/bad/empty.profraw", "profiles/ir_2.profraw");
        assertThat(run.exitCode()).isZero();
        // ir_1 (12 records, 64 counts) + ir_2 (10 records, 73 counts) were read in full. The counts of the
        // other two are unknown: no percentage of the counts read can say what was lost.
        assertThat(run.stderr())
                .contains("warning: profiles/bad/trunc.profdata: invalid instrumentation profile data")
                .contains("summary: 1 of 4 inputs were empty (0 bytes) and skipped")
                .contains("summary: 1 of 4 inputs could not be merged; their counts are missing from the output\n")
                .contains("summary: data loss: 2 of 4 inputs dropped, 0 read only in part; 0 of 22 records dropped;"
                        + " 0 of 137 counts read dropped; counts of 2 inputs unknown\n")
                .doesNotContain("0.00%");
    }

    /**
     * An input cut short is merged up to the error (as LLVM merges it): its counts before the error
     * are in the output, and the summary says only the rest is missing.
     */
    @Test
    void inputCutShortIsMergedUpToTheError() throws IOException {
        String text = Files.readString(CliRun.fixtures().resolve("profiles/ir.proftext"), StandardCharsets.US_ASCII);
        int third = text.indexOf("\ncompute\n");
        Files.writeString(tmp.resolve("cut.proftext"), text.substring(0, third + 30), StandardCharsets.US_ASCII);
        Path out = tmp.resolve("o.proftext");
        CliRun run = CliRun.run(tmp, "merge", "--failure-mode=warn", "--text", "-o", out.toString(), "cut.proftext",
                CliRun.fixtures().resolve("profiles/ir_1.profraw").toString());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr())
                .contains("summary: 1 of 2 inputs were merged only up to the error; their counts after it are missing"
                        + " from the output\n")
                .doesNotContain("could not be merged")
                .containsPattern("summary: data loss: 0 of 2 inputs dropped, 1 read only in part; 0 of \\d+ records"
                        + " dropped; \\d+ of \\d+ counts read dropped; counts of 1 input unknown\n");
        // The records before the error are in the output: add (9) and classify (5, 1, 2, 1) of the cut input.
        CliRun alone = CliRun.run(tmp, "merge", "--text", "-o", tmp.resolve("ir1.proftext").toString(),
                CliRun.fixtures().resolve("profiles/ir_1.profraw").toString());
        assertThat(alone.exitCode()).isZero();
        assertThat(Files.readString(out)).isNotEqualTo(Files.readString(tmp.resolve("ir1.proftext")));
    }

    @Test
    void counterMismatchIsReportedAsDroppedRecordsAndCounts() {
        CliRun run = merge("--num-threads=1", "--text", "-o", tmp.resolve("o").toString(), "profiles/ir_1.profraw",
                "profiles/counter_mismatch.proftext", "profiles/ir_2.profraw");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stderr())
                .contains("function basic block count change detected (counter mismatch)")
                .contains("summary: 9 counts were dropped because of counter mismatches")
                .contains("summary: data loss: 0 of 3 inputs dropped, 0 read only in part; 1 of 34 records dropped;"
                        + " 9 of 187 counts dropped (4.81%)");
    }

    @Test
    void maxDroppedFractionRefusesToWriteAndKeepsThePreviousOutput() throws IOException {
        Path out = tmp.resolve("app.profdata");
        byte[] previous = "previous".getBytes(StandardCharsets.US_ASCII);
        Files.write(out, previous);
        CliRun run = merge("--failure-mode=warn", "--max-dropped-fraction=0.2", "-o", out.toString(),
                "profiles/ir_1.profraw", "profiles/bad/trunc.profdata", "profiles/ir_2.profraw");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).contains("error: merge dropped more than --max-dropped-fraction=0.2 of its input:"
                + " 0.00% of the counts read, 33.33% of the inputs lost entirely; nothing was written");
        assertThat(Files.readAllBytes(out)).isEqualTo(previous);
    }

    @Test
    void maxDroppedFractionCountsMismatchedCounts() throws IOException {
        Path out = tmp.resolve("o.proftext");
        // 9 of 187 counts (4.81%) were dropped: 5% lets it through, 4% does not.
        assertThat(merge("--max-dropped-fraction=0.05", "--text", "-o", out.toString(), "profiles/ir_1.profraw",
                "profiles/counter_mismatch.proftext", "profiles/ir_2.profraw").exitCode()).isZero();
        assertThat(out).exists();
        Files.delete(out);
        CliRun strict = merge("--max-dropped-fraction=0.04", "--text", "-o", out.toString(), "profiles/ir_1.profraw",
                "profiles/counter_mismatch.proftext", "profiles/ir_2.profraw");
        assertThat(strict.exitCode()).isEqualTo(1);
        assertThat(strict.stderr()).contains("4.81% of the counts read");
        assertThat(out).doesNotExist();
    }

    @Test
    void defaultModeKeepsLlvmsSilentSkipOfEmptyRawFiles() {
        CliRun run = merge("-o", tmp.resolve("o").toString(), "profiles/ir_1.profraw", "profiles/bad/empty.profraw");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stderr().lines().filter(l -> !l.startsWith("summary: ")))
                .as("LLVM prints nothing for an empty raw input")
                .isEmpty();
    }

    @Test
    void badGuardValuesAreOneLineErrors() {
        CliRun run = merge("--max-dropped-fraction=1.5", "-o", tmp.resolve("o").toString(), "profiles/ir_1.profraw");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).contains("--max-dropped-fraction option: '1.5' value invalid");
        CliRun budget = merge("--memory-budget=lots", "-o", tmp.resolve("o").toString(), "profiles/ir_1.profraw");
        assertThat(budget.exitCode()).isEqualTo(1);
        assertThat(budget.stderr()).contains("--memory-budget option: 'lots' value invalid");
    }

    @Test
    void memoryBudgetFailsCleanlyAndWritesNothing() {
        Path out = tmp.resolve("o.profdata");
        CliRun run = merge("--memory-budget=1K", "-o", out.toString(), "profiles/ir_1.profraw");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr().strip()).startsWith("error: merge needs more memory than the budget of 1024 bytes allows")
                .endsWith("nothing was written").doesNotContain("\n");
        assertThat(out).doesNotExist();
        assertThat(merge("--memory-budget=64M", "-o", out.toString(), "profiles/ir_1.profraw").exitCode()).isZero();
    }
}
