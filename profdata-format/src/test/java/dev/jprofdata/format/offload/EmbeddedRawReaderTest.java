package dev.jprofdata.format.offload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.raw.RawProfileReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Raw v11 (embedded uniform counters) and v12 (wave counters): the offload fork's own test vector,
 * equivalence with the stage-B (v10 + {@code .unifcnts}) fixtures, byte orders and widths, and the
 * checks on every new field.
 */
class EmbeddedRawReaderTest {
    @TempDir
    Path tmp;

    /** Header 152 bytes; the record starts right after it (no binary IDs). */
    private static final long FIRST_RECORD = 152;

    static List<ProfileRecord> read(byte[] bytes, String name) throws IOException {
        List<ProfileRecord> out = new ArrayList<>();
        try (ProfileReader r = RawProfileReader.open(ByteBuffer.wrap(bytes), name)) {
            ProfileRecord rec;
            while ((rec = r.next()) != null) {
                out.add(rec);
            }
        }
        return out;
    }

    private static ProfileFormatException failure(byte[] bytes) {
        return org.assertj.core.api.Assertions.catchThrowableOfType(() -> read(bytes, "x.profraw"),
                ProfileFormatException.class);
    }

    /**
     * The file the fork's {@code gpu-wave-counts.test} packs with Python (offload-fork.md §1.3): a
     * raw v12 header of 19 u64, one 80-byte record {@code <7QI4HII4x>} for function "wave" (hash
     * 123, 6 counters: 2 lane + {@code numWave} wave, wave size 64), the counters
     * [6400, 3200, 100, 100, 100, 100], the uniform counters [6400, 0], then the names.
     */
    static byte[] forkTestVector(ByteOrder order, int numWave) {
        byte[] name = "wave".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        long nameRef = Names.md5("wave");
        int recordSize = 80;
        long counterDelta = recordSize;
        long uniformDelta = counterDelta + 6 * 8;
        long namesDelta = uniformDelta + 2 * 8;
        byte[] names = new byte[2 + name.length];
        names[0] = (byte) name.length;
        System.arraycopy(name, 0, names, 2, name.length);
        int pad = (8 - names.length % 8) % 8;
        ByteBuffer b = ByteBuffer.allocate(152 + recordSize + 8 * 8 + names.length + pad).order(order);
        long[] header = {0xFF6C70726F667281L, 12 | (1L << 56), 0, 1, 0, 6, 0, 0, 0, 2, 0, uniformDelta, names.length,
            counterDelta, uniformDelta, namesDelta, 0, 0, 2};
        for (long h : header) {
            b.putLong(h);
        }
        // 7 Q: NameRef, FuncHash, CounterPtr, UniformCounterPtr, BitmapPtr, FunctionPointer, Values
        b.putLong(nameRef).putLong(123).putLong(counterDelta).putLong(uniformDelta).putLong(0).putLong(0).putLong(0);
        b.putInt(6); // I: NumCounters
        b.putShort((short) 0).putShort((short) 0).putShort((short) 0).putShort((short) 64); // 4 H
        b.putInt(0).putInt(numWave); // I I: NumBitmapBytes, NumWaveCounters
        b.putInt(0); // 4x
        for (long v : new long[] {6400, 3200, 100, 100, 100, 100, 6400, 0}) {
            b.putLong(v);
        }
        b.put(names).put(new byte[pad]);
        return b.array();
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void theForksWaveCountTestVector(String endian) throws IOException {
        byte[] file = forkTestVector(endian.equals("big") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN, 4);
        List<ProfileRecord> records = read(file, "wave.profraw");
        assertThat(records).hasSize(1);
        ProfileRecord r = records.get(0);
        assertThat(r.name()).isEqualTo("wave");
        assertThat(r.hash()).isEqualTo(123);
        // The fork's expected "Block counts: [6400, 3200]" and "Block wave counts: [100, 100, 100, 100]".
        assertThat(r.counts()).containsExactly(6400, 3200);
        assertThat(r.waveCounts()).containsExactly(100, 100, 100, 100);
        assertThat(r.offload().uniformCounts()).containsExactly(6400, 0);
        assertThat(r.offload().slotsPerBlock()).isZero();
        // Block 0 fully uniform, block 1 never: [U, D].
        assertThat(UniformityRule.DEFAULT.bits(r.counts(), r.offload().uniformCounts())).containsExactly((byte) 0xFD);
    }

    /** The fork's BAD cases: 7 wave counters of 6 counters, and 6 of 6 (no block counter left). */
    @ParameterizedTest
    @ValueSource(ints = {7, 6})
    void invalidNumberOfWaveCounters(int numWave) {
        ProfileFormatException e = failure(forkTestVector(ByteOrder.LITTLE_ENDIAN, numWave));
        assertThat(e.reason()).startsWith("malformed instrumentation profile data: invalid number of wave counters")
                .contains("NumWaveCounters " + numWave);
        assertThat(e.offset()).isEqualTo(FIRST_RECORD);
    }

    /**
     * (a) at the reader: each v11/v12 fixture gives the block counts and uniform counts that the
     * stage-B fixture of the same kernels gives with its side file, so the uniformity rule sees the
     * same numbers; and (b) every byte order and width gives the same records as 64-bit LE.
     */
    @Test
    void embeddedFixturesCarryTheSameEvidenceAsTheSideFileFixtures() throws IOException {
        Map<String, DeviceProfileGenerator> stageB = OffloadFixtures.all();
        int checked = 0;
        for (Map.Entry<String, DeviceProfileGenerator> e : stageB.entrySet()) {
            String stem = e.getKey().substring(0, e.getKey().length() - ".profraw".length());
            boolean withSide = !e.getKey().equals(OffloadFixtures.NO_SIDE_FILE);
            List<ProfileRecord> expected = readStageB(e.getValue(), e.getKey(), withSide);
            for (int version : new int[] {11, 12}) {
                for (OffloadFixtures.Variant v : OffloadFixtures.Variant.values()) {
                    String name = OffloadFixtures.embeddedName(stem, version, v);
                    List<ProfileRecord> got = read(OffloadFixtures.embedded().get(name).profraw(), name);
                    assertThat(got).as(name).hasSameSizeAs(expected);
                    for (int i = 0; i < got.size(); i++) {
                        ProfileRecord g = got.get(i);
                        ProfileRecord x = expected.get(i);
                        assertThat(g.name()).as(name).isEqualTo(x.name());
                        assertThat(g.hash()).isEqualTo(x.hash());
                        assertThat(g.counts()).as(name).containsExactly(x.counts());
                        assertThat(g.offload().uniformCounts()).as(name).isEqualTo(x.offload().uniformCounts());
                        if (version == 11) {
                            assertThat(g.waveCounts()).isNull();
                        } else {
                            assertThat(g.waveCounts()).as(name).hasSize(g.counts().length);
                        }
                    }
                    List<ProfileRecord> le64 = read(OffloadFixtures.embedded()
                            .get(OffloadFixtures.embeddedName(stem, version, OffloadFixtures.Variant.LE64)).profraw(), name);
                    assertThat(got).as(name).isEqualTo(le64);
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(stageB.size() * 6);
    }

    private List<ProfileRecord> readStageB(DeviceProfileGenerator g, String name, boolean withSide) throws IOException {
        return g.writeAndRead(tmp.resolve(name), withSide);
    }

    @Test
    void committedFixturesAreReadFromDisk() throws IOException {
        Path dir = OffloadFixturesTest.dir().resolve(OffloadFixtures.EMBEDDED_DIR);
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(dir));
        Path file = dir.resolve("divergent_v3.amdgcn-amd-amdhsa.0.v12.be64.profraw");
        try (ProfileReader r = ProfileReaders.open(file, "d")) {
            assertThat(((RawProfileReader) r).hasEmbeddedDeviceRecords()).isTrue();
            assertThat(((RawProfileReader) r).hasDeviceRecords()).isFalse();
            ProfileRecord rec = r.next();
            assertThat(rec.counts()).containsExactly(40960, 81920, 122880, 163840, 204800);
            assertThat(rec.offload().uniformCounts()).containsExactly(20480, 40960, 122880, 163840, 204800);
            // One wave counter per block: the 64-lane waves for its count.
            assertThat(rec.waveCounts()).containsExactly(640, 1280, 1920, 2560, 3200);
            assertThat(r.next()).isNull();
        }
    }

    @Test
    void hostRecordsOfV11HaveNoOffloadData() throws IOException {
        for (int version : new int[] {11, 12}) {
            byte[] file = new EmbeddedProfileGenerator(version).hostFunction("main", 0x42, 7, 8, 9).profraw();
            List<ProfileRecord> records = read(file, "host.profraw");
            assertThat(records).containsExactly(ProfileRecord.of("main", 0x42, 7, 8, 9));
            try (ProfileReader r = RawProfileReader.open(ByteBuffer.wrap(file), "h")) {
                assertThat(((RawProfileReader) r).hasEmbeddedDeviceRecords()).isFalse();
                assertThat(r.displayVersion() & 0xFFFF_FFFFL).isEqualTo(version);
            }
        }
    }

    @Test
    void aDeviceRecordWithoutUniformSectionHasNoUniformityData() throws IOException {
        byte[] file = new EmbeddedProfileGenerator(11).function("k", 1, new long[] {5, 6}, null).profraw();
        ProfileRecord r = read(file, "k.profraw").get(0);
        assertThat(r.offload()).isNotNull();
        assertThat(r.offload().hasUniformCounts()).isFalse();
        assertThat(r.waveCounts()).isNull();
    }

    /** {@code PaddingBytesAfterUniformCounters} is honoured: the names still resolve. */
    @Test
    void paddingAfterTheUniformCountersIsSkipped() throws IOException {
        byte[] file = new EmbeddedProfileGenerator(12).uniformPadding(16)
                .function("a", 1, new long[] {10, 20}, new long[] {10, 0}, 1)
                .function("b", 2, new long[] {30}, new long[] {15}, 2, 3)
                .profraw();
        List<ProfileRecord> records = read(file, "p.profraw");
        assertThat(records).extracting(ProfileRecord::name).containsExactly("a", "b");
        assertThat(records.get(1).counts()).containsExactly(30);
        assertThat(records.get(1).offload().uniformCounts()).containsExactly(15);
        assertThat(records.get(1).waveCounts()).containsExactly(2, 3);
    }

    // ---- Validation of the new fields, with the reference's messages and the record's offset ----

    private static byte[] twoKernels() {
        return new EmbeddedProfileGenerator(11)
                .function("a", 1, new long[] {10, 20}, new long[] {10, 0})
                .function("b", 2, new long[] {30}, new long[] {15})
                .profraw();
    }

    /** Offset of UniformCounterPtr in record {@code i} of a 64-bit v11 file. */
    private static int uniformPtrAt(int i) {
        return 152 + 72 * i + 24;
    }

    @Test
    void negativeUniformCounterOffset() {
        byte[] file = twoKernels();
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putLong(uniformPtrAt(1), 0);
        ProfileFormatException e = failure(file);
        // Record 1's delta is UniformCountersDelta - 72 = (144 + 24) - 72 = 96.
        assertThat(e.reason()).isEqualTo("malformed instrumentation profile data: uniform counter offset -96 is negative");
        assertThat(e.offset()).isEqualTo(152 + 72);
    }

    @Test
    void uniformCounterOffsetPastTheSection() {
        byte[] file = twoKernels();
        ByteBuffer buf = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        buf.putLong(uniformPtrAt(0), buf.getLong(uniformPtrAt(0)) + 24);
        ProfileFormatException e = failure(file);
        // Record 0's array was at offset 8 (records are laid out in reverse); 3 counters = 24 bytes.
        assertThat(e.reason()).isEqualTo("malformed instrumentation profile data: uniform counter offset 32 is "
                + "greater than the maximum uniform counter offset 23");
        assertThat(e.offset()).isEqualTo(152);
    }

    @Test
    void tooManyUniformCounters() {
        byte[] file = twoKernels();
        ByteBuffer buf = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        // Record 0 (2 counters) points at the last uniform counter: only 1 fits.
        buf.putLong(uniformPtrAt(0), buf.getLong(uniformPtrAt(0)) + 8);
        ProfileFormatException e = failure(file);
        assertThat(e.reason()).isEqualTo("malformed instrumentation profile data: number of uniform counters 2 is "
                + "greater than the maximum number of uniform counters 1");
    }

    /** NumUniformCounters is a size field: checked against the file before anything is read. */
    @ParameterizedTest
    @CsvSource({"72, 1000", "72, 2305843009213693952", "80, 4096", "72, -1"})
    void hugeUniformSectionIsACorruptHeader(int field, long value) {
        byte[] file = twoKernels();
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putLong(field, value);
        assertThatThrownBy(() -> RawProfileReader.open(ByteBuffer.wrap(file), "x"))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessageContaining("invalid instrumentation profile data (file header is corrupt)");
    }

    @Test
    void hugeWaveCounterCountIsInvalid() {
        byte[] file = forkTestVector(ByteOrder.LITTLE_ENDIAN, -1); // NumWaveCounters 2^32 - 1
        assertThat(failure(file).reason()).contains("invalid number of wave counters");
    }

    @Test
    void headerShorterThanV11IsCorrupt() {
        byte[] file = java.util.Arrays.copyOf(twoKernels(), 151);
        assertThatThrownBy(() -> RawProfileReader.open(ByteBuffer.wrap(file), "x"))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessageContaining("file header is corrupt");
    }

    /** A v10 file relabelled 11 does not have the v11 layout: LLVM 22's version mismatch, as before. */
    @Test
    void aRelabelledV10FileIsAVersionMismatch() {
        DeviceProfileGenerator g = DeviceProfileGenerator.uniformV3("k");
        byte[] file = g.profraw();
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(8, 11);
        ProfileFormatException e = failure(file);
        assertThat(e.reason()).startsWith("raw profile version mismatch: Profile uses raw profile format version = 11;");
        assertThat(e.offset()).isEqualTo(8);
    }

    /** A version above 12 keeps LLVM 22's two lines and says a newer clang wrote it. */
    @ParameterizedTest
    @ValueSource(ints = {13, 99})
    void aFutureVersionSaysJprofdataNeedsAnUpdate(int version) {
        byte[] file = forkTestVector(ByteOrder.LITTLE_ENDIAN, 4);
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(8, version);
        ProfileFormatException e = failure(file);
        assertThat(e.reason()).isEqualTo("raw profile version mismatch: Profile uses raw profile format version = "
                + version + "; expected version = 10\n"
                + "PLEASE update this tool to version in the raw profile, or regenerate raw profile with expected version.\n"
                + "summary: raw version " + version + " was written by a clang newer than this jprofdata knows"
                + " (it reads raw versions 5 and 7 to 12); update jprofdata");
        assertThat(e.offset()).isEqualTo(8);
    }

    /** Every truncation of a v12 file fails cleanly (a ProfileFormatException, never anything else). */
    @Test
    void everyTruncationFailsCleanly() throws IOException {
        byte[] file = forkTestVector(ByteOrder.BIG_ENDIAN, 4);
        for (int len = 0; len < file.length; len++) {
            byte[] cut = java.util.Arrays.copyOf(file, len);
            try {
                read(cut, "t");
            } catch (ProfileFormatException expected) {
                // fine
            }
        }
    }
}
