package dev.jprofdata.merge.pcsampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.jprofdata.format.pcsampling.SamplingMethod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analysis of AMD's real vector-ops samples against the values counted independently in
 * fixtures/pc-sampling/README.md, and the joins, filters and line ranges.
 */
class PcSamplingAnalyzerTest {
    static final String CSV = "pc_sampling_stochastic_debug.csv";

    @TempDir
    Path tmp;

    static Path fixture(String name) {
        return Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
                .resolve("fixtures/pc-sampling").resolve(name).normalize();
    }

    static PcSamplingReport analyze(PcSamplingOptions options, Path... files) throws IOException {
        List<PcSamplingInput> inputs = new ArrayList<>();
        for (Path f : files) {
            inputs.add(new PcSamplingInput(f, f.getFileName().toString()));
        }
        return PcSamplingAnalyzer.analyze(inputs, options);
    }

    @Test
    void vectorOpsTotalsAreTheCountedOnes() throws IOException {
        PcSamplingReport r = analyze(PcSamplingOptions.defaults(), fixture(CSV));
        SampleTally t = r.total();
        assertThat(r.method()).isEqualTo(SamplingMethod.STOCHASTIC);
        assertThat(t.samples()).isEqualTo(97);
        assertThat(t.issued()).isEqualTo(20);
        assertThat(t.stalled()).isEqualTo(77);
        // Types over issued samples only: no NO_INST.
        assertThat(t.instructionTypes().sorted()).containsExactly(Map.entry("VALU", 14L), Map.entry("SCALAR", 6L));
        // Reasons over stalled samples only: no OTHER_WAIT (the issued samples' meaningless value).
        assertThat(t.stallReasons().sorted()).containsExactly(Map.entry("WAITCNT", 71L),
                Map.entry("ALU_DEPENDENCY", 5L), Map.entry("NO_INSTRUCTION_AVAILABLE", 1L));
        assertThat(t.waveMean()).isCloseTo(5.371, within(0.0005));
        assertThat(t.waveMin()).isEqualTo(1);
        assertThat(t.waveMax()).isEqualTo(17);
        assertThat(t.occupancyHistogram()[1] + t.occupancyHistogram()[17]).isPositive();
        assertThat(java.util.Arrays.stream(t.occupancyHistogram()).sum()).isEqualTo(97);
        // The CSV has no arbiter state: no IPC, and the report says why.
        assertThat(r.arbiterState()).isFalse();
        assertThat(t.ipc()).isNaN();
        assertThat(r.notes()).anyMatch(n -> n.contains("arbiter state"));
        // The real data breaks none of the upstream invariants.
        assertThat(r.violations()).isEmpty();
        // No kernel trace: one group of unknown kernel, with all 48 dispatches.
        assertThat(r.kernels()).singleElement().satisfies(k -> {
            assertThat(k.known()).isFalse();
            assertThat(k.dispatches()).hasSize(48);
            assertThat(k.dispatches().get(0).dispatchId()).isEqualTo(24);
            assertThat(k.dispatches().stream().mapToLong(d -> d.tally().samples()).sum()).isEqualTo(97);
        });
    }

    /** "line: total issued {reasons}" for each leaf line, as the README's table lists them. */
    private static Map<String, String> lineTable(KernelSummary k) {
        Map<String, String> out = new LinkedHashMap<>();
        for (LineSummary l : k.lines()) {
            String line = l.fileLine().substring(l.fileLine().lastIndexOf('/') + 1);
            out.put(line, l.tally().samples() + " " + l.tally().issued() + " " + l.tally().stallReasons().sorted());
        }
        return out;
    }

