package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jprofdata pc-sampling report} on AMD's real vector-ops samples (fixtures/pc-sampling/):
 * the key numbers counted independently in that directory's README, in every output format, and
 * one-line errors for bad input.
 */
class PcSamplingReportTest {
    static final Path DIR = CliRun.fixtures().resolve("pc-sampling");
    static final String CSV = "pc_sampling_stochastic_debug.csv";

    @TempDir
    Path tmp;

    @Test
    void textReportHasTheCountedNumbers() {
        CliRun r = CliRun.run(DIR, "pc-sampling", "report", CSV);
        assertThat(r.exitCode()).isZero();
        assertThat(r.stderr()).isEmpty();
        assertThat(r.stdout()).contains("samples: 97\n")
                .contains("issued 20 (20.6%), stalled 77 (79.4%)")
                .contains("stall reasons (of 77 stalled samples): WAITCNT 71 (92.2%), ALU_DEPENDENCY 5 (6.5%),"
                        + " NO_INSTRUCTION_AVAILABLE 1 (1.3%)")
                .contains("instruction mix (of 20 issued samples): VALU 14 (70.0%), SCALAR 6 (30.0%)")
                .contains("occupancy (waves per CU): mean 5.37, min 1, max 17")
                .doesNotContain("OTHER_WAIT").doesNotContain("NO_INST ");
        // The line table's first row: vector-ops.cpp:82, 23 samples, 1 issued.
        String lines = r.stdout().substring(r.stdout().indexOf("Source lines"));
        String first = lines.lines().skip(2).findFirst().get();
        assertThat(first.trim().split("\\s+")).startsWith("23", "1", "WAITCNT", "21,", "ALU_DEPENDENCY", "1");
        assertThat(first).endsWith("vector-ops.cpp:82");
    }

