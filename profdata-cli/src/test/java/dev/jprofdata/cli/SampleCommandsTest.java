package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code show --sample} and {@code overlap --sample} where no golden case looks: errors and options. */
class SampleCommandsTest {
    @TempDir
    Path dir;

    private static final String PLAIN = CliRun.fixtures().resolve("profiles/sample/plain.proftext").toString();

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.ISO_8859_1);
    }

    @Test
    void aTextErrorNamesItsLine() throws IOException {
        file("bad.txt", "main:10:0\n 1: x\n");
        CliRun r = CliRun.run(dir, "show", "--sample", "bad.txt");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stdout()).isEmpty();
        assertThat(r.stderr()).startsWith("error: bad.txt:2: ");
        CliRun o = CliRun.run(dir, "overlap", "--sample", PLAIN, "bad.txt");
        assertThat(o.exitCode()).isEqualTo(1);
        assertThat(o.stderr()).startsWith("error: bad.txt:2: ");
    }

    @Test
    void anUnknownFsPassIsRefusedWithLlvmsWording() {
        CliRun r = CliRun.run(dir, "show", "--sample", "--fs-discriminator-pass=base", PLAIN);
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).isEqualTo("jprofdata: for the --fs-discriminator-pass option: Cannot find option"
                + " named 'base'!\n");
        assertThat(CliRun.run(dir, "show", "--sample", "--fs-discriminator-pass=Base", PLAIN).exitCode()).isZero();
    }

    @Test
    void yamlShowHoldsTheDumpAndRefusesWhatItCannotHold() {
        CliRun yaml = CliRun.run(dir, "show", "--sample", "--show-format=yaml", PLAIN);
        assertThat(yaml.exitCode()).as(yaml.stderr()).isZero();
        assertThat(yaml.stdout()).startsWith("---\n- name: ");
        for (String option : new String[] {"--detailed-summary", "--hot-func-list", "--topn=3", "--show-prof-sym-list"}) {
            CliRun r = CliRun.run(dir, "show", "--sample", "--show-format=yaml", option, PLAIN);
            assertThat(r.exitCode()).as(option).isEqualTo(1);
            assertThat(r.stderr()).as(option).contains("--show-format=yaml cannot be combined with "
                    + option.replace("=3", ""));
            assertThat(r.stdout()).as(option).isEmpty();
        }
        CliRun one = CliRun.run(dir, "show", "--sample", "--show-format=yaml", "--function=main", PLAIN);
        assertThat(one.exitCode()).isEqualTo(1);
        assertThat(one.stderr()).contains("the YAML format is supported only when all functions are to be printed");
    }

    @Test
    void instrumentationOnlyMergeOptionsAreNamedAsIgnored() {
        CliRun r = CliRun.run(dir, "merge", "--sample", "--memory-budget=1G", "--value-merge=llvm", "-o", "out.sprof",
                PLAIN);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stderr()).contains(
                "warning: --memory-budget applies to instrumentation profiles only; ignored with --sample\n",
                "warning: --value-merge applies to instrumentation profiles only; ignored with --sample\n");
        CliRun plain = CliRun.run(dir, "merge", "--sample", "-o", "out2.sprof", PLAIN);
        assertThat(plain.stderr()).doesNotContain("ignored with --sample");
    }

    @Test
    void overlapOfSampleProfilesIsTextOnly() {
        CliRun r = CliRun.run(dir, "overlap", "--sample", "--json", PLAIN, PLAIN);
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).contains("--show-format=json is not supported for sample profiles");
    }

    @Test
    void hotThresholdOptionsChangeOverlap() {
        CliRun everything = CliRun.run(dir, "overlap", "--sample", "--profile-summary-hot-count=1", PLAIN, PLAIN);
        assertThat(everything.exitCode()).isZero();
        assertThat(everything.stdout()).contains("    overlap hot blocks: 11\n");
        CliRun nothing = CliRun.run(dir, "overlap", "--sample", "--profile-summary-hot-count=100000000", PLAIN, PLAIN);
        assertThat(nothing.stdout()).contains("  Hot-function overlap: -nan%\n", "  Hot-block overlap: -nan%\n");
        CliRun tooHigh = CliRun.run(dir, "overlap", "--sample", "--profile-summary-cutoff-hot=-1", PLAIN, PLAIN);
        assertThat(tooHigh.exitCode()).isEqualTo(1);
        assertThat(tooHigh.stderr()).contains("desired percentile exceeds the maximum cutoff");
    }

    /** llvm-profdata 22: 4 functions (contexts merged by function) unless told =false (6 contexts). */
    @Test
    void contextlessSummaryOnlyWhenNotRefused() {
        String cs = CliRun.fixtures().resolve("profiles/sample/cs-probe.proftext").toString();
        assertThat(CliRun.run(dir, "show", "--sample", "--detailed-summary", cs).stdout())
                .contains("Total functions: 4\n");
        assertThat(CliRun.run(dir, "show", "--sample", "--detailed-summary", "--profile-summary-contextless", cs)
                .stdout()).contains("Total functions: 4\n");
        assertThat(CliRun.run(dir, "show", "--sample", "--detailed-summary", "--profile-summary-contextless=false",
                cs).stdout()).contains("Total functions: 6\n");
    }

    @Test
    void anOutputFileIsLeftAloneWhenReadingFails() throws IOException {
        file("bad.txt", "main:10:0\n 1: x\n");
        Path out = file("out.txt", "before\n");
        CliRun r = CliRun.run(dir, "show", "--sample", "-o", "out.txt", "bad.txt");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(Files.readString(out)).isEqualTo("before\n");
    }
}