    @Test
    void perLineMetricsAreTheCountedOnes() throws IOException {
        KernelSummary k = analyze(PcSamplingOptions.defaults(), fixture(CSV)).kernels().get(0);
        Map<String, String> lines = lineTable(k);
        assertThat(lines).containsEntry("vector-ops.cpp:82", "23 1 [WAITCNT=21, ALU_DEPENDENCY=1]")
                .containsEntry("vector-ops.cpp:133", "21 4 [WAITCNT=17]")
                .containsEntry("vector-ops.cpp:99", "15 1 [WAITCNT=13, ALU_DEPENDENCY=1]")
                .containsEntry("vector-ops.cpp:116", "14 3 [WAITCNT=11]")
                .containsEntry("amd_hip_runtime.h:275", "12 5 [WAITCNT=6, NO_INSTRUCTION_AVAILABLE=1]")
                .containsEntry("vector-ops.cpp:113", "3 0 [ALU_DEPENDENCY=3]")
                .containsEntry("vector-ops.cpp:97", "2 0 [WAITCNT=2]")
                .containsEntry("vector-ops.cpp:131", "1 0 [WAITCNT=1]");
        for (String one : List.of("vector-ops.cpp:77", "vector-ops.cpp:80", "vector-ops.cpp:93", "vector-ops.cpp:94",
                "vector-ops.cpp:128", "__clang_hip_math.h:427")) {
            assertThat(lines).containsEntry(one, "1 1 []");
        }
        assertThat(lines).hasSize(14);
        // Most samples first: line 82 leads.
        assertThat(lines.keySet().iterator().next()).isEqualTo("vector-ops.cpp:82");
        // Line 99 is not labelled by one instruction: 15 samples over its 3 instructions (1 VALU,
        // 13 s_waitcnt vmcnt(0), 1 global_store_dword), the first incumbent error of the README.
        LineSummary l99 = k.lines().stream().filter(l -> l.fileLine().endsWith("vector-ops.cpp:99")).findFirst().get();
        assertThat(l99.instructions()).isEqualTo(3);
        assertThat(k.instructions().stream().filter(i -> i.leafLine().endsWith(":99")
                && i.instruction().equals("s_waitcnt vmcnt(0)")).mapToLong(i -> i.tally().samples()).sum())
                .isEqualTo(13);
    }

    @Test
    void aKernelTraceOfAnotherRunIsReportedAndNotUsed() throws IOException {
        PcSamplingReport r = analyze(PcSamplingOptions.defaults(), fixture(CSV), fixture("kernel_trace.csv"));
        assertThat(r.warnings()).singleElement().asString().startsWith("kernel_trace.csv: not the kernel trace of "
                + CSV + ": 48 of its 48 sampled dispatch ids are not in it (24, 29, 53, ...)")
                .endsWith("it was not used, so the kernels are unknown");
        assertThat(r.kernels()).singleElement().satisfies(k -> assertThat(k.known()).isFalse());
        assertThat(r.kernels().get(0).name()).doesNotContain("addition_kernel");
    }

    /** The real trace's header with the given rows. */
    private Path trace(String name, String... rows) throws IOException {
        String header = Files.readAllLines(fixture("kernel_trace.csv")).get(0);
        StringBuilder sb = new StringBuilder(header).append('\n');
        for (String r : rows) {
            sb.append(r).append('\n');
        }
        Path p = tmp.resolve(name);
        Files.writeString(p, sb, StandardCharsets.UTF_8);
        return p;
    }

    /** A trace row of the real trace's layout; the dispatch ran from {@code start} to {@code end}. */
    private static String row(long dispatch, long kernelId, String kernel, long correlation, long start, long end) {
        return "\"KERNEL_DISPATCH\",\"Agent 4\",1,1,834304," + dispatch + "," + kernelId + ",\"" + kernel + "\","
                + correlation + "," + start + "," + end + ",0,0,8,0,16,64,1,1,1024,1024,1";
    }

    /** The first and last Sample_Timestamp of each Dispatch_Id of the CSV, read from its text. */
    private static Map<Long, long[]> sampledTimes(Path csv) throws IOException {
        Map<Long, long[]> out = new java.util.HashMap<>();
        for (String l : Files.readAllLines(csv).subList(1, 98)) {
            String[] f = l.split(",", 4);
            long t = Long.parseLong(f[0]);
            out.merge(Long.parseLong(f[2]), new long[] {t, t}, (a, b) -> new long[] {Math.min(a[0], b[0]),
                Math.max(a[1], b[1])});
        }
        return out;
    }

