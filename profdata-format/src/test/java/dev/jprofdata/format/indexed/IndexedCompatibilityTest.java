package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.OffloadData;
import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.indexed.IndexedCompatibility.Feature;
import dev.jprofdata.format.indexed.IndexedCompatibility.Loss;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What each version cannot carry, how it is counted and dropped; versions 14/15; unreadable versions. */
class IndexedCompatibilityTest {

    @TempDir
    Path tmp;

    private static ProfileContents indexed(String file) throws Exception {
        return ContentsFromReader.readFile(file);
    }

    private byte[] write(ProfileContents c, int version) throws Exception {
        return TestFiles.written(c, version, tmp);
    }

    private static List<ProfileRecord> read(byte[] bytes) throws Exception {
        List<ProfileRecord> out = new ArrayList<>();
        try (IndexedProfileReader r = IndexedProfileReader.open(ByteBuffer.wrap(bytes), "w")) {
            for (ProfileRecord rec; (rec = r.next()) != null;) {
                out.add(rec);
            }
        }
        return out;
    }

    private static Loss only(List<Loss> losses, Feature f) {
        return losses.stream().filter(l -> l.feature() == f).findFirst().orElseThrow();
    }

    @Test
    void mcdcBitmapsNeedVersion11() throws Exception {
        ProfileContents c = IndexedVersionWriterTest.contentsOfText("mcdc.proftext");
        long bytes = c.groups().stream().flatMap(g -> g.records().stream()).mapToLong(r -> r.bitmap().length).sum();
        long records = c.groups().stream().flatMap(g -> g.records().stream()).filter(r -> r.bitmap().length > 0).count();
        assertThat(records).isPositive();
        assertThat(IndexedCompatibility.losses(c, 11)).isEmpty();
        Loss loss = only(IndexedCompatibility.losses(c, 10), Feature.MCDC_BITMAPS);
        assertThat(loss.records()).isEqualTo(records);
        assertThat(loss.items()).isEqualTo(bytes);
        assertThat(loss.byDesign()).isFalse();
        assertThat(loss.describe()).isEqualTo("MC/DC bitmaps (" + records + (records == 1 ? " record, " : " records, ")
                + bytes + (bytes == 1 ? " bitmap byte" : " bitmap bytes") + ") need indexed version 11 or newer (LLVM 18); version 10 cannot hold them");
        ProfileContents reduced = IndexedCompatibility.reduce(c, 9);
        assertThat(IndexedCompatibility.losses(reduced, 9)).isEmpty();
        assertThat(read(write(reduced, 9))).allMatch(r -> r.bitmap().length == 0);
        // The writer leaves them out by itself too (same bytes), the v9 layout having no room.
        assertThat(write(c, 9)).isEqualTo(write(reduced, 9));
    }

    @Test
    void vtableValuesNeedVersion12ButStayInLlvm22sVersion11() throws Exception {
        ProfileContents c = indexed("profdata/vt.profdata");
        Loss loss = only(IndexedCompatibility.losses(c, 11), Feature.VTABLE_VALUES);
        assertThat(loss.records()).isPositive();
        assertThat(IndexedCompatibility.losses(c, 12)).isEmpty();
        ProfileContents reduced = IndexedCompatibility.reduce(c, 11);
        assertThat(reduced.groups()).allMatch(g -> g.records().stream()
                .allMatch(r -> r.sites(ValueKind.VTABLE_TARGET).length == 0));
        // The writer itself keeps them, as llvm-profdata 22 --write-prev-version does.
        assertThat(read(write(c, 11))).anyMatch(r -> r.sites(ValueKind.VTABLE_TARGET).length > 0);
        assertThat(read(write(reduced, 11))).noneMatch(r -> r.sites(ValueKind.VTABLE_TARGET).length > 0);
    }

    @Test
    void temporalTracesNeedVersion10AndTakeTheirFlagAlong() throws Exception {
        ProfileContents c = indexed("profdata/tp.profdata");
        Loss loss = only(IndexedCompatibility.losses(c, 9), Feature.TEMPORAL_TRACES);
        assertThat(loss.items()).isEqualTo(c.traces().traces().size()).isPositive();
        byte[] v9 = write(IndexedCompatibility.reduce(c, 9), 9);
        assertThat(ByteBuffer.wrap(v9).order(ByteOrder.LITTLE_ENDIAN).getLong(8)).isEqualTo(9 | ProfileKind.IR);
        assertThat(write(c, 9)).isEqualTo(v9);
        assertThat(IndexedCompatibility.losses(c, 10)).isEmpty();
    }

