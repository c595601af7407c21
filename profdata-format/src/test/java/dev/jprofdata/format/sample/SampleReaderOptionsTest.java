package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FS discriminator masking and vtable blocks in the binary formats, on files written by
 * llvm-profdata-22 (see {@code src/test/resources/sample/README.md}); the expected profiles are
 * llvm-profdata-22's {@code merge --text} of the same files with the same options.
 */
class SampleReaderOptionsTest {
    @TempDir
    Path dir;

    private Path resource(String name) throws IOException {
        Path f = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream("/sample/" + name)) {
            Files.copy(in, f, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return f;
    }

    private String read(String name, SampleReadOptions options) throws IOException {
        return SampleDump.of(SampleProfileReaders.read(resource(name), name, options));
    }

    @Test
    void extBinaryFsFlagMasksWithThePassMask() throws IOException {
        SampleReadOptions base = new SampleReadOptions(false, SampleReadOptions.maskForPass("Base"));
        assertThat(read("fs2.sprof", base)).isEqualTo("foo:10:1\n 1.255: 10\n 2.3: 6\n 3: inl:4\n  1.44: 4\n");
        assertThat(SampleProfileReaders.read(resource("fs2.sprof"), "x", SampleReadOptions.DEFAULTS).flags().flowSensitive())
                .isTrue();
    }

    @Test
    void rawBinaryIsFsOnlyWhenTold() throws IOException {
        SampleReadOptions pass1 = new SampleReadOptions(false, SampleReadOptions.maskForPass("Pass1"));
        assertThat(read("fs2.bin.sprof", pass1))
                .isEqualTo("foo:10:1\n 1.4294967295: 10\n 2.3: 5\n 2.259: 1\n 3: inl:4\n  1.300: 4\n");
        SampleReadOptions fsPass1 = new SampleReadOptions(true, SampleReadOptions.maskForPass("Pass1"));
        assertThat(read("fs2.bin.sprof", fsPass1))
                .isEqualTo("foo:10:1\n 1.16383: 10\n 2.3: 5\n 2.259: 1\n 3: inl:4\n  1.300: 4\n");
    }

    @Test
    void vtableBlocksAreReadWhenTheSummarySaysSo() throws IOException {
        String expected = "main:1000:10\n 1: 100 _Z3barv:40 _Z3foov:60\n 3: inl:500\n  1: 500\n"
                + " 1: vtables _ZTV3Bar:40 _ZTV3Foo:60\n 3: vtables _ZTV3Baz:7\n";
        assertThat(read("vt.sprof", SampleReadOptions.DEFAULTS)).isEqualTo(expected);
        assertThat(read("vtz.sprof", SampleReadOptions.DEFAULTS)).isEqualTo(expected);
        assertThat(SampleProfileReaders.read(resource("vt.sprof"), "x", SampleReadOptions.DEFAULTS).flags().vtableTypes())
                .isTrue();
    }

    @Test
    void unknownPassIsRefused() {
        assertThat(SampleReadOptions.maskForPass("Pass2")).isEqualTo(0xFFFFF);
        assertThat(SampleReadOptions.maskForPass("Pass3")).isEqualTo(0x3FFFFFF);
        assertThatThrownBy(() -> SampleReadOptions.maskForPass("Pass4")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everySampleReasonHasTheKindTheGenericMappingGives() {
        for (String reason : new String[] {SampleErrors.BAD_MAGIC, SampleErrors.UNSUPPORTED_VERSION, SampleErrors.TOO_LARGE,
            SampleErrors.TRUNCATED, SampleErrors.MALFORMED, SampleErrors.UNRECOGNIZED_FORMAT,
            SampleErrors.TRUNCATED_NAME_TABLE, SampleErrors.COUNTER_OVERFLOW, SampleErrors.UNCOMPRESS_FAILED,
            SampleErrors.ILLEGAL_LINE_OFFSET, SampleErrors.NOT_FOUND}) {
            assertThat(dev.jprofdata.format.ProfileFormatException.Kind.ofReason(reason)).as(reason)
                    .isEqualTo(SampleErrors.kindOf(reason));
        }
    }
}
