package dev.jprofdata.format.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every text fixture, read by our reader and dumped in the {@code show --text} layout, compared
 * with what {@code llvm-profdata show --text --all-functions} printed for it ({@code .show}), or,
 * where llvm-profdata failed, the same error message ({@code .err}).
 *
 * <p>{@code show --text} prints records in reader order with the reader's own symbol table, so
 * this checks record order, every number, bitmap bytes, value sites in file order and which target
 * names the reader learned.
 */
class TextShowOracleTest {

    static Stream<Named<Path>> inputs() {
        return Stream.of("examples", "synth", "inputs")
                .flatMap(d -> TextFixtures.list(d, ".proftext").stream()
                        .map(p -> Named.of(d + "/" + p.getFileName(), p)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    void matchesLlvmShowText(Path input) throws IOException {
        Path show = input.resolveSibling(input.getFileName() + ".show");
        Path err = input.resolveSibling(input.getFileName() + ".err");
        String name = input.getFileName().toString();
        if (Files.exists(err)) {
            String expected = Files.readString(err, StandardCharsets.ISO_8859_1).strip();
            assertThatThrownBy(() -> dumpAll(input, name))
                    .isInstanceOf(ProfileFormatException.class)
                    .satisfies(e -> {
                        ProfileFormatException pfe = (ProfileFormatException) e;
                        assertThat(pfe.reason()).isEqualTo(expected);
                        assertThat(pfe.file()).isEqualTo(name);
                    });
        } else {
            assertThat(dumpAll(input, name)).isEqualTo(Files.readString(show, StandardCharsets.ISO_8859_1));
        }
    }

    /**
     * What {@code show --text --all-functions} does with a text input: the show header, then each
     * record in file order, skipping context-sensitive records of IR profiles (shown only with
     * {@code --showcs}) and printing the bitmap LLVM's reused record object carries.
     */
    private static String dumpAll(Path input, String name) throws IOException {
        StringBuilder out = new StringBuilder();
        try (ProfileReader reader = ProfileReaders.open(input, name)) {
            TextProfileReader text = (TextProfileReader) reader;
            TextProfileWriter.writeShowHeader(reader.kind(), out);
            for (ProfileRecord r = reader.next(); r != null; r = reader.next()) {
                if (reader.kind().isIr() && r.isContextSensitive()) {
                    continue;
                }
                ProfileRecord shown = new ProfileRecord(
                        r.name(), r.hash(), r.counts(), text.bitmapAsShownByLlvm(), r.valueSites());
                TextProfileWriter.writeRecord(shown, reader.symbols(), out);
            }
        }
        return out.toString();
    }
}
