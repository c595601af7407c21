package dev.jprofdata.format.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Text written by real {@code llvm-profdata merge --text} (transcript outputs and the example
 * dumps), read by our reader, grouped as a merge hands it to a writer, and written again: the
 * bytes must be identical. This checks the writer's layout, header, trace section, ordering and
 * target-name resolution against LLVM's own output.
 */
class TextRoundTripTest {

    /**
     * Outputs with trace names LLVM could not resolve (a name without a record, or one dropped by
     * {@code --sparse}), with the trace line as LLVM wrote it and as it reads back.
     */
    private static final Map<String, List<String>> UNKNOWN_TRACE_NAMES = Map.of(
            "518-sparse-traces-text.proftext", List.of("foo,,,", "foo,"),
            "519-traces-unknown-name.proftext", List.of("foo,zero,,", "foo,zero,"));

    static Stream<Named<Path>> llvmTextOutputs() {
        return Stream.of("merge-text", "examples")
                .flatMap(d -> TextFixtures.list(d, ".proftext").stream()
                        .filter(p -> !UNKNOWN_TRACE_NAMES.containsKey(p.getFileName().toString()))
                        .map(p -> Named.of(d + "/" + p.getFileName(), p)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("llvmTextOutputs")
    void rewritesLlvmOutputIdentically(Path file) throws IOException {
        byte[] original = Files.readAllBytes(file);
        assertThat(TextFixtures.latin1(rewrite(file))).isEqualTo(TextFixtures.latin1(original));
    }

    /**
     * A trace entry LLVM printed as an empty item is dropped when read back, so the rewrite loses
     * those commas; everything else is unchanged.
     */
    @ParameterizedTest
    @ValueSource(strings = {"518-sparse-traces-text.proftext", "519-traces-unknown-name.proftext"})
    void unknownTraceNamesAreLostOnReread(String name) throws IOException {
        Path file = TextFixtures.file("merge-text", name);
        String written = "\n" + UNKNOWN_TRACE_NAMES.get(name).get(0) + "\n";
        String reread = "\n" + UNKNOWN_TRACE_NAMES.get(name).get(1) + "\n";
        String original = Files.readString(file, StandardCharsets.ISO_8859_1);
        assertThat(original).contains(written);
        assertThat(TextFixtures.latin1(rewrite(file))).isEqualTo(original.replace(written, reread));
    }

    static Stream<Named<Path>> llvmShowTextOutputs() {
        return TextFixtures.list("examples", ".show-text.txt").stream()
                .map(p -> Named.of(p.getFileName().toString(), p));
    }

    /**
     * {@code show --text} dumps of indexed files (records in hash-table order, targets named from
     * the indexed file's keys and kept vtable names) are rewritten with the show header and the
     * record writer, in the order read, with the names the reader learned.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("llvmShowTextOutputs")
    void rewritesShowTextIdentically(Path file) throws IOException {
        StringBuilder out = new StringBuilder();
        try (TextProfileReader reader = (TextProfileReader) TextProfileReader.open(file, file.toString())) {
            List<ProfileRecord> records = TextFixtures.readAll(reader);
            TextProfileWriter.writeShowHeader(reader.kind(), out);
            for (ProfileRecord r : records) {
                TextProfileWriter.writeRecord(r, reader.symbols(), out);
            }
        }
        assertThat(out.toString()).isEqualTo(Files.readString(file, StandardCharsets.ISO_8859_1));
    }

    private static byte[] rewrite(Path file) throws IOException {
        try (TextProfileReader reader = (TextProfileReader) TextProfileReader.open(file, file.toString())) {
            // Vtable targets printed by name were kept vtable names (--keep-vtable-symbols).
            ProfileContents contents = TextFixtures.contents(reader, true);
            return TextFixtures.write(contents);
        }
    }
}
