package dev.jprofdata.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.io.MappedFaults;
import dev.jprofdata.format.text.TextProfileException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every reader failure carries a {@link Kind}, so callers test a value instead of matching reason
 * texts; the texts (and so every message) are unchanged.
 */
class ProfileFormatExceptionKindTest {
    @TempDir
    Path dir;

    /** Damaged files of the shared reference (their LLVM reasons are checked by the readers' tests). */
    static Stream<Arguments> damagedFiles() {
        return Stream.of(
                Arguments.of("/raw/mutations/numcounters_zero.profraw", Kind.MALFORMED),
                Arguments.of("/raw/mutations/vp_truncated.profraw", Kind.TRUNCATED),
                Arguments.of("/raw/mutations/vp_too_large.profraw", Kind.TOO_LARGE),
                Arguments.of("/raw/mutations/binary_ids_size_odd.profraw", Kind.CORRUPT_HEADER),
                Arguments.of("/raw/mutations/names_zlib_corrupt.profraw", Kind.UNCOMPRESS_FAILED),
                Arguments.of("/raw/mutations/version_11.profraw", Kind.UNSUPPORTED_VERSION),
                Arguments.of("/raw/mutations/second_profile_bad_magic.profraw", Kind.BAD_MAGIC),
                Arguments.of("/indexed/bad/bad_magic.profdata", Kind.UNRECOGNIZED_FORMAT),
                Arguments.of("/indexed/bad/bad_trunc.profdata", Kind.TRUNCATED),
                Arguments.of("/indexed/bad/bad_v14.profdata", Kind.UNSUPPORTED_VERSION),
                Arguments.of("/indexed/bad/bad_hashtype.profdata", Kind.UNSUPPORTED_HASH_TYPE),
                Arguments.of("/indexed/bad/bad_bid0.profdata", Kind.CORRUPT_HEADER));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("damagedFiles")
    void damagedFilesFailWithTheirKind(String resource, Kind kind) throws Exception {
        assertThat(failure(resourcePath(resource)).kind()).isEqualTo(kind);
    }

    @Test
    void missingEmptyAndUnrecognizedFilesHaveTheirKinds() throws Exception {
        assertThat(failure(dir.resolve("missing.profraw")).kind()).isEqualTo(Kind.NOT_FOUND);
        assertThat(failure(write("empty.profraw", new byte[0])).kind()).isEqualTo(Kind.EMPTY_FILE);
        assertThat(failure(write("junk.bin", new byte[] {0, 1, 2, 3, 4, 5, 6, 7, 8})).kind())
                .isEqualTo(Kind.UNRECOGNIZED_FORMAT);
    }

    @Test
    void textFailuresHaveTheirKindsAndKeepTheirLineNumbers() throws Exception {
        ProfileFormatException header = failure(text("header.proftext", ":no_such_flag\n"));
        assertThat(header.kind()).isEqualTo(Kind.CORRUPT_HEADER);
        ProfileFormatException cut = failure(text("cut.proftext", ":ir\nmain\n0x1\n"));
        assertThat(cut.kind()).isEqualTo(Kind.TRUNCATED);
        ProfileFormatException traces = failure(text("traces.proftext", ":ir\n:temporal_prof_traces\n2\n"));
        assertThat(traces.reason()).isEqualTo("end of File");
        assertThat(traces.kind()).isEqualTo(Kind.TRUNCATED);
        ProfileFormatException bad = failure(text("bad.proftext", ":ir\nmain\nnot-a-hash\n1\n1\n"));
        assertThat(bad.kind()).isEqualTo(Kind.MALFORMED);
        assertThat(bad).isInstanceOf(TextProfileException.class);
        ProfileFormatException renamed = bad.withFile("other");
        assertThat(renamed.kind()).isEqualTo(Kind.MALFORMED);
        assertThat(((TextProfileException) renamed).lineNumber()).isEqualTo(((TextProfileException) bad).lineNumber());
    }

    @Test
    void damagedGzipInputsAreTruncatedOrMalformed() throws Exception {
        byte[] gz = gzip(Files.readAllBytes(resourcePath("/indexed/bad/bad_trunc.profdata")));
        assertThat(failure(write("cut.profdata.gz", Arrays.copyOf(gz, gz.length / 2))).kind())
                .isEqualTo(Kind.TRUNCATED);
        byte[] damaged = gz.clone();
        for (int i = 10; i < damaged.length - 8; i++) {
            damaged[i] = (byte) 0xFF;
        }
        assertThat(failure(write("junk.profdata.gz", damaged)).kind()).isEqualTo(Kind.MALFORMED);
    }

    @Test
    void aKindDoesNotChangeTheMessage() {
        ProfileFormatException typed = new ProfileFormatException("f", 12, Kind.TRUNCATED, "truncated profile data");
        ProfileFormatException untyped = new ProfileFormatException("f", 12, "truncated profile data");
        assertThat(typed.getMessage()).isEqualTo("f: truncated profile data (at byte 12)");
        assertThat(untyped.getMessage()).isEqualTo(typed.getMessage());
        assertThat(untyped.kind()).isEqualTo(Kind.TRUNCATED);
        assertThat(typed.withFile("g").kind()).isEqualTo(Kind.TRUNCATED);
        assertThat(new ProfileFormatException(null, -1, null, "x").kind()).isEqualTo(Kind.MALFORMED);
    }

    /**
     * A file that shrinks under a mapping is its own kind (the whole read is void), which is how
     * merge and overlap tell it from a file that is simply cut short.
     */
    @Test
    void aFileTruncatedWhileReadIsNotATruncatedFile() {
        ProfileFormatException shrank = MappedFaults.truncated("f",
                new InternalError("a fault occurred in an unsafe memory access operation"));
        assertThat(shrank.kind()).isEqualTo(Kind.TRUNCATED_WHILE_READING);
        assertThat(shrank.getMessage()).isEqualTo("f: " + MappedFaults.TRUNCATED);
        assertThat(MappedFaults.isTruncation(shrank)).isTrue();
        assertThat(MappedFaults.isTruncation(new ProfileFormatException("f", 8, "truncated profile data"))).isFalse();
    }

    /**
     * The three-argument constructors (which other code may still use) take the kind from the
     * reason; every reason of spec/robustness.md's catalogue maps to its kind.
     */
    @Test
    void reasonsOfTheCatalogueMapToTheirKinds() {
        assertThat(Kind.ofReason("No such file or directory")).isEqualTo(Kind.NOT_FOUND);
        assertThat(Kind.ofReason(ProfileReaders.EMPTY_FILE)).isEqualTo(Kind.EMPTY_FILE);
        assertThat(Kind.ofReason(ProfileReaders.UNRECOGNIZED)).isEqualTo(Kind.UNRECOGNIZED_FORMAT);
        assertThat(Kind.ofReason("invalid instrumentation profile data (bad magic)")).isEqualTo(Kind.BAD_MAGIC);
        assertThat(Kind.ofReason("invalid instrumentation profile data (file header is corrupt)"))
                .isEqualTo(Kind.CORRUPT_HEADER);
        assertThat(Kind.ofReason("raw profile version mismatch: Profile uses raw profile format version = 4"))
                .isEqualTo(Kind.UNSUPPORTED_VERSION);
        assertThat(Kind.ofReason("unsupported instrumentation profile format version: MemProf version 9"))
                .isEqualTo(Kind.UNSUPPORTED_VERSION);
        assertThat(Kind.ofReason("unsupported instrumentation profile hash type")).isEqualTo(Kind.UNSUPPORTED_HASH_TYPE);
        assertThat(Kind.ofReason("truncated profile data")).isEqualTo(Kind.TRUNCATED);
        assertThat(Kind.ofReason("truncated zstd data")).isEqualTo(Kind.TRUNCATED);
        assertThat(Kind.ofReason("end of File")).isEqualTo(Kind.TRUNCATED);
        assertThat(Kind.ofReason("file was truncated while being read")).isEqualTo(Kind.TRUNCATED_WHILE_READING);
        assertThat(Kind.ofReason("trailing garbage after gzip data (not a gzip member)")).isEqualTo(Kind.MALFORMED);
        assertThat(Kind.ofReason("too much profile data")).isEqualTo(Kind.TOO_LARGE);
        assertThat(Kind.ofReason("malformed instrumentation profile data: symbol name is empty"))
                .isEqualTo(Kind.MALFORMED);
        assertThat(Kind.ofReason("malformed gzip data: invalid block type")).isEqualTo(Kind.MALFORMED);
        assertThat(Kind.ofReason("failed to uncompress data (zlib)")).isEqualTo(Kind.UNCOMPRESS_FAILED);
        assertThat(Kind.ofReason("zstd-compressed data needs zstd-jni (com.github.luben:zstd-jni) on the class path:"
                + " java.lang.NoClassDefFoundError")).isEqualTo(Kind.DECOMPRESSOR_UNAVAILABLE);
        assertThat(Kind.ofReason("decompressed gzip data is larger than 268435456 bytes (a decompression bomb?"
                + " -Djprofdata.maxDecompressionRatio=N raises the limit)")).isEqualTo(Kind.DECOMPRESSION_LIMIT);
        assertThat(Kind.ofReason("something nobody wrote down")).isEqualTo(Kind.MALFORMED);
        assertThat(Kind.ofReason(null)).isEqualTo(Kind.MALFORMED);
    }

    /** The failure of opening {@code file} and reading it to the end. */
    private static ProfileFormatException failure(Path file) {
        ProfileFormatException e = catchThrowableOfType(() -> {
            try (ProfileReader reader = ProfileReaders.open(file, file.getFileName().toString())) {
                while (reader.next() != null) {
                    // read to the end
                }
            }
        }, ProfileFormatException.class);
        assertThat(e).as("failure of " + file).isNotNull();
        return e;
    }

    private static Path resourcePath(String resource) throws URISyntaxException {
        return Path.of(ProfileFormatExceptionKindTest.class.getResource(resource).toURI());
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private Path text(String name, String content) throws IOException {
        return write(name, content.getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] gzip(byte[] data) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }
}
