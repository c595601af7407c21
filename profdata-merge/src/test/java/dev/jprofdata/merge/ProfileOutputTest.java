package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.indexed.IndexedVersionPlan;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How merged profiles are written ({@link ProfileOutput}), on the merge of real clang-22 runs: the
 * indexed bytes are llvm-profdata 22's (its golden beside the runs), text is compressed by the
 * file's name, standard output gets the file's bytes, and a failed write of either file of a
 * host/device pair leaves both earlier files as they were — for text as for indexed output.
 */
class ProfileOutputTest {
    private static final Path FIXTURES = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
            .resolve("fixtures/profiles").normalize();
    /** ir_1 and ir_2 (llvm-profdata's ir.proftext); all six runs (its ir.profdata). */
    private static ProfileContents contents;
    private static ProfileContents all;

    @TempDir
    Path tmp;

    @BeforeAll
    static void merge() throws Exception {
        contents = Profiles.merge(List.of(FIXTURES.resolve("ir_1.profraw"), FIXTURES.resolve("ir_2.profraw")))
                .contents();
        all = Profiles.merge(List.of(FIXTURES.resolve("ir_1.profraw"), FIXTURES.resolve("ir_2.profraw"),
                FIXTURES.resolve("ir_3.profraw"), FIXTURES.resolve("ir_4.profraw"), FIXTURES.resolve("ir_5.profraw"),
                FIXTURES.resolve("ir_6.profraw"))).contents();
    }

    @Test
    void indexedIsLlvmsBytesAndStandardOutputGetsTheSame() throws IOException {
        Path file = tmp.resolve("out.profdata");
        ProfileOutput.indexed(IndexedVersionPlan.automatic()).write(all, file);
        assertThat(Files.readAllBytes(file)).isEqualTo(Files.readAllBytes(FIXTURES.resolve("ir.profdata")));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ProfileOutput.indexed(IndexedVersionPlan.automatic()).write(all, out);
        assertThat(out.toByteArray()).isEqualTo(Files.readAllBytes(file));
    }

    @Test
    void textIsCompressedByTheFilesName() throws IOException {
        Path plain = tmp.resolve("out.proftext");
        Path gz = tmp.resolve("out.proftext.gz");
        ProfileOutput.asText().write(contents, plain);
        ProfileOutput.asText().write(contents, gz);
        assertThat(Files.readString(plain)).isEqualTo(Files.readString(FIXTURES.resolve("ir.proftext")));
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            assertThat(in.readAllBytes()).isEqualTo(Files.readAllBytes(plain));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ProfileOutput.asText().write(contents, out);
        assertThat(out.toByteArray()).isEqualTo(Files.readAllBytes(plain));
    }

    @Test
    void aPairThatCannotBeWrittenWholeChangesNeitherFile() throws IOException {
        for (ProfileOutput output : List.of(ProfileOutput.asText(), ProfileOutput.indexed(IndexedVersionPlan.automatic()))) {
            Path host = tmp.resolve("host." + output.text());
            Files.writeString(host, "earlier host");
            // The device target is a non-empty directory: it cannot be replaced by a file.
            Path device = tmp.resolve("device." + output.text());
            Files.createDirectories(device.resolve("inside"));
            assertThatThrownBy(() -> output.write(contents, host, contents, device)).isInstanceOf(IOException.class);
            assertThat(Files.readString(host)).as("text %s", output.text()).isEqualTo("earlier host");
            assertThat(Files.isDirectory(device.resolve("inside"))).isTrue();
        }
    }
}
