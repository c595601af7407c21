package dev.jprofdata.format.offload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Raw v10 device records: slot layout, reduction, side-file mapping and validation. */
class DeviceRawReaderTest {
    @TempDir
    Path tmp;

    /** Expected block totals of the RFC kernels, worked out from the slot formulas by hand. */
    private static final long[] RFC_COUNTS = {40960, 81920, 122880, 163840, 204800};
    private static final long[] HOT_COUNTS = {25600, 51200, 76800, 102400, 128000};

    private List<ProfileRecord> read(DeviceProfileGenerator g, String name, boolean withSide) throws IOException {
        return g.writeAndRead(tmp.resolve(name), withSide);
    }

    @ParameterizedTest(name = "{0} {1} preExpanded={2}")
    @CsvSource({"uniform, LE, false", "uniform, BE, false", "uniform, LE, true", "uniform, BE, true",
        "divergent, LE, false", "divergent, BE, true", "hot, LE, false", "hot, BE, false"})
    void rfcMicrobenchmarksReduce1280SlotsTo5Counters(String kernel, String order, boolean pre) throws IOException {
        DeviceProfileGenerator g = switch (kernel) {
            case "uniform" -> DeviceProfileGenerator.uniformV3("k");
            case "divergent" -> DeviceProfileGenerator.divergentV3("k");
            default -> DeviceProfileGenerator.divergentHotV3("k");
        };
        g.order(order.equals("BE") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN).preExpanded(pre);
        ProfileRecord r = read(g, "k.amdgcn-amd-amdhsa.0.profraw", true).get(0);
        assertThat(r.name()).isEqualTo("k");
        assertThat(r.offload().slotsPerBlock()).isEqualTo(256);
        long[] counts = kernel.equals("hot") ? HOT_COUNTS : RFC_COUNTS;
        assertThat(r.counts()).containsExactly(counts);
        long[] expectedUniform = switch (kernel) {
            case "uniform" -> RFC_COUNTS;
            // Blocks 0 and 1 at half their count.
            case "divergent" -> new long[] {20480, 40960, 122880, 163840, 204800};
            // 85 %, 85 %, 90 %, 100 %, 100 %.
            default -> new long[] {21760, 43520, 69120, 102400, 128000};
        };
        assertThat(r.offload().uniformCounts()).containsExactly(expectedUniform);
        byte[] bits = UniformityRule.DEFAULT.bits(r.counts(), r.offload().uniformCounts());
        // uniform: all ones; divergent: blocks 0, 1 cleared -> 0b11111100.
        assertThat(bits).containsExactly(kernel.equals("uniform") ? (byte) 0xFF : (byte) 0xFC);
    }

    @Test
    void everySlotCountsIncludingTheLastOne() throws IOException {
        // The fork sums slots 0..K-2 and would report 0 here.
        DeviceProfileGenerator g = new DeviceProfileGenerator(8)
                .kernel("last", 1, 2, (b, s) -> s == 7 ? 5 + b : 0, (b, s) -> 0);
        ProfileRecord r = read(g, "last.profraw", false).get(0);
        assertThat(r.counts()).containsExactly(5, 6);
        assertThat(r.offload().uniformCounts()).isNull();
    }

    @Test
    void slotSumsStickAtTheCounterCap() throws IOException {
        // 65536 slots of 2^56 (still a plausible raw counter) sum to 2^72: kept at 2^64 - 3.
        DeviceProfileGenerator g = new DeviceProfileGenerator(65536)
                .kernel("big", 1, 1, (b, s) -> 1L << 56, (b, s) -> 1L << 56);
        ProfileRecord r = read(g, "big.profraw", true).get(0);
        assertThat(r.counts()).containsExactly(-3L);
        assertThat(r.offload().uniformCounts()).containsExactly(-3L);
        assertThat(r.isPseudo()).isFalse();
    }

    @Test
    void multipleKernelsMapTheSideFileInRecordOrder() throws IOException {
        DeviceProfileGenerator g = new DeviceProfileGenerator(4)
                .kernel("a", 1, 2, (b, s) -> 1, (b, s) -> b == 0 ? 1 : 0)
                .kernel("b", 2, 1, (b, s) -> 10, (b, s) -> 9);
        List<ProfileRecord> recs = read(g, "two.profraw", true);
        assertThat(recs).extracting(ProfileRecord::name).containsExactly("a", "b");
        assertThat(recs.get(0).counts()).containsExactly(4, 4);
        assertThat(recs.get(0).offload().uniformCounts()).containsExactly(4, 0);
        assertThat(recs.get(1).counts()).containsExactly(40);
        assertThat(recs.get(1).offload().uniformCounts()).containsExactly(36);
    }

