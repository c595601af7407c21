package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jprofdata pc-sampling export}: the profiles of fixtures/pc-sampling/export/ (computed
 * without jprofdata and written by llvm-profdata-22, which read jprofdata's export when they were
 * made), and one-line errors that leave an earlier output untouched.
 */
class PcSamplingExportTest {
    static final Path DIR = CliRun.fixtures().resolve("pc-sampling");
    static final String RUN = "export/run_results.json";
    static final String[] CODE_OBJECTS = {"--no-uri-code-objects",
            "--code-object", "2=code-objects/kernels.gfx942.O2.dwarf5.co",
            "--code-object", "3=code-objects/kernels-rdc.gfx942.O2.dwarf5.co"};

    @TempDir
    Path tmp;

    private CliRun export(String... args) {
        String[] all = new String[2 + CODE_OBJECTS.length + args.length];
        all[0] = "pc-sampling";
        all[1] = "export";
        System.arraycopy(CODE_OBJECTS, 0, all, 2, CODE_OBJECTS.length);
        System.arraycopy(args, 0, all, 2 + CODE_OBJECTS.length, args.length);
        return CliRun.run(DIR, all);
    }

    @Test
    void extbinaryByDefaultTextOnRequestIssuedOnRequest() throws IOException {
        Path ext = tmp.resolve("all.extbinary");
        CliRun r = export("-o", ext.toString(), RUN);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(Files.readAllBytes(ext)).isEqualTo(Files.readAllBytes(DIR.resolve("export/expected.all.extbinary")));
        // The samples the profile cannot hold are named, not dropped silently.
        assertThat(r.stderr()).startsWith("warning: ").contains("samples have no source line").contains("not exported");

        Path text = tmp.resolve("issued.txt");
        CliRun t = export("--text", "--count", "issued", "-o", text.toString(), RUN);
        assertThat(t.exitCode()).as(t.stderr()).isZero();
        assertThat(Files.readString(text)).isEqualTo(Files.readString(DIR.resolve("export/expected.issued.txt")));
    }

    @Test
    void textToStandardOutput() throws IOException {
        CliRun r = export("--text", "-o", "-", RUN);
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).isEqualTo(Files.readString(DIR.resolve("export/expected.all.txt")));
    }

    @Test
    void withoutTheCodeObjectsTheDegradedProfileAndAWarningPerKernel() throws IOException {
        Path text = tmp.resolve("comments.txt");
        CliRun r = CliRun.run(DIR, "pc-sampling", "export", "--no-uri-code-objects", "--text", "-o", text.toString(), RUN);
        assertThat(r.exitCode()).isZero();
        assertThat(Files.readString(text)).isEqualTo(Files.readString(DIR.resolve("export/expected.comments.txt")));
        assertThat(r.stderr().lines().filter(l -> l.contains("placed without the code object"))).hasSize(3);
    }

    @Test
    void nothingToExportIsAnErrorAndTheEarlierOutputStays() throws IOException {
        Path out = tmp.resolve("out.extbinary");
        Files.writeString(out, "earlier");
        // Every kernel of this CSV is unknown (its kernel trace is another run's) and no code object names functions.
        CliRun r = CliRun.run(DIR, "pc-sampling", "export", "-o", out.toString(), "pc_sampling_stochastic_debug.csv",
                "kernel_trace.csv");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).contains("error: pc-sampling export: no sample to export (none has a usable source"
                + " location); " + out + " was not written").doesNotContain("Exception");
        assertThat(Files.readString(out)).isEqualTo("earlier");
    }

    @Test
    void badOptionsAreOneLineErrors() {
        Path out = tmp.resolve("x");
        CliRun noOutput = CliRun.run(DIR, "pc-sampling", "export", RUN);
        assertThat(noOutput.exitCode()).isEqualTo(1);
        assertThat(noOutput.stderr()).contains("no output file (give -o FILE)");
        CliRun both = export("--text", "--extbinary", "-o", out.toString(), RUN);
        assertThat(both.exitCode()).isEqualTo(1);
        assertThat(both.stderr()).contains("--text and --extbinary exclude each other");
        CliRun count = export("--count", "most", "-o", out.toString(), RUN);
        assertThat(count.exitCode()).isEqualTo(1);
        assertThat(count.stderr()).contains("--count: 'most' is not one of all, issued");
        CliRun hostTrap = CliRun.run(DIR, "pc-sampling", "export", "--count", "issued", "-o", out.toString(),
                "pc_sampling_host_trap_debug.csv");
        assertThat(hostTrap.exitCode()).isEqualTo(1);
        assertThat(hostTrap.stderr().strip().lines()).singleElement()
                .satisfies(l -> assertThat(l).contains("host-trap samples do not say whether the wave issued"));
        assertThat(Files.exists(out)).isFalse();
        CliRun damaged = CliRun.run(DIR, "pc-sampling", "export", "-o", out.toString(), "doc_host_trap_results_snippet.json",
                "missing_results.json");
        assertThat(damaged.exitCode()).isEqualTo(1);
        assertThat(damaged.stderr().strip().lines()).singleElement()
                .satisfies(l -> assertThat(l).contains("missing_results.json"));
    }

    @Test
    void helpListsTheExport() {
        CliRun r = CliRun.run(DIR, "pc-sampling", "export", "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).contains("--count").contains("--code-object").contains("--text");
        assertThat(new String(r.stdout().getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).contains("export");
    }
}
