package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.OffloadData;
import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTraces;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Indexed version 14 (the offload fork's): expected bytes are built here from the format rules,
 * starting from the version-13 bytes of the same profile without bits (the host path, which the
 * golden tests prove byte-identical to LLVM 22).
 */
class IndexedV14Test {
    @TempDir
    Path tmp;

    private static final long H = 0x1234_5678_9ABC_DEF0L;
    private static final ProfileKind IR = ProfileKind.UNKNOWN.with(ProfileKind.IR);

    private static ProfileContents contents(ProfileRecord... records) {
        List<NameGroup> groups = new java.util.ArrayList<>();
        for (ProfileRecord r : records) {
            groups.add(new NameGroup(r.name(), List.of(r)));
        }
        return new ProfileContents(IR, groups, List.of(), List.of(), TemporalTraces.NONE);
    }

    private byte[] write(ProfileContents c, int version) throws IOException {
        return TestFiles.written(c, version, tmp);
    }

    /** The stage-D worked example: counts [6400, 3200], uniform [6400, 0] → bits 0xFD. */
    private static ProfileRecord example(boolean withBits) {
        ProfileRecord r = ProfileRecord.of("kernel", H, 6400, 3200);
        return withBits ? r.withOffload(OffloadData.ofBits(new byte[] {(byte) 0xFD})) : r;
    }

    private static long u64(byte[] b, int at) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getLong(at);
    }

    @Test
    void recordDataOfTheWorkedExample() throws IOException {
        byte[] v14 = write(contents(example(true)), IndexedProfileWriter.DEFAULT_VERSION);
        assertThat(u64(v14, 8)).isEqualTo(14 | ProfileKind.IR);
        ByteBuffer want = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        want.putLong(H).putLong(2).putLong(6400).putLong(3200);
        want.putLong(0); // NumBitmapBytes, no bitmap bytes
        want.putLong(1); // NumUniformityBytes
        want.put(new byte[] {(byte) 0xFD, 0, 0, 0, 0, 0, 0, 0});
        want.putLong(8); // ValueProfData: TotalSize 8, NumValueKinds 0
        int at = indexOf(v14, want.array());
        assertThat(at).as("record data present").isPositive();
        // Key "kernel" (6 bytes) sits right before the data, DataLen right before the key:
        // 8 + 8 + 2·8 + 8 + align8(0) + 8 + align8(1) + 8 = 64. (offload-fork.md's example says 72,
        // which its own formula contradicts.)
        assertThat(u64(v14, at - 6 - 8)).isEqualTo(64);
    }

    @Test
    void wholeFileIsTheV13FileWithTheRecordExtendedAndOffsetsMoved() throws IOException {
        byte[] v13 = write(contents(example(false)), 13);
        assertThat(u64(v13, 8)).isEqualTo(13 | ProfileKind.IR);
        // v13 record: hash, n, counts, NumBitmapBytes = 0, VP (8 bytes): insert after NumBitmapBytes
        // the v14 fields NumUniformityBytes = 1 and one byte 0xFD padded to 8.
        ByteBuffer rec13 = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
        rec13.putLong(H).putLong(2).putLong(6400).putLong(3200).putLong(0).putLong(8);
        int at = indexOf(v13, rec13.array());
        int insertAt = at + 40;
        byte[] insert = {1, 0, 0, 0, 0, 0, 0, 0, (byte) 0xFD, 0, 0, 0, 0, 0, 0, 0};
        byte[] want = new byte[v13.length + 16];
        System.arraycopy(v13, 0, want, 0, insertAt);
        System.arraycopy(insert, 0, want, insertAt, 16);
        System.arraycopy(v13, insertAt, want, insertAt + 16, v13.length - insertAt);
        ByteBuffer w = ByteBuffer.wrap(want).order(ByteOrder.LITTLE_ENDIAN);
        w.putLong(8, 14 | ProfileKind.IR);
        w.putLong(at - 6 - 8, 48 + 16); // DataLen
        // Header offsets past the records move by 16: hash table, binary IDs, vtable names.
        for (int field : new int[] {32, 48, 64}) {
            w.putLong(field, w.getLong(field) + 16);
        }
        // The bucket table holds the offset of bucket 0's items (before the insertion): unchanged.
        assertThat(write(contents(example(true)), 13)).containsExactly(want);
    }

    @Test
    void readsBackTheBitsAndWritesItAgainIdentically() throws IOException {
        byte[] v14 = write(contents(ProfileRecord.of("host", 7, 1, 2, 3), example(true)), 13);
        Path p = tmp.resolve("back.profdata");
        Files.write(p, v14);
        try (IndexedProfileReader r = IndexedProfileReader.open(p, "back.profdata")) {
            assertThat(r.version()).isEqualTo(14);
            ProfileRecord a = r.next();
            ProfileRecord b = r.next();
            ProfileRecord kernel = a.name().equals("kernel") ? a : b;
            ProfileRecord host = a.name().equals("kernel") ? b : a;
            assertThat(kernel.uniformityBits()).containsExactly((byte) 0xFD);
            assertThat(kernel.offload().isUniform(0)).isTrue();
            assertThat(kernel.offload().isUniform(1)).isFalse();
            assertThat(host.offload()).isNull();
        }
    }

    @Test
    void bitmapBytesAreU8PaddedInV14() throws IOException {
        ProfileRecord r = new ProfileRecord("kernel", H, new long[] {5}, new byte[] {3, 1, 2},
                ProfileRecord.noValueSites(), OffloadData.ofBits(new byte[] {(byte) 0xFF}));
        byte[] v14 = write(contents(r), 13);
        ByteBuffer want = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        want.putLong(H).putLong(1).putLong(5).putLong(3);
        want.put(new byte[] {3, 1, 2, 0, 0, 0, 0, 0});
        want.putLong(1).put(new byte[] {(byte) 0xFF, 0, 0, 0, 0, 0, 0, 0}).putLong(8);
        assertThat(indexOf(v14, want.array())).isPositive();
    }

    @Test
    void hostOnlyStaysV13AndPrevVersionDropsBits() throws IOException {
        assertThat(write(contents(example(false)), 13)).isEqualTo(write(contents(example(false)), 13));
        assertThat(u64(write(contents(example(false)), 13), 8) & 0xFFFF_FFFFL).isEqualTo(13);
        assertThat(IndexedProfileWriter.effectiveVersion(contents(example(true)), 11)).isEqualTo(11);
        assertThat(write(contents(example(true)), 11)).containsExactly(write(contents(example(false)), 11));
    }

    @Test
    void aV13FileRelabelled14IsStillRefusedLikeLlvm22() throws IOException {
        byte[] v13 = write(contents(example(false)), 13);
        ByteBuffer.wrap(v13).order(ByteOrder.LITTLE_ENDIAN).putLong(8, 14 | ProfileKind.IR);
        Path p = tmp.resolve("fake14.profdata");
        Files.write(p, v13);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> IndexedProfileReader.open(p, "fake14.profdata"))
                .isInstanceOf(dev.jprofdata.format.ProfileFormatException.class)
                .hasMessageContaining("unsupported instrumentation profile format version");
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
