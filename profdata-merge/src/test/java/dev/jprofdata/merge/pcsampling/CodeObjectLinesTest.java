package dev.jprofdata.merge.pcsampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.pcsampling.SourceFrame;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Samples of a code object that is at hand get their source stacks from its DWARF: the frames of
 * every sampled instruction (function, file, line, column, discriminator and the function's
 * declaration line, innermost first, inlined functions included) are llvm-symbolizer-22's for that address (fixtures/pc-sampling/golden). The code
 * object is a clang-22 gfx942 build of fixtures/src/pc-sampling/kernels.hip; the samples are AMD's
 * real MI350 records placed at addresses of it. Without the code object the comments give the lines.
 */
class CodeObjectLinesTest {
    private static final Pattern ADDRESS = Pattern.compile("\"Address\":\"0x([0-9a-f]+)\"");
    private static final Pattern FRAME = Pattern.compile(
            "\\{\"Column\":(\\d+),\"Discriminator\":(\\d+),\"FileName\":\"([^\"]*)\",\"FunctionName\":\"([^\"]*)\","
            + "\"Line\":(\\d+),\"StartAddress\":\"[^\"]*\",\"StartFileName\":\"[^\"]*\",\"StartLine\":(\\d+)");

    @TempDir
    Path tmp;
    private Path codeObject;
    /** llvm-symbolizer's frames by address. */
    private final Map<Long, List<SourceFrame>> golden = new LinkedHashMap<>();

    @BeforeEach
    void readGolden() throws IOException {
        codeObject = PcSamplingAnalyzerTest.fixture("code-objects/kernels.gfx942.O2.dwarf5.co");
        Assumptions.assumeTrue(Files.exists(codeObject), "no code objects");
        for (String line : Files.readAllLines(PcSamplingAnalyzerTest.fixture(
                "golden/kernels.gfx942.O2.dwarf5.co.linkage.jsonl"))) {
            Matcher a = ADDRESS.matcher(line);
            if (!a.find()) {
                continue;
            }
            List<SourceFrame> frames = new ArrayList<>();
            Matcher f = FRAME.matcher(line);
            while (f.find()) {
                frames.add(new SourceFrame(f.group(4), f.group(3), Integer.parseInt(f.group(5)),
                        Integer.parseInt(f.group(1)), Long.parseLong(f.group(2)), Integer.parseInt(f.group(6))));
            }
            golden.put(Long.parseLong(a.group(1), 16), frames);
        }
    }

    /** Addresses with one frame and with an inlined function's frame too. */
    private List<Long> addresses() {
        List<Long> picked = new ArrayList<>();
        golden.forEach((address, frames) -> {
            if (picked.size() < 6 && (frames.size() > 1 || picked.size() < 3)) {
                picked.add(address);
            }
        });
        assertThat(golden.values().stream().anyMatch(f -> f.size() > 1)).as("an inline stack").isTrue();
        return picked;
    }

