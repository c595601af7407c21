package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.jprofdata.format.ProfileFormatException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The names blob encoding, on hand-made blobs (real blobs are covered by every fixture). */
class NamesSectionDecoderTest {
    @TempDir
    Path dir;

    private List<String> decode(byte[] blob) throws IOException {
        Path file = RawResources.write(dir, "names.bin", blob);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return NamesSectionDecoder.decode(RawBytes.map(ch, 30), 0, blob.length, "names");
        }
    }

    private ProfileFormatException failure(byte[] blob) {
        return catchThrowableOfType(ProfileFormatException.class, () -> decode(blob));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] zlib(byte[] data) {
        Deflater d = new Deflater(9);
        d.setInput(data);
        d.finish();
        byte[] buf = new byte[data.length + 64];
        int n = d.deflate(buf);
        d.end();
        return Arrays.copyOf(buf, n);
    }

    /** LLVM's own unit-test blob: one stored chunk and trailing zero padding inside the section. */
    @Test
    void storedChunkWithTrailingZeros() throws IOException {
        assertThat(decode(concat(new byte[] {7, 0}, ascii("foo\u0001bar"), new byte[7])))
                .containsExactly("foo", "bar");
    }

    @Test
    void compressedAndStoredChunksFollowEachOther() throws IOException {
        byte[] text = ascii("twice\u0001neg\u0001vp.c;add1");
        byte[] z = zlib(text);
        byte[] blob = concat(new byte[] {(byte) text.length, (byte) z.length}, z, new byte[3],
                new byte[] {11, 0}, ascii("b_fn\u0001b.c:sb"));
        assertThat(decode(blob)).containsExactly("twice", "neg", "vp.c;add1", "b_fn", "b.c:sb");
    }

    /** Bytes are names as they are (ISO-8859-1 strings), including non-ASCII ones. */
    @Test
    void namesAreRawBytes() throws IOException {
        byte[] name = {'f', (byte) 0xE9, (byte) 0xFF};
        assertThat(decode(concat(new byte[] {3, 0}, name)).get(0).getBytes(StandardCharsets.ISO_8859_1))
                .isEqualTo(name);
    }

    /**
     * A claimed uncompressed length far beyond the real output is accepted (zlib's uncompress only
     * needs room), and must not make us allocate the claimed size: 2^40 bytes here.
     */
    @Test
    void oversizedClaimIsNotAllocated() throws IOException {
        byte[] z = zlib(ascii("main"));
        byte[] uleb40 = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x20};
        assertThat(decode(concat(uleb40, new byte[] {(byte) z.length}, z))).containsExactly("main");
    }

    @Test
    void streamLongerThanClaimedFails() {
        byte[] z = zlib(ascii("main\u0001other"));
        assertThat(failure(concat(new byte[] {4, (byte) z.length}, z)).reason())
                .isEqualTo("failed to uncompress data (zlib)");
    }

    @Test
    void truncatedStreamFails() {
        byte[] z = zlib(ascii("main\u0001other"));
        byte[] cut = Arrays.copyOf(z, z.length - 3);
        assertThat(failure(concat(new byte[] {10, (byte) cut.length}, cut)).reason())
                .isEqualTo("failed to uncompress data (zlib)");
    }

    @Test
    void emptyNameIsRejectedAsLlvmDoes() {
        assertThat(failure(concat(new byte[] {4, 0}, ascii("a\u0001\u0001b"))).reason())
                .isEqualTo("malformed instrumentation profile data: symbol name is empty");
    }

    @Test
    void chunkPastTheSectionEndIsMalformed() {
        ProfileFormatException e = failure(concat(new byte[] {0, 0, 9, 0}, ascii("abc")));
        assertThat(e.reason()).isEqualTo("malformed instrumentation profile data: symbol name is empty");
        e = failure(concat(new byte[] {9, 0}, ascii("abc")));
        assertThat(e.reason()).startsWith("malformed instrumentation profile data: name data extends past");
        assertThat(e.offset()).isZero();
        e = failure(new byte[] {(byte) 0x85});
        assertThat(e.reason()).startsWith("malformed instrumentation profile data: name data extends past");
    }
}