    /**
     * The fork sets NumOffloadProfilingThreads on every record of a device code object and on no
     * record of host code, so a file that mixes both is not a device profile: its records are read
     * as upstream LLVM reads them (the field is padding there), and a notice says so.
     */
    @Test
    void aFileMixingRecordsWithAndWithoutTheFieldIsReadAsAHostProfileWithANotice() throws IOException {
        DeviceProfileGenerator g = new DeviceProfileGenerator(4)
                .kernel("a", 1, 2, (b, s) -> 1, (b, s) -> 0)
                .hostFunction("host", 3, 7, 8, 9);
        Path raw = tmp.resolve("mix.profraw");
        g.writeWithoutSideFile(raw);
        try (ProfileReader r = ProfileReaders.open(raw, "mix.profraw")) {
            ProfileRecord kernel = r.next();
            ProfileRecord host = r.next();
            assertThat(r.next()).isNull();
            // RFC layout: NumCounters is B = 2, read as two plain counters (slots 0 and 1 of block 0).
            assertThat(kernel.counts()).containsExactly(1, 1);
            assertThat(kernel.offload()).isNull();
            assertThat(host.counts()).containsExactly(7, 8, 9);
            assertThat(((RawProfileReader) r).hasDeviceRecords()).isFalse();
            assertThat(r.warnings()).isEmpty();
            assertThat(r.notices()).singleElement().asString()
                    .startsWith("1 of 2 data records (the first is record 0 at byte ")
                    .contains("the values differ between records")
                    .endsWith("every record was read as a host record, as llvm-profdata reads it");
        }
    }

    @Test
    void aThirtyTwoBitProfileIsNeverADeviceProfile() throws IOException {
        Path raw = tmp.resolve("dev32.profraw");
        DeviceProfileGenerator.uniformV3("k32").pointerWidth(4).writeWithoutSideFile(raw);
        try (ProfileReader r = ProfileReaders.open(raw, "dev32.profraw")) {
            ProfileRecord k = r.next();
            assertThat(k.offload()).isNull();
            assertThat(k.counts()).hasSize(5);
            assertThat(r.notices()).singleElement().asString()
                    .contains("value 255")
                    .contains("it is a 32-bit profile and device profiles are 64-bit");
        }
    }

    @ParameterizedTest(name = "T = {0}")
    @CsvSource({"2", "254", "256", "1000"})
    void aValueWhoseSuccessorIsNoPowerOfTwoIsNotADeviceProfile(int t) throws IOException {
        Path raw = tmp.resolve("odd.profraw");
        byte[] bytes = new DeviceProfileGenerator(4).kernel("a", 1, 2, (b, s) -> 1, (b, s) -> 0).profraw();
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putShort(128 + 58, (short) t);
        Files.write(raw, bytes);
        try (ProfileReader r = ProfileReaders.open(raw, "odd.profraw")) {
            assertThat(r.next().offload()).isNull();
            assertThat(r.notices()).singleElement().asString().contains("is not a power of two");
        }
    }

    @Test
    void hostRecordsOfA32BitProfileReadNormally() throws IOException {
        DeviceProfileGenerator g = new DeviceProfileGenerator(4).pointerWidth(4).hostFunction("h", 5, 1, 2);
        assertThat(read(g, "host32.profraw", false).get(0).counts()).containsExactly(1, 2);
    }

    @Test
    void slotsBeyondTheCountersSectionAreAnError() throws IOException {
        Path raw = tmp.resolve("over.profraw");
        byte[] bytes = DeviceProfileGenerator.uniformV3("k").profraw();
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(128 + 16, b.getLong(128 + 16) + 8); // CounterPtr of record 0 one counter further
        Files.write(raw, bytes);
        try (ProfileReader r = ProfileReaders.open(raw, "over.profraw")) {
            assertThatThrownBy(r::next).isInstanceOf(ProfileFormatException.class)
                    .satisfies(e -> assertThat(((ProfileFormatException) e).reason()).isEqualTo(
                            "malformed instrumentation profile data: number of counters 1280 is greater than the"
                                    + " maximum number of counters 1279 (device record 0 (k, NumOffloadProfilingThreads"
                                    + " 255): 5 blocks x 256 slots)"));
        }
    }

    @Test
    void preExpandedCountNotDivisibleBySlotsIsAnError() throws IOException {
        Path raw = tmp.resolve("odd.profraw");
        byte[] bytes = new DeviceProfileGenerator(4).preExpanded(true)
                .kernel("odd", 1, 3, (b, s) -> 1, (b, s) -> 1).profraw();
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getInt(128 + 48)).isEqualTo(12);
        b.putInt(128 + 48, 10); // NumCounters 10: fits as stored, 40 slots would not
        Files.write(raw, bytes);
        try (ProfileReader r = ProfileReaders.open(raw, "odd.profraw")) {
            assertThatThrownBy(r::next).isInstanceOf(ProfileFormatException.class)
                    .satisfies(e -> assertThat(((ProfileFormatException) e).reason()).endsWith(
                            "device record 0 (odd, NumOffloadProfilingThreads 3): NumCounters 10 is not a multiple"
                                    + " of 4 slots"));
        }
    }

    @Test
    void sideFileOfTheWrongLengthIsRefusedAndRecordsKeepNoUniformCounts() throws IOException {
        Path raw = tmp.resolve("w.profraw");
        DeviceProfileGenerator.divergentV3("k").writeWithoutSideFile(raw);
        try (ProfileReader r = ProfileReaders.open(raw, "w.profraw")) {
            RawProfileReader rr = (RawProfileReader) r;
            assertThat(rr.hasDeviceRecords()).isTrue();
            assertThat(rr.deviceSlotCount()).isEqualTo(1280);
            assertThat(rr.attachUniformCounters(new long[1279]))
                    .isEqualTo("size mismatch: 1279 uniform counters for 1280 device counter slots");
            ProfileRecord rec = r.next();
            assertThat(rec.counts()).containsExactly(RFC_COUNTS);
            assertThat(rec.offload().uniformCounts()).isNull();
        }
    }
}
