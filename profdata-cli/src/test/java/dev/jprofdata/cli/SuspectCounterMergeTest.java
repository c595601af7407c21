package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An input whose counter is above 2^56 fails as in llvm-profdata, but all of its records were read:
 * merge must not call it an input that could not be merged or was merged only up to an error. The
 * CLI tells this from the failure's kind ({@code SUSPECT_DATA}), not from the warning's text.
 */
class SuspectCounterMergeTest {
    @TempDir
    Path tmp;

    @Test
    void aSuspectCounterIsAWarningNotALostInput() {
        Path bigCounter = CliRun.fixtures().resolveSibling("profdata-format/src/test/resources/raw/transcripts/inputs")
                .resolve("bigcounter.profraw");
        Path truncated = CliRun.fixtures().resolve("profiles/bad/trunc.profraw");
        assumeTrue(Files.isRegularFile(bigCounter), "no bigcounter.profraw");

        CliRun run = CliRun.run(CliRun.fixtures(), "merge", "--failure-mode=warn", "-o",
                tmp.resolve("out.profdata").toString(), "profiles/ir_1.profraw", bigCounter.toString());
        assertThat(run.exitCode()).isZero();
        assertThat(run.stderr()).contains("excessively large counter value suggests corrupted profile data")
                .doesNotContain("could not be merged").doesNotContain("merged only up to the error");

        // With a really broken input next to it, only that one is counted as not merged.
        CliRun both = CliRun.run(CliRun.fixtures(), "merge", "--failure-mode=warn", "-o",
                tmp.resolve("out2.profdata").toString(), "profiles/ir_1.profraw", bigCounter.toString(),
                truncated.toString());
        assertThat(both.exitCode()).isZero();
        assertThat(both.stderr()).contains("1 of 3 inputs could not be merged")
                .doesNotContain("merged only up to the error");
    }
}
