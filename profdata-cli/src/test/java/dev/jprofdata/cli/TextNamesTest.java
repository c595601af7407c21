package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 18, item 14: {@code merge --text} of a function whose name a text profile cannot hold
 * (llvm-profdata writes it, and the file reads back as other functions or fails) is refused before
 * anything is written, naming the function; the indexed output of the same input still works.
 */
class TextNamesTest {
    @TempDir
    Path tmp;

    /** An indexed profile of one function named {@code name}, written through the text reader's escape hatch. */
    private Path indexedWithName(String name) throws IOException {
        // The indexed format holds any bytes: merge a proftext whose name line is harmless, then
        // patch the name's bytes in the indexed file (same length, so every offset stays valid).
        String placeholder = "x".repeat(name.length());
        Files.write(tmp.resolve("one.proftext"), (":ir\n" + placeholder + "\n0x1\n1\n5\n").getBytes(StandardCharsets.ISO_8859_1));
        CliRun merge = CliRun.run(tmp, "merge", "-o", "one.profdata", "one.proftext");
        assertThat(merge.exitCode()).as(merge.stderr()).isZero();
        byte[] bytes = Files.readAllBytes(tmp.resolve("one.profdata"));
        byte[] from = placeholder.getBytes(StandardCharsets.ISO_8859_1);
        byte[] to = name.getBytes(StandardCharsets.ISO_8859_1);
        int patched = 0;
        for (int i = 0; i + from.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + from.length, from, 0, from.length)) {
                System.arraycopy(to, 0, bytes, i, to.length);
                patched++;
            }
        }
        assertThat(patched).isPositive();
        return Files.write(tmp.resolve("named.profdata"), bytes);
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource({"'a\nb', a line break", "'#main', starts with '#'", "'f\r', a carriage return"})
    void aNameThatWouldNotReadBackIsRefused(String name, String why) throws IOException {
        Path profile = indexedWithName(name);
        CliRun show = CliRun.run(tmp, "show", "--all-functions", profile.toString());
        assertThat(show.exitCode()).as(show.stderr()).isZero();
        Files.writeString(tmp.resolve("out.proftext"), "previous");
        CliRun text = CliRun.run(tmp, "merge", "--text", "-o", "out.proftext", profile.toString());
        assertThat(text.exitCode()).isEqualTo(1);
        assertThat(text.stderr()).contains("cannot be written to a text profile").contains(why)
                .contains("write an indexed profile instead");
        assertThat(Files.readString(tmp.resolve("out.proftext"))).isEqualTo("previous");
        CliRun indexed = CliRun.run(tmp, "merge", "-o", "out.profdata", profile.toString());
        assertThat(indexed.exitCode()).as(indexed.stderr()).isZero();
    }
}
