package dev.jprofdata.merge.pcsampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileReaders;
import dev.jprofdata.format.sample.SampleProfileWriters;
import dev.jprofdata.format.sample.SampleReadOptions;
import dev.jprofdata.format.sample.SampleWriteOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The sample profile exported from PC samples placed at every instruction of two real gfx942 code
 * objects (fixtures/pc-sampling/export/run_results.json). The expected profiles were computed
 * without jprofdata, from llvm-symbolizer-22's frames and the JSON's counts (export_oracle.py),
 * and written by llvm-profdata-22 (regen-export.sh, which also checks that llvm-profdata-22 reads
 * jprofdata's export): the export must hold the same profile, byte for byte in both formats.
 */
class SampleProfileExportTest {
    @TempDir
    Path tmp;

    private static Path export(String name) {
        return PcSamplingAnalyzerTest.fixture("export/" + name);
    }

    private static PcSamplingOptions withCodeObjects() {
        return PcSamplingOptions.defaults().withCodeObjectsFromUris(false)
                .withCodeObject(2, PcSamplingAnalyzerTest.fixture("code-objects/kernels.gfx942.O2.dwarf5.co"))
                .withCodeObject(3, PcSamplingAnalyzerTest.fixture("code-objects/kernels-rdc.gfx942.O2.dwarf5.co"));
    }

    private static ExportedProfile exported(PcSamplingOptions options, ExportCount count) throws IOException {
        return SampleProfileExporter.export(PcSamplingAnalyzerTest.analyze(options, export("run_results.json")), count);
    }

    @ParameterizedTest
    @EnumSource(ExportCount.class)
    void theProfileIsLlvmsOwnForTheSymbolizersStacks(ExportCount count) throws IOException {
        ExportedProfile e = exported(withCodeObjects(), count);
        String which = count == ExportCount.ALL ? "all" : "issued";
        byte[] text = SampleProfileWriters.toBytes(e.profile(), SampleWriteOptions.defaults(SampleFormat.TEXT));
        assertThat(new String(text, StandardCharsets.UTF_8))
                .isEqualTo(Files.readString(export("expected." + which + ".txt")));
        byte[] ext = SampleProfileWriters.toBytes(e.profile(), SampleWriteOptions.defaults(SampleFormat.EXTBINARY));
        assertThat(ext).isEqualTo(Files.readAllBytes(export("expected." + which + ".extbinary")));
    }

    @Test
    void everyCountedSampleIsExportedOrAccountedFor() throws IOException {
        PcSamplingReport report = PcSamplingAnalyzerTest.analyze(withCodeObjects(), export("run_results.json"));
        ExportedProfile e = SampleProfileExporter.export(report, ExportCount.ALL);
        assertThat(e.counted()).isEqualTo(report.total().samples());
        // What the profile holds: the sum of the top-level totals of llvm-profdata's file.
        SampleProfile expected = SampleProfileReaders.read(export("expected.all.txt"), "expected.all.txt",
                SampleReadOptions.DEFAULTS);
        long totals = expected.profiles().values().stream().mapToLong(FunctionSamples::totalSamples).sum();
        assertThat(e.exported()).isEqualTo(totals).isLessThan(e.counted());
        assertThat(e.warnings()).containsExactly((e.counted() - e.exported()) + " samples have no source line (no debug"
                + " information for their instruction, or line 0: code the compiler made without one): not exported");
        // Issued only: fewer, and the rest of the issued samples are the line-0 ones.
        ExportedProfile issued = SampleProfileExporter.export(report, ExportCount.ISSUED);
        assertThat(issued.counted()).isEqualTo(report.total().issued()).isLessThan(e.counted());
    }

    @Test
    void withoutCodeObjectsTheCommentsGiveADegradedProfileAndSaySo() throws IOException {
        ExportedProfile e = exported(PcSamplingOptions.defaults().withCodeObjectsFromUris(false), ExportCount.ALL);
        byte[] text = SampleProfileWriters.toBytes(e.profile(), SampleWriteOptions.defaults(SampleFormat.TEXT));
        assertThat(new String(text, StandardCharsets.UTF_8)).isEqualTo(Files.readString(export("expected.comments.txt")));
        assertThat(e.warnings()).filteredOn(w -> w.contains("placed without the code object")).hasSize(3)
                .anySatisfy(w -> assertThat(w).startsWith("kernel saxpy: 115 samples placed without the code object:"
                        + " their lines are counted from line 24, the kernel's first sampled line"));
    }

    @Test
    void samplesOfUnknownKernelsWithoutCodeObjectsAreCountedAsNotExported() throws IOException {
        // The kernel trace beside this CSV is another run's and is refused: every kernel is unknown.
        PcSamplingReport report = PcSamplingAnalyzerTest.analyze(PcSamplingOptions.defaults(),
                PcSamplingAnalyzerTest.fixture("pc_sampling_stochastic_debug.csv"),
                PcSamplingAnalyzerTest.fixture("kernel_trace.csv"));
        ExportedProfile e = SampleProfileExporter.export(report, ExportCount.ALL);
        assertThat(e.counted()).isEqualTo(97);
        assertThat(e.exported()).isZero();
        assertThat(e.profile().profiles()).isEmpty();
        assertThat(e.warnings()).contains("97 samples of unknown kernels have no code object to name their functions:"
                + " not exported");
    }

    @Test
    void hostTrapSamplesCannotBeCountedByIssue() throws IOException {
        PcSamplingReport report = PcSamplingAnalyzerTest.analyze(PcSamplingOptions.defaults(),
                PcSamplingAnalyzerTest.fixture("pc_sampling_host_trap_debug.csv"));
        assertThatThrownBy(() -> SampleProfileExporter.export(report, ExportCount.ISSUED))
                .isInstanceOf(PcSamplingInputException.class).hasMessageStartingWith("host-trap samples do not say");
        assertThat(SampleProfileExporter.export(report, ExportCount.ALL).counted()).isEqualTo(21);
    }

    @Test
    void aKernelFilterExportsOnlyThatKernelsFunctions() throws IOException {
        ExportedProfile e = exported(withCodeObjects().withKernel("saxpy"), ExportCount.ALL);
        assertThat(e.profile().profiles().values()).extracting(f -> f.function().name()).containsExactly("saxpy");
        SampleProfile all = SampleProfileReaders.read(export("expected.all.txt"), "expected.all.txt",
                SampleReadOptions.DEFAULTS);
        FunctionSamples saxpy = all.profiles().values().stream().filter(f -> f.function().name().equals("saxpy"))
                .findFirst().orElseThrow();
        assertThat(e.profile().profiles().values().iterator().next().totalSamples()).isEqualTo(saxpy.totalSamples());
    }
}
