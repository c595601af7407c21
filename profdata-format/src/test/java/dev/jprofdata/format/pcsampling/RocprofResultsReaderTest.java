package dev.jprofdata.format.pcsampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The results-JSON reader on AMD's real records (fixtures/pc-sampling/) and on damaged JSON. */
class RocprofResultsReaderTest {
    @TempDir
    Path tmp;

    private static List<PcSample> samples(Path p, List<ResultsRun> runs) throws IOException {
        List<PcSample> out = new ArrayList<>();
        runs.addAll(RocprofResultsReader.read(p, p.getFileName().toString(), out::add));
        return out;
    }

    @Test
    void mi350RecordsKeepEveryField() throws IOException {
        List<ResultsRun> runs = new ArrayList<>();
        List<PcSample> s = samples(PcFixtures.file("mi350_gfx950_stochastic_records_excerpt.json"), runs);
        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).stochasticSamples()).isEqualTo(6);
        assertThat(s).hasSize(6).allMatch(x -> x.method() == SamplingMethod.STOCHASTIC && x.stalled()
                && x.stallReason().equals("WAITCNT") && x.instType().equals("NO_INST") && x.dispatchId() == 3
                && x.codeObjectId() == 2 && x.codeObjectOffset() == 8296 && x.instIndex() == 0 && x.hasArbiterState()
                && x.correlationId() == 3 && !x.dualIssueValu() && x.arbiterStall() == 0);
        assertThat(s).extracting(PcSample::waveCount).containsExactly(32, 32, 32, 24, 32, 24);
        // Only the last record has an arbiter bit: arb_state_issue_flat.
        assertThat(s).extracting(PcSample::arbiterIssue).containsExactly(0, 0, 0, 0, 0, ArbiterPipe.FLAT.bit());
        PcSample first = s.get(0);
        assertThat(first.timestamp()).isEqualTo(255377689247499L);
        // "workgroup_id " (trailing space) is read: 7 in the first record.
        assertThat(HardwareId.WORKGROUP_ID.of(first.hardwareIds())).isEqualTo(7);
        assertThat(HardwareId.CHIPLET.of(first.hardwareIds())).isEqualTo(7);
        assertThat(HardwareId.SIMD_ID.of(first.hardwareIds())).isEqualTo(2);
        assertThat(HardwareId.MICROENGINE_ID.of(first.hardwareIds())).isEqualTo(1);
        assertThat(first.execMask()).isEqualTo(-1L);
        assertThat(first.instruction()).isNull();
    }

    @Test
    void mi300xRecordsAndTheDocsHostTrapSnippet() throws IOException {
        List<ResultsRun> runs = new ArrayList<>();
        List<PcSample> s = samples(PcFixtures.file("mi300x_gfx942_stochastic_records_excerpt.json"), runs);
        assertThat(s).hasSize(3).allMatch(x -> x.codeObjectOffset() == 8040 && x.instIndex() == 1);
        assertThat(s).extracting(PcSample::waveCount).containsExactly(11, 6, 8);
        List<ResultsRun> docRuns = new ArrayList<>();
        List<PcSample> h = samples(PcFixtures.file("doc_host_trap_results_snippet.json"), docRuns);
        assertThat(h).hasSize(2).allMatch(x -> x.method() == SamplingMethod.HOST_TRAP && x.waveIssued() == -1
                && !x.hasArbiterState() && x.dispatchId() == 1 && x.codeObjectId() == 1);
        assertThat(h).extracting(PcSample::codeObjectOffset).containsExactly(20228L, 20236L);
        // The docs spell "workgroup_id" without the space.
        assertThat(HardwareId.SHADER_ENGINE_ID.of(h.get(0).hardwareIds())).isEqualTo(2);
        assertThat(HardwareId.CU_OR_WGP_ID.of(h.get(0).hardwareIds())).isEqualTo(1);
        assertThat(docRuns.get(0).hostTrapSamples()).isEqualTo(2);
    }

    @Test
    void kernelsAndDispatchesAreKeptById() throws IOException {
        List<ResultsRun> runs = new ArrayList<>();
        assertThat(samples(PcFixtures.file("mi300a_code_objects_kernel_symbols_excerpt.json"), runs)).isEmpty();
        ResultsRun run = runs.get(0);
        assertThat(run.dispatches()).containsOnlyKeys(1L);
        assertThat(run.dispatches().get(1L).kernelId()).isEqualTo(12);
        KernelSymbol k = run.kernels().get(12L);
        assertThat(k).isNotNull();
        assertThat(k.symbolName()).doesNotEndWith(".kd").contains("vecCopy");
        CodeObject co = run.codeObjects().get(k.codeObjectId());
        // The entry offsets the README checked: vecCopy at 7936.
        assertThat(k.kernelAddress() - co.loadBase()).isEqualTo(7936);
    }

    private PcSamplingFormatException failure(String json) throws IOException {
        Path p = PcFixtures.write(tmp, "bad.json", json.getBytes(StandardCharsets.UTF_8));
        Throwable t = catchThrowable(() -> RocprofResultsReader.read(p, "bad.json", x -> { }));
        assertThat(t).isInstanceOf(PcSamplingFormatException.class);
        return (PcSamplingFormatException) t;
    }

    @Test
    void damagedJsonIsNamedWithItsByteOffset() throws IOException {
        byte[] real = Files.readAllBytes(PcFixtures.file("mi350_gfx950_stochastic_records_excerpt.json"));
        String cut = new String(Arrays.copyOf(real, real.length / 2), StandardCharsets.UTF_8);
        PcSamplingFormatException truncated = failure(cut);
        assertThat(truncated.kind()).isEqualTo(Kind.TRUNCATED);
        assertThat(truncated.offset()).isEqualTo(real.length / 2);
        assertThat(truncated.getMessage()).startsWith("bad.json: the JSON ends early");

        PcSamplingFormatException syntax = failure("{\"rocprofiler-sdk-tool\": [ {\"metadata\": {\"pid\": 12,}} ]}");
        assertThat(syntax.kind()).isEqualTo(Kind.MALFORMED);
        assertThat(syntax.reason()).startsWith("not valid JSON: ");
        assertThat(syntax.offset()).isEqualTo(51);

        PcSamplingFormatException type = failure("{\"pc_sample_stochastic\": [{\"record\": {\"dispatch_id\": \"3\"}}]}");
        assertThat(type.reason()).isEqualTo("dispatch_id: expected an unsigned integer, found a string");
        assertThat(type.offset()).isEqualTo(53);

        PcSamplingFormatException missing = failure("{\"pc_sample_stochastic\": [{\"record\": {\"dispatch_id\": 3,"
                + " \"pc\": {\"code_object_id\": 1, \"code_object_offset\": 4}}, \"inst_index\": 0}]}");
        assertThat(missing.reason()).isEqualTo("stochastic sample record without wave_issued");
        assertThat(missing.offset()).isEqualTo(26);

        assertThat(failure("[1, 2]").reason()).startsWith("not a rocprofiler-sdk results file");
        assertThat(failure("").kind()).isEqualTo(Kind.EMPTY_FILE);
        assertThat(failure("{\"exec_mask\": 1}").reason()).contains("no rocprofiler-sdk-tool element").isNotNull();
    }
}
