package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.Magic;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Raw versions 7 (clang 13) and 5 (clang 10-12) differ from v8 only in the header and in absolute
 * counter pointers. No clang that old is installed here, so the clang 14 v8 fixture is rewritten
 * into each older layout and must read back identically.
 */
class OldVersionsTest {
    @TempDir
    Path dir;

    private static final String V8 = "examples/ir_vp_le64_v8_clang14.profraw";
    /** A made-up absolute runtime address of the counters section. */
    private static final long COUNTERS_ADDRESS = 0x0000_5555_0000_1000L;
    private static final int RECORD = 48;

    private List<ProfileRecord> expected;
    private ByteBuffer v8;

    @BeforeEach
    void readV8() throws IOException {
        expected = RawResources.readAll(RawResources.path(V8));
        v8 = ByteBuffer.wrap(RawResources.bytes(V8)).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(v8.getLong(8) & 0xFFFF_FFFFL).isEqualTo(8);
    }

    @Test
    void version7WithAbsoluteCounterPointersReadsTheSame() throws IOException {
        ByteBuffer v7 = absolutePointers(copy(v8), 88, 7);
        try (ProfileReader r = open(v7.array())) {
            assertThat(RawResources.readAll(r)).isEqualTo(expected);
            assertThat(r.binaryIds()).hasSize(1);
            assertThat(r.displayVersion() & 0xFF).isEqualTo(7);
        }
    }

    /** LLVM 13.0 did not pad binary IDs: a 20-byte ID makes a 28-byte section and unaligned records. */
    @Test
    void version7WithUnpaddedBinaryIdReadsTheSame() throws IOException {
        ByteBuffer v7 = absolutePointers(copy(v8), 88, 7);
        assertThat(v7.getLong(0x10)).isEqualTo(32);
        assertThat(v7.getLong(0x58)).isEqualTo(20);
        byte[] bytes = v7.array();
        byte[] unpadded = new byte[bytes.length - 4];
        System.arraycopy(bytes, 0, unpadded, 0, 0x58 + 8 + 20);
        System.arraycopy(bytes, 0x58 + 32, unpadded, 0x58 + 28, bytes.length - 0x58 - 32);
        ByteBuffer.wrap(unpadded).order(ByteOrder.LITTLE_ENDIAN).putLong(0x10, 28);
        try (ProfileReader r = open(unpadded)) {
            assertThat(RawResources.readAll(r)).isEqualTo(expected);
            try (ProfileReader v8Reader = RawProfileReader.open(RawResources.path(V8), "v8")) {
                assertThat(r.binaryIds()).containsExactlyElementsOf(v8Reader.binaryIds());
            }
        }
    }

    @Test
    void version5WithoutBinaryIdsReadsTheSame() throws IOException {
        // v5 header = the v8 header without BinaryIdsSize (80 bytes), and no binary-ID section.
        long idsSize = v8.getLong(0x10);
        byte[] bytes = v8.array();
        byte[] v5 = new byte[(int) (bytes.length - 8 - idsSize)];
        System.arraycopy(bytes, 0, v5, 0, 16);
        System.arraycopy(bytes, 24, v5, 16, 64);
        System.arraycopy(bytes, (int) (88 + idsSize), v5, 80, (int) (bytes.length - 88 - idsSize));
        ByteBuffer b = absolutePointers(ByteBuffer.wrap(v5).order(ByteOrder.LITTLE_ENDIAN), 80, 5);
        try (ProfileReader r = open(b.array())) {
            assertThat(RawResources.readAll(r)).isEqualTo(expected);
            assertThat(r.binaryIds()).isEmpty();
        }
    }

    /**
     * Version 9 (clang 18) is v10 without the vtable header fields and with two value kinds per
     * record; files without vtable data convert exactly (64- and 32-bit).
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "examples/fe_mcdc_le64_v10.profraw", "examples/ir_vp_le64_v10.profraw", "examples/ir_vp_le32_v10.profraw"})
    void version9ReadsTheSame(String resource) throws IOException {
        List<ProfileRecord> v10Records = RawResources.readAll(RawResources.path(resource));
        ByteBuffer v10 = ByteBuffer.wrap(RawResources.bytes(resource)).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(v10.getLong(0x68)).as("NumVTables").isZero();
        assertThat(v10.getLong(0x70)).as("VNamesSize").isZero();
        byte[] bytes = v10.array();
        ByteBuffer v9 = ByteBuffer.wrap(new byte[bytes.length - 16]).order(ByteOrder.LITTLE_ENDIAN);
        v9.put(0, bytes, 0, 0x68);
        v9.putLong(0x68, 1); // ValueKindLast of LLVM 18
        v9.put(112, bytes, 128, bytes.length - 128);
        v9.putLong(8, (v10.getLong(8) & ~0xFFFF_FFFFL) | 9);
        boolean wide = v10.getLong(0) == Magic.RAW64;
        int record = wide ? 64 : 48;
        int numValueSites = wide ? 52 : 36;
        int data = (int) (112 + v10.getLong(0x10));
        for (int i = 0; i < v10.getLong(0x18); i++) {
            int r = data + i * record;
            assertThat(v9.getShort(r + numValueSites + 4)).as("vtable sites").isZero();
            int numBitmapBytes = v9.getInt(r + numValueSites + 8);
            v9.putInt(r + numValueSites + 4, numBitmapBytes);
            v9.putInt(r + numValueSites + 8, 0);
        }
        try (ProfileReader r = open(v9.array())) {
            assertThat(RawResources.readAll(r)).isEqualTo(v10Records);
            assertThat(r.displayVersion() & 0xFF).isEqualTo(9);
        }
    }

    /**
     * Turns v8's record-relative counter pointers into absolute addresses and sets the version.
     * {@code headerSize} locates the header fields (v5 lacks BinaryIdsSize, shifting the rest by 8).
     */
    private static ByteBuffer absolutePointers(ByteBuffer b, int headerSize, int version) {
        int shift = headerSize == 80 ? 8 : 0;
        long idsSize = headerSize == 80 ? 0 : b.getLong(0x10);
        long numData = b.getLong(0x18 - shift);
        int deltaField = 0x40 - shift;
        long delta = b.getLong(deltaField);
        int data = (int) (headerSize + idsSize);
        for (int i = 0; i < numData; i++) {
            int ptr = data + i * RECORD + 16;
            long offset = b.getLong(ptr) - (delta - (long) i * RECORD);
            b.putLong(ptr, COUNTERS_ADDRESS + offset);
        }
        b.putLong(deltaField, COUNTERS_ADDRESS);
        b.putLong(8, (b.getLong(8) & ~0xFFFF_FFFFL) | version);
        return b;
    }

    private static ByteBuffer copy(ByteBuffer b) {
        return ByteBuffer.wrap(Arrays.copyOf(b.array(), b.capacity())).order(ByteOrder.LITTLE_ENDIAN);
    }

    private ProfileReader open(byte[] bytes) throws IOException {
        return RawProfileReader.open(RawResources.write(dir, "old.profraw", bytes), "old");
    }
}
