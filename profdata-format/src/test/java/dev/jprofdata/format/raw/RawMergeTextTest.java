package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.TemporalTrace;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decodes real raw files and compares them, rendered like {@code llvm-profdata merge --text}, with
 * what llvm-profdata 22 printed for the same files.
 */
class RawMergeTextTest {

    /** {@code raw-examples/}: every file next to its {@code *.llvm-profdata-merge-text.txt}. */
    @ParameterizedTest
    @ValueSource(strings = {
        "fe_mcdc_le64_v10", "fe_two_profiles_le64_v10", "ir_vp_le32_v10", "ir_vp_le64_v10",
        "ir_vp_le64_v8_clang14", "ir_vtable_le64_v10"})
    void rawExamplesMatchLlvmMergeText(String name) throws IOException {
        String expected = RawResources.text("examples/" + name + ".llvm-profdata-merge-text.txt");
        assertThat(mergeText(false, "examples/" + name + ".profraw")).isEqualTo(expected);
    }

    static Stream<Arguments> indexedExamples() {
        return Stream.of(
                Arguments.of("ef", false, List.of("ef")),
                Arguments.of("le", false, List.of("le")),
                Arguments.of("sbc", false, List.of("sbc")),
                Arguments.of("feo", false, List.of("feo")),
                Arguments.of("cs_only", false, List.of("cs1")),
                // vt.proftext keeps the vtable names (written with --keep-vtable-symbols)
                Arguments.of("vt", true, List.of("vt")),
                Arguments.of("ir", false, List.of("ir1", "ir2")),
                Arguments.of("fe", false, List.of("fe1", "fe2")),
                Arguments.of("mcdc", false, List.of("mcdc1", "mcdc2")));
    }

    /** {@code indexed-examples/profraw/} against the {@code merge --text} dumps in {@code text/}. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("indexedExamples")
    void indexedExampleInputsMatchTheirTextDumps(String text, boolean keepVtables, List<String> inputs)
            throws IOException {
        String[] files = inputs.stream().map(i -> "indexed/" + i + ".profraw").toArray(String[]::new);
        assertThat(mergeText(keepVtables, files)).isEqualTo(RawResources.text("indexed/" + text + ".proftext"));
    }

    /**
     * tp.proftext was written by two merge threads, which put the three traces in an order that
     * depends on scheduling; the records and the set of traces do not.
     */
    @Test
    void temporalInputsMatchTheirTextDumpUpToTraceOrder() throws IOException {
        MiniMerger merged = merge("indexed/tp1.profraw", "indexed/tp2.profraw", "indexed/tp3.profraw");
        String expected = RawResources.text("indexed/tp.proftext");
        String actual = MergeTextRenderer.render(merged, false);
        assertThat(sortedTraceBlocks(actual)).isEqualTo(sortedTraceBlocks(expected));
        assertThat(afterTraces(actual)).isEqualTo(afterTraces(expected));
        assertThat(merged.traces().streamSize()).isEqualTo(3);
        // Per input, as `llvm-profdata show --temporal-profile-traces tpN.profraw` lists them.
        assertThat(merged.traces().traces()).extracting(TemporalTrace::length).containsExactly(3, 3, 1);
    }

    static Stream<Arguments> transcripts() {
        return Stream.of(
                Arguments.of("104-merge-a-text", false, List.of("ir_a")),
                Arguments.of("132-merge-entry-text", false, List.of("entry_a")),
                Arguments.of("133-merge-loop-text", false, List.of("loop_a")),
                Arguments.of("134-merge-bcov-text", false, List.of("bcov_a")),
                Arguments.of("135-merge-fcov-text", false, List.of("fcov_a")),
                Arguments.of("136-merge-vtable-text", false, List.of("vt_a")),
                Arguments.of("137-merge-vtable-keep", true, List.of("vt_a")),
                Arguments.of("500-mcdc-text", false, List.of("mcdc")),
                Arguments.of("511-bigcounter-warn", false, List.of("bigcounter")),
                Arguments.of("103-merge-ab-text", false, List.of("ir_a", "ir_b")),
                Arguments.of("105-merge-fe-text", false, List.of("fe_a", "fe_b")),
                Arguments.of("501-mcdc-twice-text", false, List.of("mcdc", "mcdc")),
                Arguments.of("180-dbgcorr-nocorr", false, List.of("../inputs/dbgcorr_fe.proflite")));
    }

    /** Transcripts of {@code merge --text} on raw inputs (llvm22-transcripts). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("transcripts")
    void transcriptInputsMatchRecordedOutput(String transcript, boolean keepVtables, List<String> inputs)
            throws IOException {
        String[] files = inputs.stream()
                .map(i -> i.startsWith("../") ? "transcripts/inputs/" + i.substring(10) : "transcripts/inputs/" + i
                        + ".profraw")
                .toArray(String[]::new);
        String expected = RawResources.text("transcripts/expected/" + transcript + ".stdout");
        assertThat(mergeText(keepVtables, files)).isEqualTo(expected);
    }

    private static String mergeText(boolean keepVtables, String... files) throws IOException {
        return MergeTextRenderer.render(merge(files), keepVtables);
    }

    private static MiniMerger merge(String... files) throws IOException {
        MiniMerger merger = new MiniMerger();
        for (String f : files) {
            try (ProfileReader reader = RawProfileReader.open(RawResources.path(f), f)) {
                merger.add(reader);
            }
        }
        return merger;
    }

    private static List<String> sortedTraceBlocks(String text) {
        String traces = text.substring(0, text.indexOf("\n\n"));
        String[] parts = traces.split("# Weight:\n");
        return Arrays.stream(parts).skip(1).map(String::strip).sorted(Comparator.naturalOrder()).toList();
    }

    private static String afterTraces(String text) {
        return text.substring(text.indexOf("\n\n"));
    }
}
