package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code jprofdata pc-sampling report} on the generated rocprofv3 results JSONs of
 * fixtures/pc-sampling/generated/ (real schema, real instruction offsets of the committed gfx942 and
 * gfx950 code objects; fixtures/pc-sampling/README.md). Its numbers per kernel and per source line
 * are compared with what Python counted from the same file at regeneration time
 * ({@code NAME.expected.json}, made by expected_values.py with the json module alone), and its
 * whole output with the recorded goldens.
 */
class PcSamplingGeneratedTest {
    static final Path DIR = CliRun.fixtures().resolve("pc-sampling/generated");

    static String[] codeObjects(String name) {
        return name.startsWith("gfx942")
                ? new String[] {"--code-object", "1=../code-objects/kernels.gfx942.O2.dwarf5.co", "--code-object",
                    "2=../code-objects/kernels-rdc.gfx942.O2.dwarf5.co"}
                : new String[] {"--code-object", "1=../code-objects/kernels.gfx950.O2.dwarf5.co"};
    }

    static String[] args(String name, String... more) {
        List<String> all = new java.util.ArrayList<>(List.of("pc-sampling", "report", name + "_results.json"));
        all.addAll(List.of(codeObjects(name)));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> json(String text) throws IOException {
        return (Map<String, Object>) MiniJsonSchema.parse(new JsonFactory().createParser(text));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    static long n(Object o) {
        return ((BigInteger) o).longValueExact();
    }

    /** A histogram of the report or of Python's file, as name -> count. */
    static Map<String, Long> counts(Object o) {
        Map<String, Long> m = new HashMap<>();
        map(o).forEach((k, v) -> m.put(k, n(v)));
        return m;
    }

    @ParameterizedTest
    @ValueSource(strings = {"gfx942_stochastic", "gfx950_stochastic"})
    @SuppressWarnings("unchecked")
    void reportHasTheNumbersPythonCounted(String name) throws IOException {
        Map<String, Object> expected = json(Files.readString(DIR.resolve(name + ".expected.json")));
        CliRun r = CliRun.run(DIR, args(name, "--show-format=json"));
        assertThat(r.exitCode()).isZero();
        assertThat(r.stderr()).isEmpty();
        Map<String, Object> report = json(r.stdout());
        // Every invariant of spec/pc-sampling.md holds on generated data, and nothing is left out.
        assertThat((List<Object>) report.get("invariantViolations")).isEmpty();
        assertThat((List<Object>) report.get("warnings")).isEmpty();
        assertThat(n(report.get("dropped"))).isZero();
        Map<String, Object> total = map(expected.get("total"));
        Map<String, Object> reportTotal = map(report.get("total"));
        for (String k : new String[] {"samples", "issued", "stalled"}) {
            assertThat(n(reportTotal.get(k))).as(k).isEqualTo(n(total.get(k)));
        }
        Map<String, Object> kernels = map(expected.get("kernels"));
        List<Object> reported = (List<Object>) report.get("kernels");
        assertThat(reported).hasSize(kernels.size());
        for (Object o : reported) {
            Map<String, Object> k = map(o);
            String kernel = (String) k.get("name");
            Map<String, Object> want = map(kernels.get(kernel));
            assertThat(want).as("kernel " + kernel + " in Python's count").isNotNull();
            Map<String, Object> m = map(k.get("metrics"));
            for (String f : new String[] {"samples", "issued", "stalled"}) {
                assertThat(n(m.get(f))).as(kernel + " " + f).isEqualTo(n(want.get(f)));
            }
            assertThat(counts(m.get("stallReasons"))).as(kernel + " stall reasons").isEqualTo(counts(want.get("stallReasons")));
            assertThat(counts(m.get("instructionTypes"))).as(kernel + " instruction mix")
                    .isEqualTo(counts(want.get("instructionTypes")));
            assertThat(n(k.get("dispatchCount"))).isEqualTo(n(want.get("dispatches")));
            Map<String, Object> waves = map(m.get("waves"));
            assertThat(List.of(n(waves.get("sum")), n(waves.get("min")), n(waves.get("max"))))
                    .isEqualTo(List.of(n(want.get("waveSum")), n(want.get("waveMin")), n(want.get("waveMax"))));
            Map<String, Object> arbiter = map(m.get("arbiter"));
            for (String f : new String[] {"ipcSum", "dualIssue", "simdLatency", "oversubscribed", "backpressured"}) {
                assertThat(n(arbiter.get(f))).as(kernel + " " + f).isEqualTo(n(want.get(f)));
            }
            // Per leaf source line: the DWARF leaf of the code object is the first frame of
            // rocprofv3's comment, which is what Python keyed its count by.
            Map<String, Object> wantLines = map(want.get("lines"));
            List<Object> lines = (List<Object>) k.get("lines");
            assertThat(n(k.get("lineCount"))).isEqualTo(wantLines.size());
            for (Object l : lines) {
                Map<String, Object> line = map(l);
                Map<String, Object> w = map(wantLines.get((String) line.get("line")));
                assertThat(w).as(kernel + " line " + line.get("line")).isNotNull();
                Map<String, Object> lm = map(line.get("metrics"));
                assertThat(List.of(n(lm.get("samples")), n(lm.get("issued"))))
                        .as(kernel + " " + line.get("line")).isEqualTo(List.of(n(w.get("samples")), n(w.get("issued"))));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"gfx942_stochastic.report.txt", "gfx942_stochastic.report.top5.json",
        "gfx942_stochastic.report.comments.txt", "gfx950_stochastic.report.txt"})
    void outputIsTheGolden(String golden) throws IOException {
        String name = golden.substring(0, golden.indexOf(".report"));
        String[] a = golden.endsWith(".comments.txt") ? new String[] {"pc-sampling", "report", name + "_results.json"}
                : golden.endsWith(".json") ? args(name, "--show-format=json", "--topn=5") : args(name);
        CliRun r = CliRun.run(DIR, a);
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).isEqualTo(Files.readString(DIR.resolve(golden), StandardCharsets.ISO_8859_1));
    }
}
