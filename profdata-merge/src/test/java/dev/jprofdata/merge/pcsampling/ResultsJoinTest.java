package dev.jprofdata.merge.pcsampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kernels of a results JSON are found through ids only. The documents are built from the real
 * MI300A kernel-symbol and dispatch records and the real MI350 sample records
 * (fixtures/pc-sampling/), placed in one run, with the ids the test needs.
 */
class ResultsJoinTest {
    @TempDir
    Path tmp;

    /** One tool element: the MI300A excerpt's tables, the instruction strings and {@code samples}. */
    static String element(long pid, String samples) throws IOException {
        String tables = Files.readString(PcSamplingAnalyzerTest.fixture("mi300a_code_objects_kernel_symbols_excerpt.json"));
        // Its members, without the outer braces and its empty sample arrays' buffer_records.
        String inner = tables.strip();
        inner = inner.substring(1, inner.lastIndexOf('}'));
        int buffer = inner.indexOf("\"buffer_records\"");
        String dispatch = inner.substring(inner.indexOf('[', inner.indexOf("\"kernel_dispatch\"")));
        dispatch = dispatch.substring(0, matchingBracket(dispatch) + 1);
        return "{\"metadata\": {\"pid\": " + pid + "}, \"agents\": [{\"name\": \"gfx942\", \"max_waves_per_cu\": 32}],"
                + " \"strings\": {\"pc_sample_instructions\": [\"s_waitcnt vmcnt(0)\", \"v_add_f64 v[0:1], v[2:3], v[4:5]\"],"
                + " \"pc_sample_comments\": [\"/app/vcopy.cpp:20\", \"/app/vcopy.cpp:19 -> /app/vcopy.cpp:30\"]}, "
                + inner.substring(0, buffer) + "\"buffer_records\": {\"kernel_dispatch\": " + dispatch
                + ", \"pc_sample_stochastic\": [" + samples + "]}}";
    }