    @Test
    void aMatchingTraceNamesTheKernelsAndAWrongCorrelationIsRefused() throws IOException {
        Path samples = Files.copy(fixture(CSV), tmp.resolve("run_pc_sampling_stochastic.csv"));
        List<String> rows = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        List<String> late = new ArrayList<>();
        Map<Long, long[]> times = sampledTimes(samples);
        // In this file Correlation_Id == Dispatch_Id on every row; even dispatches are "add", odd "sub".
        // Each dispatch runs from 1 us before its first sample to 1 us after its last.
        for (long d = 24; d <= 127; d++) {
            long[] t = times.getOrDefault(d, new long[] {390705261841337L, 390705261841337L});
            rows.add(row(d, d % 2 == 0 ? 1 : 2, d % 2 == 0 ? "add(float*)" : "sub(float*)", d, t[0] - 1000, t[1] + 1000));
            wrong.add(row(d, 1, "add(float*)", d == 53 ? 999 : d, t[0] - 1000, t[1] + 1000));
            // Dispatch 54 of this trace ran a second after its samples.
            late.add(row(d, 1, "add(float*)", d, t[0] - 1000 + (d == 54 ? 1_000_000_000L : 0),
                    t[1] + 1000 + (d == 54 ? 1_000_000_000L : 0)));
        }
        PcSamplingReport r = analyze(PcSamplingOptions.defaults(), samples,
                trace("run_kernel_trace.csv", rows.toArray(String[]::new)));
        assertThat(r.warnings()).isEmpty();
        assertThat(r.kernels()).extracting(KernelSummary::name).containsExactlyInAnyOrder("add(float*)", "sub(float*)");
        assertThat(r.kernels().stream().mapToLong(k -> k.tally().samples()).sum()).isEqualTo(97);
        long evenSamples = r.kernels().stream().filter(k -> k.name().startsWith("add")).findFirst().get().dispatches()
                .stream().peek(d -> assertThat(d.dispatchId() % 2).isZero()).mapToLong(d -> d.tally().samples()).sum();
        assertThat(evenSamples).isEqualTo(r.kernels().stream().filter(k -> k.name().startsWith("add")).findFirst().get()
                .tally().samples());
        PcSamplingReport refused = analyze(PcSamplingOptions.defaults(), samples,
                trace("run_kernel_trace.csv", wrong.toArray(String[]::new)));
        assertThat(refused.warnings()).singleElement().asString()
                .contains("1 dispatches have another correlation id (53)");
        assertThat(refused.kernels()).singleElement().satisfies(k -> assertThat(k.known()).isFalse());
        PcSamplingReport elsewhen = analyze(PcSamplingOptions.defaults(), samples,
                trace("run_kernel_trace.csv", late.toArray(String[]::new)));
        assertThat(elsewhen.warnings()).singleElement().asString()
                .contains("1 dispatches were sampled outside the time the trace gives them (dispatch 54 sampled at");
        assertThat(elsewhen.kernels()).singleElement().satisfies(k -> assertThat(k.known()).isFalse());
    }

    /**
     * AMD's host-trap samples and AMD's kernel trace come from different programs, yet dispatch 1
     * and correlation id 1 are in both: rocprofiler-sdk's script labels all 79 samples with the
     * trace's addition_kernel. The times tell them apart.
     */
    @Test
    void aTraceOfAnotherProgramWithTheSameIdsIsRefusedByTime() throws IOException {
        PcSamplingReport r = analyze(PcSamplingOptions.defaults(), fixture("pc_sampling_host_trap.csv"),
                fixture("kernel_trace.csv"));
        // The file's last line has no line end (upstream as is): said too.
        assertThat(r.warnings()).hasSize(2).first().asString().contains("the last line (80) has no line end");
        assertThat(r.warnings().get(1)).startsWith("kernel_trace.csv: not the kernel trace of"
                + " pc_sampling_host_trap.csv: 1 dispatches were sampled outside the time the trace gives them"
                + " (dispatch 1 sampled at 3464444413017201..");
        assertThat(r.kernels()).singleElement().satisfies(k -> {
            assertThat(k.known()).isFalse();
            assertThat(k.tally().samples()).isEqualTo(79);
        });
    }

    @Test
    void filtersKeepTheAskedDispatchesAndSayWhatWasLeftOut() throws IOException {
        PcSamplingReport r = analyze(PcSamplingOptions.defaults().withDispatches(Set.of(24L, 29L)), fixture(CSV));
        long d24 = lineCount(fixture(CSV), ",24,");
        long d29 = lineCount(fixture(CSV), ",29,");
        assertThat(r.total().samples()).isEqualTo(d24 + d29);
        assertThat(r.dropped()).isEqualTo(97 - d24 - d29);
        // Unknown kernels never match a kernel filter.
        PcSamplingReport none = analyze(PcSamplingOptions.defaults().withKernel("kernel"), fixture(CSV));
        assertThat(none.total().samples()).isZero();
        assertThat(none.dropped()).isEqualTo(97);
    }

