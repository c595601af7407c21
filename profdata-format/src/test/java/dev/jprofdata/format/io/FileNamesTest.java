package dev.jprofdata.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Byte strings name the files with exactly those bytes, whatever the JVM's charset: UTF-8 names,
 * and names that are not UTF-8 at all. The files are made by the shell, from octal escapes, so that
 * their bytes do not depend on this JVM's charset either.
 */
class FileNamesTest {
    /** {@code caf<C3 A9>} ("café" in UTF-8) and {@code bad<E9>} (not UTF-8), as byte strings. */
    private static final String UTF8_NAME = "caf\u00C3\u00A9";
    private static final String LATIN1_NAME = "bad\u00E9";

    @TempDir
    Path tmp;

    @BeforeEach
    void files() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs a shell");
        Process p = new ProcessBuilder("/bin/sh", "-c", "mkdir \"$(printf 'd\\351')\" && printf 1 > \"$(printf 'caf\\303\\251')\""
                + " && printf 2 > \"$(printf 'bad\\351')\" && printf 3 > \"$(printf 'd\\351')/$(printf 'bad\\351')\"")
                .directory(tmp.toFile()).inheritIO().start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
    }

    @Test
    void byteStringsNameTheirFiles() throws IOException {
        assertThat(Files.readString(FileNames.resolve(tmp, UTF8_NAME))).isEqualTo("1");
        assertThat(Files.readString(FileNames.resolve(tmp, LATIN1_NAME))).isEqualTo("2");
        assertThat(Files.readString(FileNames.resolve(tmp, "d\u00E9//" + LATIN1_NAME))).isEqualTo("3");
        assertThat(Files.readString(FileNames.resolve(tmp.getRoot(), tmp + "/d\u00E9/" + LATIN1_NAME))).isEqualTo("3");
        assertThat(Files.isDirectory(FileNames.resolve(tmp, "d\u00E9/"))).isTrue();
        // ".." is left for the system to follow, as in the name as typed.
        assertThat(Files.readString(FileNames.resolve(FileNames.resolve(tmp, "d\u00E9"), "../" + LATIN1_NAME)))
                .isEqualTo("2");
        assertThat(Files.readString(FileNames.resolve(tmp, "d\u00E9/./../d\u00E9/" + LATIN1_NAME))).isEqualTo("3");
    }

    @Test
    void listedNamesGiveTheirBytesBack() throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(FileNames::fileName)).containsExactlyInAnyOrder(UTF8_NAME, LATIN1_NAME, "d\u00E9");
        }
        try (Stream<Path> files = Files.list(FileNames.resolve(tmp, "d\u00E9"))) {
            assertThat(files.map(FileNames::fileName)).containsExactly(LATIN1_NAME);
        }
    }

    @Test
    void siblingsAndRelativeNames() throws IOException {
        Path bad = FileNames.resolve(tmp, LATIN1_NAME);
        assertThat(Files.readString(FileNames.resolveSibling(bad, UTF8_NAME))).isEqualTo("1");
        Path relative = FileNames.resolve(Path.of(""), "d\u00E9/" + LATIN1_NAME);
        assertThat(relative.isAbsolute()).isFalse();
        assertThat(Files.readString(tmp.resolve(relative))).isEqualTo("3");
        assertThat(FileNames.resolveSibling(relative, "x")).isEqualTo(FileNames.resolve(Path.of(""), "d\u00E9/x"));
    }

    @Test
    void asciiAndJavaTextAsBefore() {
        assertThat(FileNames.resolve(tmp, "a/b.profraw")).isEqualTo(tmp.resolve("a/b.profraw"));
        // Not a byte string (chars above U+00FF): the JVM's charset encodes it, as Path.of does.
        assertThat(FileNames.resolve(tmp, "\u65E5\u672C")).isEqualTo(tmp.resolve("\u65E5\u672C"));
        assertThat(FileNames.fromJvmString("caf\u00E9")).isEqualTo(
                new String("caf\u00E9".getBytes(FileNames.JVM_CHARSET), StandardCharsets.ISO_8859_1));
        assertThat(FileNames.fromJvmString("plain")).isEqualTo("plain");
    }
}