    @Test
    void loopEntryFlagCannotBeWrittenBeforeVersion10() throws Exception {
        ProfileContents c = indexed("profdata/le.profdata");
        assertThat(only(IndexedCompatibility.losses(c, 9), Feature.LOOP_ENTRIES_FLAG).amount())
                .isEqualTo("the profile's kind");
        // LLVM 16 and older read bits 32-55 as part of the version: bit 55 would make 9 unreadable.
        assertThat(ByteBuffer.wrap(write(c, 9)).order(ByteOrder.LITTLE_ENDIAN).getLong(8)).isEqualTo(9 | ProfileKind.IR);
        assertThat(ByteBuffer.wrap(write(c, 11)).order(ByteOrder.LITTLE_ENDIAN).getLong(8))
                .isEqualTo(11 | ProfileKind.IR | ProfileKind.LOOP_ENTRIES);
    }

    @Test
    void binaryIdsBefore9AreALossByDesign() throws Exception {
        ProfileContents c = indexed("profdata/bid2.profdata");
        Loss loss = only(IndexedCompatibility.losses(c, 8), Feature.BINARY_IDS);
        assertThat(loss.byDesign()).isTrue();
        assertThat(loss.amount()).isEqualTo(c.binaryIds().size() + " binary IDs");
        assertThat(IndexedCompatibility.losses(c, 9)).isEmpty();
    }

    private static ProfileContents device(boolean bits, boolean waves) {
        OffloadData d = new OffloadData(0, null, bits ? new byte[] {(byte) 0xFD} : null,
                waves ? new long[] {100, 100, 100, 100} : null);
        ProfileRecord r = new ProfileRecord("saxpy", 0x1234, new long[] {6400, 3200}, new byte[0], null, d);
        ProfileRecord host = ProfileRecord.of("main", 7, 1, 2, 3);
        return new ProfileContents(new ProfileKind(ProfileKind.IR, false),
                List.of(new NameGroup("main", List.of(host)), new NameGroup("saxpy", List.of(r))),
                List.of(), List.of(), TemporalTraces.NONE);
    }

    @Test
    void waveCountsPickVersion15AndRoundTrip() throws Exception {
        ProfileContents c = device(true, true);
        assertThat(IndexedProfileWriter.effectiveVersion(c, 13)).isEqualTo(15);
        assertThat(IndexedProfileWriter.effectiveVersion(device(true, false), 13)).isEqualTo(14);
        assertThat(IndexedProfileWriter.effectiveVersion(device(false, true), 13)).isEqualTo(15);
        byte[] bytes = write(c, 13);
        assertThat(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(8)).isEqualTo(15 | ProfileKind.IR);
        List<ProfileRecord> back = read(bytes);
        assertThat(back).containsExactlyInAnyOrderElementsOf(
                c.groups().stream().flatMap(g -> g.records().stream()).toList());
        // The record of offload-fork.md 5.2's example, with its four wave counters of 100:
        // hash, 2 counts, no bitmap, 1 uniformity byte 0xFD (padded), 4 wave counters, empty value data.
        String record = "3412000000000000" + "0200000000000000" + "0019000000000000" + "800c000000000000"
                + "0000000000000000" + "0100000000000000" + "fd00000000000000" + "0400000000000000"
                + "6400000000000000".repeat(4) + "0800000000000000";
        String hex = HexFormat.of().formatHex(bytes);
        int at = hex.indexOf(record);
        assertThat(at).isPositive();
        // DataLen (just before the 5-byte key "saxpy") is 104, the record's size.
        assertThat(hex.substring(at - 10 - 16, at - 10)).isEqualTo("6800000000000000");
    }