    /** A results JSON whose samples (code object 2) sit at {@code addresses}, one dispatch each. */
    private Path results(List<Long> addresses) throws IOException {
        List<String> samples = new ArrayList<>();
        for (int i = 0; i < addresses.size(); i++) {
            samples.add(ResultsJoinTest.records(1, 0).replace("\"code_object_offset\": 8296",
                    "\"code_object_offset\": " + addresses.get(i)));
        }
        Path p = tmp.resolve("run_results.json");
        Files.writeString(p, "{\"rocprofiler-sdk-tool\": [" + ResultsJoinTest.element(4242, String.join(",", samples))
                + "]}", StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void framesAreTheSymbolizersForEverySampledAddress() throws IOException {
        List<Long> addresses = addresses();
        PcSamplingReport r = PcSamplingAnalyzerTest.analyze(PcSamplingOptions.defaults().withCodeObject(2, codeObject),
                results(addresses));
        List<InstructionSummary> instructions = r.kernels().stream()
                .flatMap(k -> k.instructions().stream()).toList();
        assertThat(instructions).extracting(InstructionSummary::codeObjectOffset)
                .containsExactlyInAnyOrderElementsOf(addresses);
        for (InstructionSummary s : instructions) {
            assertThat(s.frames()).as("0x%x", s.codeObjectOffset()).isEqualTo(golden.get(s.codeObjectOffset()));
        }
        assertThat(r.warnings()).isEmpty();
        // Inlined calls: per (inlined function, call site), the instructions whose golden stack holds
        // that frame and its caller's line, each once.
        Map<List<Object>, Integer> expected = new java.util.HashMap<>();
        for (long address : addresses) {
            List<SourceFrame> frames = golden.get(address);
            java.util.Set<List<Object>> seen = new java.util.HashSet<>();
            for (int d = 0; d + 1 < frames.size(); d++) {
                List<Object> key = List.of(frames.get(d).function(), frames.get(d + 1).fileLine());
                if (seen.add(key)) {
                    expected.merge(key, 1, Integer::sum);
                }
            }
        }
        assertThat(expected).isNotEmpty();
        Map<List<Object>, Integer> actual = new java.util.HashMap<>();
        for (KernelSummary k : r.kernels()) {
            for (InlinedCallSummary c : k.inlinedCalls()) {
                actual.put(List.of(c.function(), c.callSite()), c.instructions());
                assertThat(c.tally().samples()).isPositive();
            }
        }
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void withoutTheCodeObjectTheCommentsGiveTheLines() throws IOException {
        PcSamplingReport r = PcSamplingAnalyzerTest.analyze(PcSamplingOptions.defaults(), results(addresses()));
        List<InstructionSummary> instructions = r.kernels().stream()
                .flatMap(k -> k.instructions().stream()).toList();
        assertThat(instructions).isNotEmpty().allSatisfy(s -> assertThat(s.frames())
                .allSatisfy(f -> assertThat(f.function()).isNull()));
        // The MI350 records' comment has no inline chain: no inlined calls.
        assertThat(r.kernels()).allSatisfy(k -> assertThat(k.inlinedCalls()).isEmpty());
        // The code object the JSON names (an AMD machine's path) is not here, and the report says so.
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("1 code object it names is not on this machine"));
    }

    @Test
    void aDamagedCodeObjectGivenByTheUserStopsTheAnalysisWithWhereItIsBad() throws IOException {
        byte[] bytes = Files.readAllBytes(codeObject);
        Path cut = tmp.resolve("cut.co");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length / 3));
        Path results = results(addresses());
        assertThatThrownBy(() -> PcSamplingAnalyzerTest.analyze(PcSamplingOptions.defaults().withCodeObject(2, cut),
                results)).isInstanceOf(ProfileFormatException.class).hasMessageContaining("cut.co");
    }

    /**
     * An inline chain in rocprofv3's comment gives an inlined call without a function name: the
     * records of instruction 1 carry "/app/vcopy.cpp:19 -> /app/vcopy.cpp:30".
     */
    @Test
    void commentChainsGiveInlinedCallsByCallSite() throws IOException {
        Path p = tmp.resolve("chain_results.json");
        Files.writeString(p, "{\"rocprofiler-sdk-tool\": [" + ResultsJoinTest.element(4242, ResultsJoinTest.records(1, 1))
                + "]}", StandardCharsets.UTF_8);
        PcSamplingReport r = PcSamplingAnalyzerTest.analyze(PcSamplingOptions.defaults(), p);
        KernelSummary k = r.kernels().get(0);
        assertThat(k.inlinedCalls()).singleElement().satisfies(c -> {
            assertThat(c.function()).isNull();
            assertThat(c.callSite()).isEqualTo("/app/vcopy.cpp:30");
            assertThat(c.instructions()).isEqualTo(1);
            assertThat(c.tally().samples()).isEqualTo(k.tally().samples());
        });
    }
}