    /** Rows whose Dispatch_Id (third column) is the one in {@code marker} (",N,"), counted on the text. */
    private static long lineCount(Path csv, String marker) throws IOException {
        return Files.readAllLines(csv).stream().skip(1).filter(l -> {
            String[] f = l.split(",", 4);
            return ("," + f[2] + ",").equals(marker);
        }).count();
    }

    @Test
    void aLineRangeRestrictsEveryMetricAndKeepsTheKernelTotalsBeside() throws IOException {
        PcSamplingReport r = analyze(PcSamplingOptions.defaults().withLineRange(LineRange.parse(null,
                "vector-ops.cpp:77-82")), fixture(CSV));
        LineRangeSummary range = r.kernels().get(0).lineRange();
        // README table: :77 1 issued, :80 1 issued, :82 23 (1 issued; WAITCNT 21, ALU_DEPENDENCY 1).
        assertThat(range.inRange().samples()).isEqualTo(25);
        assertThat(range.inRange().issued()).isEqualTo(3);
        assertThat(range.inRange().stallReasons().sorted()).containsExactly(Map.entry("WAITCNT", 21L),
                Map.entry("ALU_DEPENDENCY", 1L));
        assertThat(range.kernel().samples()).isEqualTo(97);
        // Without a file, lines 270-280 of any file: amd_hip_runtime.h:275's 12 samples.
        PcSamplingReport any = analyze(PcSamplingOptions.defaults().withLineRange(LineRange.parse(null, "270-280")),
                fixture(CSV));
        assertThat(any.kernels().get(0).lineRange().inRange().samples()).isEqualTo(12);
    }

    @Test
    void hostTrapSamplesAreCountsWithTheSkidStated() throws IOException {
        PcSamplingReport r = analyze(PcSamplingOptions.defaults(), fixture("pc_sampling_host_trap_debug.csv"));
        assertThat(r.method()).isEqualTo(SamplingMethod.HOST_TRAP);
        assertThat(r.total().samples()).isEqualTo(21);
        assertThat(r.total().issued() + r.total().stalled()).isZero();
        assertThat(r.notes()).anyMatch(n -> n.contains("skid"));
        assertThat(r.kernels().get(0).lines().get(0).fileLine()).endsWith("MatrixTranspose.cpp:44");
        assertThat(r.kernels().get(0).lines().get(0).tally().samples()).isEqualTo(11);
    }

    @Test
    void mixedMethodsAreRefused() {
        assertThatThrownBy(() -> analyze(PcSamplingOptions.defaults(), fixture(CSV),
                fixture("pc_sampling_host_trap.csv"))).isInstanceOf(PcSamplingInputException.class)
                .hasMessageContaining("the inputs mix stochastic samples").hasMessageContaining("host-trap");
    }

    @Test
    void mi350ArbiterBitsGiveTheIpcEstimate() throws IOException {
        PcSamplingReport r = analyze(PcSamplingOptions.defaults(),
                fixture("mi350_gfx950_stochastic_records_excerpt.json"));
        SampleTally t = r.total();
        assertThat(r.arbiterState()).isTrue();
        assertThat(t.samples()).isEqualTo(6);
        assertThat(t.arbiterSamples()).isEqualTo(6);
        // One sample with the FLAT pipe issuing and not stalled; five with no pipe moving.
        assertThat(t.ipcSum()).isEqualTo(1);
        assertThat(t.ipc()).isCloseTo(1.0 / 6, within(1e-12));
        assertThat(t.simdLatency()).isEqualTo(5);
        int flat = SampleTally.index(dev.jprofdata.format.pcsampling.ArbiterPipe.FLAT);
        int valu = SampleTally.index(dev.jprofdata.format.pcsampling.ArbiterPipe.VALU);
        assertThat(t.progress(flat)).isEqualTo(1);
        assertThat(t.frontendLatency(flat)).isEqualTo(5);
        assertThat(t.pipeLatency(valu)).isEqualTo(6);
        assertThat(t.frontendLatency(valu)).isEqualTo(6);
        assertThat(r.violations()).isEmpty();
        assertThat(r.warnings()).anyMatch(w -> w.contains("no kernel_dispatch records"));
        assertThat(r.kernels().get(0).instructions()).singleElement()
                .satisfies(i -> assertThat(i.codeObjectOffset()).isEqualTo(8296));
    }
}