    private static int matchingBracket(String s) {
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '[' || c == '{') {
                depth++;
            } else if (c == ']' || c == '}') {
                depth--;
                if (depth == 0) {
                    return i;
                }
            }
        }
        throw new AssertionError("unbalanced");
    }

    /** The MI350 excerpt's records with their dispatch id and instruction index replaced. */
    static String records(long dispatch, int instIndex) throws IOException {
        String all = Files.readString(PcSamplingAnalyzerTest.fixture("mi350_gfx950_stochastic_records_excerpt.json"));
        String array = all.substring(all.indexOf('[', all.indexOf("pc_sample_stochastic")));
        array = array.substring(1, matchingBracket(array));
        return array.replace("\"dispatch_id\": 3", "\"dispatch_id\": " + dispatch)
                .replace("\"internal\": 3", "\"internal\": " + dispatch)
                .replace("\"inst_index\": 0", "\"inst_index\": " + instIndex);
    }

    @Test
    void samplesFindTheirKernelThroughDispatchAndKernelIds() throws IOException {
        // Dispatch 1 is vecCopy (kernel id 12, not at position 12 of kernel_symbols); dispatch 7
        // has no dispatch record.
        String doc = "{\"rocprofiler-sdk-tool\": [" + element(4242, records(1, 0) + "," + records(7, 1)) + "]}";
        Path p = tmp.resolve("run_results.json");
        Files.writeString(p, doc, StandardCharsets.UTF_8);
        PcSamplingReport r = PcSamplingAnalyzer.analyze(List.of(new PcSamplingInput(p, "run_results.json")),
                PcSamplingOptions.defaults());
        assertThat(r.total().samples()).isEqualTo(12);
        KernelSummary vecCopy = r.kernels().stream().filter(KernelSummary::known).findFirst().get();
        assertThat(vecCopy.name()).startsWith("vecCopy(");
        assertThat(vecCopy.tally().samples()).isEqualTo(6);
        assertThat(vecCopy.dispatches()).singleElement().satisfies(d -> {
            assertThat(d.dispatchId()).isEqualTo(1);
            assertThat(d.process()).isEqualTo("run_results.json (pid 4242)");
        });
        assertThat(vecCopy.instructions()).singleElement().satisfies(i -> {
            assertThat(i.instruction()).isEqualTo("s_waitcnt vmcnt(0)");
            assertThat(i.leafLine()).isEqualTo("/app/vcopy.cpp:20");
        });
        // Dispatch 7's samples all lie after vecCopy_2's entry (8192 <= 8296): named by PC range.
        assertThat(r.warnings()).containsExactly("run_results.json (pid 4242): sampled dispatch ids without a"
                + " kernel_dispatch record: the kernels of 1 dispatches were found from the kernels' entry offsets,"
                + " every sample of each lying after one kernel's entry");
        KernelSummary byPc = r.kernels().stream().filter(k -> k.name().startsWith("vecCopy_2")).findFirst().get();
        assertThat(byPc.dispatches()).extracting(DispatchSummary::dispatchId).containsExactly(7L);
        assertThat(byPc.instructions().get(0).frames()).hasSize(2);
        // The line range over inlined frames: line 30 is the call site of the leaf at line 19.
        PcSamplingReport ranged = PcSamplingAnalyzer.analyze(List.of(new PcSamplingInput(p, "run_results.json")),
                PcSamplingOptions.defaults().withLineRange(LineRange.parse(null, "vcopy.cpp:30-30")));
        assertThat(ranged.kernels().stream().mapToLong(k -> k.lineRange().inRange().samples()).sum()).isEqualTo(6);
    }

    @Test
    void processesKeepTheirOwnDispatchIds() throws IOException {
        // Two processes both have a dispatch 1; the second has no dispatch records: its samples
        // must not take the first process's kernel (vecCopy, by dispatch record), but the one
        // their PCs lie in (vecCopy_2).
        String second = element(2, records(1, 0)).replaceFirst("\"kernel_dispatch\": \\[", "\"kernel_dispatch\": [],"
                + " \"ignored\": [");
        String doc = "{\"rocprofiler-sdk-tool\": [" + element(1, records(1, 0)) + ", " + second + "]}";
        Path p = tmp.resolve("two_results.json");
        Files.writeString(p, doc, StandardCharsets.UTF_8);
        PcSamplingReport r = PcSamplingAnalyzer.analyze(List.of(new PcSamplingInput(p, "two.json")),
                PcSamplingOptions.defaults());
        assertThat(r.total().samples()).isEqualTo(12);
        assertThat(r.kernels()).extracting(KernelSummary::name).allMatch(n -> n.startsWith("vecCopy"))
                .anyMatch(n -> n.startsWith("vecCopy(")).anyMatch(n -> n.startsWith("vecCopy_2("));
        assertThat(r.kernels()).allMatch(k -> k.tally().samples() == 6 && k.dispatches().size() == 1);
        assertThat(r.warnings()).containsExactly("two.json (pid 2): no kernel_dispatch records (rocprofv3 --kernel-trace"
                + " was not given): the kernels of 1 dispatches were found from the kernels' entry offsets, every sample"
                + " of each lying after one kernel's entry");
        // Without kernel symbols there is nothing to go by: unknown, and said so.
        String bare = "{\"rocprofiler-sdk-tool\": [{\"metadata\": {\"pid\": 3}, \"buffer_records\": {"
                + "\"pc_sample_stochastic\": [" + records(1, 0) + "]}}]}";
        Path b = tmp.resolve("bare_results.json");
        Files.writeString(b, bare, StandardCharsets.UTF_8);
        PcSamplingReport unknown = PcSamplingAnalyzer.analyze(List.of(new PcSamplingInput(b, "bare.json")),
                PcSamplingOptions.defaults());
        assertThat(unknown.kernels()).singleElement().satisfies(k -> assertThat(k.known()).isFalse());
        assertThat(unknown.warnings()).contains("bare.json (pid 3): no kernel_dispatch records (rocprofv3"
                + " --kernel-trace was not given): the kernels of 1 dispatches are unknown");
    }
}
