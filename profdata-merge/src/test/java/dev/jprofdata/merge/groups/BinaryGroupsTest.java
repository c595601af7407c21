package dev.jprofdata.merge.groups;

import static dev.jprofdata.merge.groups.GroupCalls.join;
import static dev.jprofdata.merge.groups.GroupCalls.start;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.raw.NameTableCache;
import dev.jprofdata.format.raw.RawCounterLayout;
import dev.jprofdata.format.text.TextProfileWriter;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.ProfileMerger;
import dev.jprofdata.merge.state.MergeState;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The binary-group fast path must be unobservable: for any mix of inputs, weights and thread
 * counts, merging with it gives exactly the result of reading every file the ordinary way —
 * records, mismatch reports (which input, how many counts), failures and data-loss totals.
 */
class BinaryGroupsTest {
    @TempDir
    static Path dir;
    static Path fixtures;
    static List<Path> sameBinary = new ArrayList<>();
    static Path otherBinary;
    static Path irWithValues;
    static Path mismatch;
    static Path nearOverflow;
    static Path otherAddresses;
    static Path largeCounter;
    static List<Path> irRuns = new ArrayList<>();
    static Path irMoved;
    static Path irTorn;
    /** IR runs whose value data is damaged: first blob, then last blob, then a site count byte. */
    static List<Path> irDamaged = new ArrayList<>();

    @BeforeAll
    static void setUp() throws IOException {
        fixtures = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().resolve("fixtures/profiles")
                .normalize();
        for (int i = 1; i <= 4; i++) {
            sameBinary.add(fixtures.resolve("fe_" + i + ".profraw"));
        }
        otherBinary = fixtures.resolve("fe_v2_1.profraw");
        irWithValues = fixtures.resolve("ir_1.profraw");
        mismatch = dir.resolve("mismatch.proftext");
        writeCounterMismatch(sameBinary.get(0), mismatch);
        nearOverflow = dir.resolve("near_overflow.profraw");
        writeNearOverflow(sameBinary.get(1), nearOverflow);
        otherAddresses = dir.resolve("other_addresses.profraw");
        writeOtherAddresses(sameBinary.get(2), otherAddresses);
        largeCounter = dir.resolve("large_counter.profraw");
        writeLargeCounter(sameBinary.get(3), largeCounter);
        for (int i = 1; i <= 6; i++) {
            irRuns.add(fixtures.resolve("ir_" + i + ".profraw"));
        }
        irMoved = dir.resolve("ir_moved.profraw");
        moveFunctions(irRuns.get(1), irMoved, 0x10_0000L, false);
        irTorn = dir.resolve("ir_torn.profraw");
        moveFunctions(irRuns.get(2), irTorn, 0x10_0000L, true);
        for (int how = 0; how < 3; how++) {
            Path p = dir.resolve("ir_damaged_" + how + ".profraw");
            damageValueData(irRuns.get(3 + how % 3), p, how);
            irDamaged.add(p);
        }
    }

    /**
     * A copy of an IR run with damaged value data: {@code how} 0 gives the first blob an invalid
     * number of value kinds, 1 makes the last blob's size run past the end of the file, 2 raises
     * the first site's value count so its values overrun the blob.
     */
    private static void damageValueData(Path raw, Path out, int how) throws IOException {
        byte[] bytes = Files.readAllBytes(raw);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        RawCounterLayout layout = RawCounterLayout.probe(b, new NameTableCache());
        assertThat(layout).as("ir fixtures are plain raw files").isNotNull();
        int first = (int) layout.valueDataOffset();
        int last = first;
        while (last + b.getInt(last) < bytes.length) {
            last += b.getInt(last);
        }
        switch (how) {
            case 0 -> b.putInt(first + 4, 99);
            case 1 -> b.putInt(last, b.getInt(last) + 64);
            default -> b.put(first + 16, (byte) 200);
        }
        Files.write(out, bytes);
    }

