package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.fuzz.FuzzDrain;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Held-out corruptions of a real clang-written profile (issue 6, "Done when"): mixed endianness,
 * wrong version, zero length, truncation and a flipped header bit each give one clean error
 * through the path every command takes.
 */
class HeldOutCorruptionTest {
    private static final String REAL = "examples/ir_vp_le64_v10.profraw";

    @TempDir
    Path dir;

    private ProfileFormatException failure(byte[] bytes) {
        Path f = RawResources.write(dir, "victim.profraw", bytes);
        ProfileFormatException[] caught = new ProfileFormatException[1];
        assertThatThrownBy(() -> {
            // Not FuzzDrain.drain: it accepts clean errors, and here the error is the point.
            try (var reader = ProfileReaders.open(f, "victim.profraw")) {
                while (reader.next() != null) {
                    reader.symbols();
                }
            } catch (ProfileFormatException e) {
                caught[0] = e;
                throw e;
            }
        }).isInstanceOf(ProfileFormatException.class);
        FuzzDrain.checkClean(caught[0]);
        return caught[0];
    }

    @Test
    void littleEndianProfileFollowedByABigEndianOneIsMalformed() throws IOException {
        byte[] le = RawResources.bytes(REAL);
        byte[] be = LittleToBigEndian.convert(le);
        byte[] mixed = Arrays.copyOf(le, le.length + be.length);
        System.arraycopy(be, 0, mixed, le.length, be.length);
        // The second header's magic is byte-swapped for a little-endian reader: LLVM's bad magic.
        assertThat(failure(mixed).reason()).isEqualTo("invalid instrumentation profile data (bad magic)");
    }

    @Test
    void wrongVersionIsLlvmsVersionMismatch() throws IOException {
        byte[] bytes = RawResources.bytes(REAL);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(8, 11);
        ProfileFormatException e = failure(bytes);
        assertThat(e.reason()).startsWith("raw profile version mismatch: Profile uses raw profile format version = 11;"
                + " expected version = 10");
        assertThat(e.offset()).isEqualTo(8);
    }

    @Test
    void zeroLengthTruncatedAndFlippedAreCleanErrors() throws IOException {
        byte[] bytes = RawResources.bytes(REAL);
        assertThat(failure(new byte[0]).reason()).isEqualTo("empty raw profile file");
        assertThat(failure(Arrays.copyOf(bytes, 100)).reason()).isEqualTo(
                "invalid instrumentation profile data (file header is corrupt)");
        byte[] flipped = bytes.clone();
        flipped[3 * 8 + 7] ^= (byte) 0x40; // NumData gets bit 62: the data section runs past the file
        assertThat(failure(flipped).reason()).isEqualTo(
                "invalid instrumentation profile data (file header is corrupt)");
    }

    @Test
    void inMemoryEntryPointReadsTheSameRecordsAsTheFile() throws Exception {
        byte[] bytes = RawResources.bytes(REAL);
        long fromMemory = FuzzDrain.drain(RawProfileReader.open(ByteBuffer.wrap(bytes), "mem"));
        long fromFile = RawResources.readAll(RawResources.path(REAL)).size();
        assertThat(fromMemory).isEqualTo(fromFile).isPositive();
    }
}