    @Test
    void uniformityAndWaveLossesAreCounted() {
        List<Loss> at13 = IndexedCompatibility.losses(device(true, true), 13);
        assertThat(at13).extracting(Loss::feature).containsExactly(Feature.UNIFORMITY, Feature.WAVE_COUNTS);
        assertThat(only(at13, Feature.WAVE_COUNTS).amount()).isEqualTo("1 record, 4 wave counters");
        assertThat(only(at13, Feature.UNIFORMITY).amount()).isEqualTo("1 record, 1 uniformity byte");
        assertThat(IndexedCompatibility.losses(device(true, true), 14)).extracting(Loss::feature)
                .containsExactly(Feature.WAVE_COUNTS);
        ProfileContents reduced = IndexedCompatibility.reduce(device(true, true), 13);
        assertThat(reduced.groups().get(1).records().get(0).offload()).isNull();
        ProfileContents keepBits = IndexedCompatibility.reduce(device(true, true), 14);
        assertThat(keepBits.groups().get(1).records().get(0).uniformityBits()).containsExactly((byte) 0xFD);
        assertThat(keepBits.groups().get(1).records().get(0).waveCounts()).isNull();
    }

    @Test
    void version14WithoutWavesReadsAsBefore() throws Exception {
        byte[] v14 = write(device(true, false), 13);
        assertThat(ByteBuffer.wrap(v14).order(ByteOrder.LITTLE_ENDIAN).getLong(8)).isEqualTo(14 | ProfileKind.IR);
        assertThat(read(v14)).contains(device(true, false).groups().get(1).records().get(0));
        // An explicit 15 for records without wave counters writes a 0 count per record.
        assertThat(read(write(device(true, false), 15))).contains(device(true, false).groups().get(1).records().get(0));
    }

    private static String reasonOf(byte[] bytes) {
        try {
            IndexedProfileReader.open(ByteBuffer.wrap(bytes), "x.profdata");
        } catch (ProfileFormatException e) {
            return e.reason();
        }
        throw new AssertionError("read");
    }

    @ParameterizedTest
    @ValueSource(longs = {16, 17, 100, 0xFFFF_FFFFL})
    void futureVersionsSayWhoWritesWhat(long version) throws Exception {
        byte[] b = write(device(false, false), 13);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(8, version | ProfileKind.IR);
        String reason = reasonOf(b);
        assertThat(reason.lines().toList()).hasSize(2);
        assertThat(reason).startsWith("unsupported instrumentation profile format version\nsummary: indexed version "
                + version + " was written by a newer LLVM than this jprofdata knows (it reads versions 1-15; "
                + "LLVM 14 writes 7, 15 writes 8, 16 writes 9, 17 writes 10, 18 writes 11, 19-21 write 12, "
                + "22 writes 13; the offload fork writes 14 and 15)");
        assertThat(reason).contains("--write-prev-version").contains("--for-llvm");
    }

    @Test
    void versionZeroAndFakeForkVersions() throws Exception {
        byte[] b = write(device(false, false), 13);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(8, ProfileKind.IR);
        assertThat(reasonOf(b)).startsWith("unsupported instrumentation profile format version\n"
                + "summary: the version field is 0, which no LLVM writes");
        // A v13 file relabelled 15 does not decode as the fork's layout.
        byte[] v13 = write(device(false, false), 13);
        ByteBuffer.wrap(v13).order(ByteOrder.LITTLE_ENDIAN).putLong(8, 15 | ProfileKind.IR);
        assertThat(reasonOf(v13)).startsWith("unsupported instrumentation profile format version\n"
                + "summary: version 15 is the offload fork's, but the records do not have its layout");
    }

    @Test
    void memProfSectionIsSkipped() throws Exception {
        for (String f : List.of("profdata/mp.profdata", "profdata/mp_v2.profdata", "profdata/mp_v4.profdata")) {
            try (IndexedProfileReader r = IndexedProfileReader.open(TestFiles.file(f), f)) {
                assertThat(r.header().has(ProfileKind.MEMPROF)).isTrue();
                while (r.next() != null) {
                    // records, if any, read normally
                }
            }
        }
    }

    @Test
    void writerRefusesVersionsItCannotWrite() {
        assertThatThrownBy(() -> write(device(false, false), 6)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> write(device(false, false), 16)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void releaseTable() {
        assertThat(IndexedVersions.forLlvm(14)).hasValue(7);
        assertThat(IndexedVersions.forLlvm(18)).hasValue(11);
        assertThat(IndexedVersions.forLlvm(21)).hasValue(12);
        assertThat(IndexedVersions.forLlvm(22)).hasValue(13);
        assertThat(IndexedVersions.forLlvm(13)).isEmpty();
        assertThat(IndexedVersions.writers(12)).isEqualTo("LLVM 19-21");
        assertThat(IndexedVersions.writers(15)).contains("offload");
    }
}