    /**
     * A copy of an IR raw v10 file whose function pointers all moved by {@code slide} (as another
     * run's would) while its value data still holds the old addresses, so indirect-call targets no
     * longer resolve; with {@code onlyFirst}, only the first record's pointer moves (not one run).
     */
    private static void moveFunctions(Path raw, Path out, long slide, boolean onlyFirst) throws IOException {
        byte[] bytes = Files.readAllBytes(raw);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getLong(8) & 0xFFFF_FFFFL).isEqualTo(10);
        long numData = b.getLong(24);
        int data = 128 + (int) b.getLong(16);
        for (int i = 0; i < numData; i++) {
            int at = data + 64 * i + 32;
            if (b.getLong(at) != 0) {
                b.putLong(at, b.getLong(at) + slide);
                if (onlyFirst) {
                    break;
                }
            }
        }
        Files.write(out, bytes);
    }

    /** A copy of {@code raw} whose last counter is 2^56: the ordinary reader warns about it. */
    private static void writeLargeCounter(Path raw, Path out) throws IOException {
        byte[] bytes = Files.readAllBytes(raw);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        RawCounterLayout layout = RawCounterLayout.probe(b, new NameTableCache());
        b.putLong((int) layout.countersEnd() - 8, 1L << 56);
        Files.write(out, bytes);
    }

    /**
     * A copy of {@code raw} as a run under address-space randomisation writes it: another
     * {@code NamesDelta} and other function addresses (raw v10: header word 12, record bytes 32..47).
     */
    private static void writeOtherAddresses(Path raw, Path out) throws IOException {
        byte[] bytes = Files.readAllBytes(raw);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getLong(8) & 0xFFFF_FFFFL).as("fe fixtures are raw v10").isEqualTo(10);
        b.putLong(96, b.getLong(96) + 0x7000_0000L);
        long numData = b.getLong(24);
        int data = 128 + (int) b.getLong(16);
        for (int i = 0; i < numData; i++) {
            int rec = data + 64 * i;
            b.putLong(rec + 32, b.getLong(rec + 32) + 0x7000_0000L);
        }
        Files.write(out, bytes);
    }

    /** A text profile with the first function of {@code raw} under the same hash but one counter more. */
    private static void writeCounterMismatch(Path raw, Path out) throws IOException {
        try (ProfileReader r = ProfileReaders.open(raw, raw.toString())) {
            writeWithOneCounterMore(r.next(), out);
        }
    }

    /** A text profile holding {@code record} with one counter more (of 7): its shape wins when it comes first. */
    static void writeWithOneCounterMore(ProfileRecord record, Path out) throws IOException {
        long[] counts = java.util.Arrays.copyOf(record.counts(), record.counts().length + 1);
        counts[counts.length - 1] = 7;
        ProfileRecord changed = new ProfileRecord(record.name(), record.hash(), counts, new byte[0],
                ProfileRecord.noValueSites());
        ProfileContents contents = new ProfileContents(ProfileKind.UNKNOWN,
                List.of(new ProfileContents.NameGroup(record.name(), List.of(changed))), List.of(), List.of(),
                TemporalTraces.NONE);
        try (java.io.OutputStream w = Files.newOutputStream(out)) {
            TextProfileWriter.write(contents, w);
        }
    }

    /** A copy of {@code raw} whose every counter is 2^56 - 1: weighted sums of a few copies overflow. */
    static void writeNearOverflow(Path raw, Path out) throws IOException {
        byte[] bytes = Files.readAllBytes(raw);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        RawCounterLayout layout = RawCounterLayout.probe(b, new NameTableCache());
        assertThat(layout).as("fe fixtures are plain raw files").isNotNull();
        for (int i = 0; i < layout.numCounters(); i++) {
            b.putLong((int) layout.countersOffset() + 8 * i, (1L << 56) - 1);
        }
        Files.write(out, bytes);
    }

    @Test
    void runsOfOneBinaryJoinTheFirstOnesGroup() throws IOException {
        BinaryGroups groups = new BinaryGroups();
        MergeState state = new MergeState();
        MergeInput first = MergeInput.of(sameBinary.get(0));
        assertThat(start(groups, 0, first)).as("a plain raw file starts a group").isNotNull();
        JoinedRun joined = join(groups, 1, MergeInput.of(sameBinary.get(1)));
        assertThat(joined).isNotNull();
        assertThat(joined.recordsRead()).isPositive();
        assertThat(join(groups, 5, MergeInput.of(otherAddresses))).as("other run-time addresses").isNotNull();
        assertThat(join(groups, 6, MergeInput.of(largeCounter))).as("a counter of 2^56").isNull();
        assertThat(join(groups, 2, MergeInput.of(otherBinary))).as("another binary").isNull();
        assertThat(join(groups, 3, MergeInput.of(irWithValues))).as("another binary, with values").isNull();
        assertThat(join(groups, 4, new MergeInput(sameBinary.get(2), "w", 256))).as("weight > 255").isNull();
        assertThat(groups.emit(state)).as("nothing to re-read").isEmpty();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void anyMixGivesTheOrdinaryResult(long seed) throws Exception {
        Random random = new Random(seed);
        List<MergeInput> inputs = new ArrayList<>();
        int n = 5 + random.nextInt(40);
        for (int i = 0; i < n; i++) {
            int pick = random.nextInt(20);
            Path p;
            if (pick < 14) {
                p = sameBinary.get(random.nextInt(sameBinary.size()));
            } else if (pick < 16) {
                p = random.nextBoolean() ? otherBinary : irRuns.get(random.nextInt(irRuns.size()));
            } else if (pick < 17) {
                int which = random.nextInt(5);
                p = which == 0 ? irMoved : which == 1 ? irTorn
                        : which == 2 ? irDamaged.get(random.nextInt(irDamaged.size()))
                        : irRuns.get(random.nextInt(irRuns.size()));
            } else if (pick < 18) {
                int which = random.nextInt(3);
                p = which == 0 ? mismatch : which == 1 ? otherAddresses : largeCounter;
            } else {
                p = nearOverflow;
            }
            long weight = random.nextInt(10) == 0 ? 1 + random.nextInt(400) : 1 + random.nextInt(3);
            inputs.add(new MergeInput(p, p.getFileName() + "#" + i, weight));
        }
        int threads = 1 + random.nextInt(3);
        FailureMode mode = FailureMode.WARN;
        MergeResult ordinary = merge(inputs, threads, mode, false);
        MergeResult grouped = merge(inputs, threads, mode, true);
        assertSame(grouped, ordinary);
    }

    @Test
    void runsWithValueDataJoinAndMovedFunctionsAreResolvedAsTheirOwn() throws IOException {
        BinaryGroups groups = new BinaryGroups();
        MergeState state = new MergeState();
        MergeInput first = MergeInput.of(irRuns.get(0));
        assertThat(start(groups, 0, first)).as("a plain raw file starts a group").isNotNull();
        assertThat(join(groups, 1, MergeInput.of(irRuns.get(3)))).as("another run, other value data").isNotNull();
        assertThat(join(groups, 2, MergeInput.of(irMoved))).as("all functions moved by one amount").isNotNull();
        assertThat(join(groups, 3, MergeInput.of(irTorn))).as("one function moved").isNull();
        for (Path damaged : irDamaged) {
            assertThat(join(groups, 4, MergeInput.of(damaged))).as(damaged.getFileName() + ": damaged value data")
                    .isNull();
        }
        assertThat(groups.emit(state)).isEmpty();
    }

    @Test
    void valueProfilesOfManyRunsEqualTheOrdinaryMerge() throws Exception {
        List<MergeInput> inputs = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            Path p = i % 7 == 3 ? irMoved : irRuns.get(i % irRuns.size());
            inputs.add(new MergeInput(p, "run#" + i, 1 + i % 4));
        }
        for (int threads = 1; threads <= 3; threads++) {
            MergeResult ordinary = merge(inputs, threads, FailureMode.WARN, false);
            MergeResult grouped = merge(inputs, threads, FailureMode.WARN, true);
            assertThat(ordinary.contents().groups().stream().anyMatch(g -> g.records().get(0).hasValueSites()))
                    .as("the IR runs carry value profiles").isTrue();
            assertSame(grouped, ordinary);
        }
    }

    /**
     * A probe does not decode the names sections (they are decoded when the slice ends, or on a
     * thread of their own with several threads): runs of a binary whose names are damaged join a
     * group, which must then be read file by file so that the ordinary reader reports each.
     */
    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2})
    void runsWithDamagedNamesAreReadFileByFile(int threads) throws Exception {
        Path damaged = dir.resolve("damaged_names.profraw");
        damageNames(sameBinary.get(0), damaged);
        List<MergeInput> inputs = new ArrayList<>();
        inputs.add(MergeInput.of(otherBinary));
        for (int i = 0; i < 6; i++) {
            inputs.add(new MergeInput(damaged, "damaged#" + i, 1 + i % 2));
        }
        inputs.add(MergeInput.of(sameBinary.get(1)));
        MergeResult ordinary = merge(inputs, 1, FailureMode.WARN, false);
        MergeResult grouped = merge(inputs, threads, FailureMode.WARN, true);
        assertThat(ordinary.failures()).as("the ordinary reader refuses every damaged copy").hasSize(6);
        assertSame(grouped, ordinary);
    }

    /** A copy of a v10 run whose compressed names start with a broken zlib header. */
    private static void damageNames(Path raw, Path out) throws IOException {
        byte[] b = Files.readAllBytes(raw);
        ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(h.getLong(8) & 0xFF).as("raw version").isEqualTo(10);
        long namesAt = 16 * 8 + h.getLong(16) + h.getLong(24) * 64 + h.getLong(32) + h.getLong(40) * 8
                + h.getLong(48) + h.getLong(56) + h.getLong(64);
        int at = (int) namesAt;
        while ((b[at] & 0x80) != 0) {
            at++; // uncompressed length (ULEB128)
        }
        at++;
        while ((b[at] & 0x80) != 0) {
            at++; // compressed length
        }
        at++;
        assertThat(b[at]).as("zlib header: the names are compressed").isEqualTo((byte) 0x78);
        b[at] = 0;
        Files.write(out, b);
    }

    /**
     * Sums that overflow are reported as the ordinary merge reports them, with one slice or with
     * several (whose groups are added up before they are emitted).
     */
    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 3})
    void overflowingGroupIsReadFileByFileAndReportsTheSameInput(int threads) throws Exception {
        List<MergeInput> inputs = new ArrayList<>();
        inputs.add(MergeInput.of(sameBinary.get(1)));
        for (int i = 0; i < 300; i++) {
            inputs.add(new MergeInput(nearOverflow, "near#" + i, 255));
        }
        MergeResult ordinary = merge(inputs, 1, FailureMode.WARN, false);
        MergeResult grouped = merge(inputs, threads, FailureMode.WARN, true);
        assertThat(ordinary.problems()).as("the ordinary path reports overflow").isNotEmpty();
        assertSame(grouped, ordinary);
    }

    /**
     * A group counts what it reads by summing the whole counter section, which is the ordinary
     * reader's sum over records only when the records own the counters one each (as clang writes
     * them). Runs whose records share counters, or leave one unowned, are read the ordinary way,
     * and merge, report and count exactly as it does.
     */
    @ParameterizedTest(name = "{0} threads, shared {1}")
    @org.junit.jupiter.params.provider.CsvSource({"1, true", "2, true", "1, false", "2, false"})
    void runsWhoseRecordsDoNotOwnTheCountersOneEachAreReadTheOrdinaryWay(int threads, boolean shared)
            throws Exception {
        List<Path> changed = new ArrayList<>();
        for (int i = 0; i < sameBinary.size(); i++) {
            Path p = dir.resolve((shared ? "shared" : "unowned") + "_counters_" + i + ".profraw");
            changeCounterOwnership(sameBinary.get(i), p, shared);
            changed.add(p);
        }
        RawCounterLayout layout = RawCounterLayout.probe(
                ByteBuffer.wrap(Files.readAllBytes(changed.get(0))).order(ByteOrder.LITTLE_ENDIAN), new NameTableCache());
        assertThat(layout).as("still a clean file for the ordinary reader").isNotNull();
        assertThat(RecordRanges.of(layout)).isNull();
        assertThat(start(new BinaryGroups(), 0, MergeInput.of(changed.get(0)))).isNull();

        List<MergeInput> inputs = new ArrayList<>();
        inputs.add(MergeInput.of(mismatch));
        for (int i = 0; i < 24; i++) {
            inputs.add(new MergeInput(changed.get(i % changed.size()), "changed#" + i, 1 + i % 3));
        }
        inputs.add(MergeInput.of(sameBinary.get(0)));
        MergeResult ordinary = merge(inputs, 1, FailureMode.WARN, false);
        MergeResult grouped = merge(inputs, threads, FailureMode.WARN, true);
        assertThat(ordinary.problems()).as("the mismatch is reported with its inputs' sums").isNotEmpty();
        assertSame(grouped, ordinary);
    }

    /**
     * A copy of a raw v10 run whose second record counts with the first record's counters
     * ({@code shared}), or whose first record with several counters gives up its last one to no
     * record.
     */
    private static void changeCounterOwnership(Path raw, Path out, boolean shared) throws IOException {
        byte[] bytes = Files.readAllBytes(raw);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getLong(8) & 0xFFFF_FFFFL).as("fe fixtures are raw v10").isEqualTo(10);
        int data = 128 + (int) b.getLong(16);
        if (shared) {
            // Counter pointers are relative to their record: one record further on, 64 bytes less.
            b.putLong(data + 64 + 16, b.getLong(data + 16) - 64);
        } else {
            int rec = data;
            while (b.getInt(rec + 48) < 2) {
                rec += 64;
            }
            b.putInt(rec + 48, b.getInt(rec + 48) - 1);
        }
        Files.write(out, bytes);
    }

    @Test
    void manyCopiesKeepTheFirstSixteenContributorsForMismatchReports() throws Exception {
        List<MergeInput> inputs = new ArrayList<>();
        inputs.add(MergeInput.of(mismatch));
        for (int i = 0; i < 40; i++) {
            inputs.add(new MergeInput(sameBinary.get(i % 4), "copy#" + i, 1 + i % 3));
        }
        MergeResult ordinary = merge(inputs, 1, FailureMode.WARN, false);
        MergeResult grouped = merge(inputs, 2, FailureMode.WARN, true);
        // The text profile's shape wins; 40 records are dropped, the first 16 are named (spec/merge.md).
        assertThat(ordinary.problems()).hasSize(dev.jprofdata.merge.state.BulkContribution.KEPT);
        assertSame(grouped, ordinary);
    }

    private static MergeResult merge(List<MergeInput> inputs, int threads, FailureMode mode, boolean group)
            throws Exception {
        MergeOptions options = MergeOptions.builder().numThreads(threads).failureMode(mode).groupRawInputs(group)
                .build();
        return new ProfileMerger(options).merge(inputs);
    }

    static void assertSame(MergeResult actual, MergeResult expected) {
        ProfileContents a = actual.contents();
        ProfileContents e = expected.contents();
        assertThat(a.kind()).isEqualTo(e.kind());
        assertThat(a.groups()).isEqualTo(e.groups());
        assertThat(a.binaryIds()).usingElementComparator(java.util.Arrays::compare).isEqualTo(e.binaryIds());
        assertThat(a.vtableNames()).isEqualTo(e.vtableNames());
        assertThat(a.traces()).isEqualTo(e.traces());
        assertThat(actual.problems()).isEqualTo(expected.problems());
        assertThat(actual.failures()).isEqualTo(expected.failures());
        assertThat(actual.dataLoss()).isEqualTo(expected.dataLoss());
    }
}
