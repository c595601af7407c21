package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * One regression test per fuzzing finding in the raw reader's decoders (spec/robustness.md lists
 * them). The inputs are the fuzzer's own, kept next to the fuzz corpus.
 */
class FuzzFindingsTest {

    private static byte[] finding(String target, String name) throws IOException {
        String path = "/dev/jprofdata/format/raw/RawReaderFuzzTestInputs/" + target + "/" + name;
        try (InputStream in = FuzzFindingsTest.class.getResourceAsStream(path)) {
            assertThat(in).as(path).isNotNull();
            return in.readAllBytes();
        }
    }

    /** A zlib chunk whose ULEB uncompressed length has bit 63 set gave a negative array size. */
    @Test
    void namesChunkWithHugeUncompressedLengthIsAFormatError() throws IOException {
        byte[] data = finding("namesDecoder", "finding-negative-uncompressed-length");
        RawBytes bytes = RawBytes.wrap(ByteBuffer.wrap(data));
        assertThatThrownBy(() -> NamesSectionDecoder.decode(bytes, 0, data.length, "f"))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessageStartingWith("f: failed to uncompress data (zlib)");
    }

    /** A value-profile blob with TotalSize 0 decoded as empty and did not advance. */
    @Test
    void valueBlobSmallerThanItsHeaderIsMalformed() {
        byte[] blob = new byte[16]; // TotalSize 0, NumValueKinds 0, then anything
        RawBytes bytes = RawBytes.wrap(ByteBuffer.wrap(blob));
        AddressResolver none = new AddressResolver(new long[0], new long[0], new long[0], new long[0], new long[0]);
        assertThatThrownBy(() -> ValueProfDataDecoder.decode(bytes, 0, none, "f"))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessage("f: malformed instrumentation profile data: value profile data is smaller than its header"
                        + " (at byte 0)");
    }

    @Test
    void fuzzerInputWithZeroSizedBlobIsMalformed() throws IOException {
        byte[] data = finding("valueProfData", "finding-zero-total-size");
        RawBytes bytes = RawBytes.wrap(ByteBuffer.wrap(data, 1, data.length - 1));
        AddressResolver none = new AddressResolver(new long[0], new long[0], new long[0], new long[0], new long[0]);
        long at = 0;
        ProfileFormatException thrown = null;
        try {
            while (at < bytes.size()) {
                at += ValueProfDataDecoder.decode(bytes, at, none, "f").totalSize();
            }
        } catch (ProfileFormatException e) {
            thrown = e;
        }
        assertThat(thrown).isNotNull();
        assertThat(thrown.reason()).startsWith("malformed instrumentation profile data");
    }
}