    @Test
    void aTraceOfAnotherRunIsRefusedInWords() {
        CliRun r = CliRun.run(DIR, "pc-sampling", "report", CSV, "kernel_trace.csv");
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).contains("warning: kernel_trace.csv: not the kernel trace of " + CSV)
                .doesNotContain("addition_kernel");
    }

    @Test
    void lineRangeIsReportedBesideTheKernel() {
        CliRun r = CliRun.run(DIR, "pc-sampling", "report", CSV, "--lines", "vector-ops.cpp:77-82");
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).contains("Line range vector-ops.cpp:77-82: 25 of 97 samples (25.8%)")
                .contains("issued           3 (12.0%)")
                .contains("WAITCNT 21 (95.5%), ALU_DEPENDENCY 1 (4.5%)");
        // Without a kernel trace no kernel has a name, so a function range finds nothing, and says so.
        CliRun named = CliRun.run(DIR, "pc-sampling", "report", CSV, "--function", "multiply_kernel", "--lines", "77-82");
        assertThat(named.exitCode()).isZero();
        assertThat(named.stdout()).contains("warning: no kept kernel is named like 'multiply_kernel'")
                .doesNotContain("Line range");
        CliRun f = CliRun.run(DIR, "pc-sampling", "report", CSV, "--function", "k");
        assertThat(f.exitCode()).isEqualTo(1);
        assertThat(f.stderr()).isEqualTo("error: --function needs --lines (the line range of that function)\n");
    }

    @Test
    void jsonYamlAndCsvCarryTheSameCounts() {
        CliRun json = CliRun.run(DIR, "pc-sampling", "report", CSV, "--show-format=json");
        assertThat(json.exitCode()).isZero();
        assertThat(json.stdout()).contains("\"samples\" : 97,").contains("\"issued\" : 20,").contains("\"stalled\" : 77,")
                .contains("\"WAITCNT\" : 71").contains("\"VALU\" : 14").contains("\"lineCount\" : 14");
        CliRun yaml = CliRun.run(DIR, "pc-sampling", "report", CSV, "--show-format=yaml");
        assertThat(yaml.exitCode()).isZero();
        assertThat(yaml.stdout()).contains("  samples: 97\n").contains("WAITCNT: 71\n");
        CliRun csv = CliRun.run(DIR, "pc-sampling", "report", CSV, "--show-format=csv");
        assertThat(csv.exitCode()).isZero();
        List<String> rows = csv.stdout().lines().toList();
        List<String> header = Arrays.asList(rows.get(0).split(","));
        String[] kernel = rows.get(1).split(",");
        assertThat(kernel[0]).isEqualTo("kernel");
        assertThat(kernel[header.indexOf("samples")]).isEqualTo("97");
        assertThat(kernel[header.indexOf("stall_WAITCNT")]).isEqualTo("71");
        assertThat(kernel[header.indexOf("stall_OTHER_WAIT")]).isEqualTo("0");
        assertThat(kernel[header.indexOf("type_NO_INST")]).isEqualTo("0");
        assertThat(kernel[header.indexOf("type_SCALAR")]).isEqualTo("6");
        assertThat(rows.stream().filter(l -> l.startsWith("line,"))).hasSize(14);
        assertThat(rows.stream().filter(l -> l.startsWith("dispatch,"))).hasSize(48);
    }

    @Test
    void filtersAndHostTrap() {
        CliRun d = CliRun.run(DIR, "pc-sampling", "report", CSV, "--dispatch", "93");
        assertThat(d.exitCode()).isZero();
        assertThat(d.stdout()).contains("samples: 8 (89 more left out by --kernel/--dispatch)");
        CliRun h = CliRun.run(DIR, "pc-sampling", "report", "pc_sampling_host_trap.csv");
        assertThat(h.exitCode()).isZero();
        assertThat(h.stdout()).contains("samples: 79").contains("skid").doesNotContain("IPC");
        assertThat(h.stdout().lines().filter(l -> l.matches("\\s+36\\s+-\\s+s_endpgm"))).hasSize(1);
        // AMD's trace of another program shares dispatch 1 and correlation id 1 with these samples.
        CliRun t = CliRun.run(DIR, "pc-sampling", "report", "pc_sampling_host_trap.csv", "kernel_trace.csv");
        assertThat(t.exitCode()).isZero();
        assertThat(t.stdout()).contains("warning: kernel_trace.csv: not the kernel trace of pc_sampling_host_trap.csv")
                .contains("sampled outside the time the trace gives them").doesNotContain("addition_kernel");
    }

    @Test
    void badFilesGiveOneLineAndExitCode1() throws IOException {
        byte[] all = Files.readAllBytes(DIR.resolve(CSV));
        Path cut = tmp.resolve("cut.csv");
        Files.write(cut, Arrays.copyOf(all, 3000));
        CliRun r = CliRun.run(tmp, "pc-sampling", "report", "cut.csv");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stdout()).isEmpty();
        assertThat(r.stderr()).isEqualTo("error: cut.csv: expected 10 columns, found 5 (the last line has no line end:"
                + " the file is cut short) (at byte 2918) (line 12)\n");
        Path json = tmp.resolve("bad_results.json");
        Files.writeString(json, "{\"rocprofiler-sdk-tool\": [{\"buffer_records\": {\"pc_sample_stochastic\": [",
                StandardCharsets.UTF_8);
        CliRun j = CliRun.run(tmp, "pc-sampling", "report", "bad_results.json");
        assertThat(j.exitCode()).isEqualTo(1);
        assertThat(j.stderr()).startsWith("error: bad_results.json: the JSON ends early: the file is cut short")
                .doesNotContain("Exception").hasLineCount(1);
        CliRun missing = CliRun.run(tmp, "pc-sampling", "report", "missing.csv");
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.stderr()).isEqualTo("error: missing.csv: No such file or directory\n");
        CliRun mixed = CliRun.run(DIR, "pc-sampling", "report", CSV, "pc_sampling_host_trap.csv");
        assertThat(mixed.exitCode()).isEqualTo(1);
        assertThat(mixed.stderr()).startsWith("error: the inputs mix stochastic samples").hasLineCount(1);
    }

    /**
     * {@code --code-object ID=FILE}: a value that is no ID=FILE, and a code object that cannot be
     * read (cut short), each give one line and exit code 1; a sound one is taken (the CSV carries no
     * code object ids, so its lines still come from the comments, with the same counts).
     */
    @Test
    void codeObjectsGivenOnTheCommandLine() throws IOException {
        Path co = DIR.resolve("code-objects/kernels.gfx942.O2.dwarf5.co");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(co), "no code objects");
        Files.copy(DIR.resolve(CSV), tmp.resolve(CSV));
        CliRun bad = CliRun.run(tmp, "pc-sampling", "report", "--code-object", "kernels.co", CSV);
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.stderr()).startsWith("error: --code-object: 'kernels.co' is not ID=FILE").hasLineCount(1);
        byte[] all = Files.readAllBytes(co);
        Files.write(tmp.resolve("cut.co"), Arrays.copyOf(all, all.length / 3));
        CliRun cut = CliRun.run(tmp, "pc-sampling", "report", "--code-object", "2=cut.co", CSV);
        assertThat(cut.exitCode()).isEqualTo(1);
        assertThat(cut.stderr()).startsWith("error: ").contains("cut.co: section header table offset")
                .contains("(at byte 40)").doesNotContain("Exception").hasLineCount(1);
        Files.createDirectories(tmp.resolve("dir.co"));
        CliRun dir = CliRun.run(tmp, "pc-sampling", "report", "--code-object", "2=dir.co", CSV);
        assertThat(dir.exitCode()).isEqualTo(1);
        assertThat(dir.stderr()).startsWith("error: ").contains("dir.co: ").hasLineCount(1);
        Files.copy(co, tmp.resolve("kernels.co"));
        CliRun good = CliRun.run(tmp, "pc-sampling", "report", "--code-object", "2=kernels.co", CSV);
        assertThat(good.exitCode()).as(good.stderr()).isZero();
        assertThat(good.stdout()).isEqualTo(CliRun.run(tmp, "pc-sampling", "report", CSV).stdout());
        // A bundle with two device entries: its target is named after '#', else the entries are listed.
        Files.copy(DIR.resolve("code-objects/kernels.gfx942-gfx950.bundle"), tmp.resolve("k.bundle"));
        CliRun two = CliRun.run(tmp, "pc-sampling", "report", "--code-object", "2=k.bundle", CSV);
        assertThat(two.exitCode()).isEqualTo(1);
        assertThat(two.stderr()).contains("holds 2 device code objects").contains("gfx950").hasLineCount(1);
        CliRun picked = CliRun.run(tmp, "pc-sampling", "report", "--code-object", "2=k.bundle#gfx942", CSV);
        assertThat(picked.exitCode()).as(picked.stderr()).isZero();
    }
}
