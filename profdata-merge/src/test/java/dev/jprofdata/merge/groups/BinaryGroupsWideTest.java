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
import dev.jprofdata.format.raw.Words;
import dev.jprofdata.format.text.TextProfileWriter;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.ProfileMerger;
import dev.jprofdata.merge.state.MergeState;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The binary-group fast path on runs larger than the windows it reads a file through
 * ({@link Words#CHUNK} words): the {@code wide_*} fixtures (1,500 functions, clang-22) have more
 * records and counters than one window holds, so changes past the first window must keep a file out
 * of a group, and sums, slides and per-record count sums must be right across window edges. As in
 * {@link BinaryGroupsTest}, any mix must give exactly the ordinary reader's result.
 */
class BinaryGroupsWideTest {
    /** Raw v10: records start after the 128-byte header and the binary IDs; 64 bytes each. */
    private static final int HEADER = 128;
    private static final int RECORD = 64;
    private static final int FUNC_HASH = 8;
    private static final int FUNCTION_POINTER = 32;

    @TempDir
    static Path dir;
    static List<Path> fe = new ArrayList<>();
    static List<Path> ir = new ArrayList<>();
    /** A coverage run with one record's hash changed past the first window: another binary. */
    static Path feOtherHash;
    /** A coverage run with a counter of 2^56 past the first window: the reader warns about it. */
    static Path feLargeCounter;
    /** A coverage run with a counter of 2^36 past the first window: its record's sum needs more than 32 bits. */
    static Path feBigRecordSum;
    /** An IR run whose function pointers all moved, except one past the first window. */
    static Path irTornLate;
    /** An IR run whose function pointers all moved by one amount. */
    static Path irMoved;
    /** A text profile of the big-sum function with one counter more: every run's record is dropped. */
    static Path feMismatch;
    static int lateRecord;

    @BeforeAll
    static void setUp() throws IOException {
        Path fixtures = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
                .resolve("fixtures/profiles").normalize();
        for (int i = 1; i <= 3; i++) {
            fe.add(fixtures.resolve("wide_fe_" + i + ".profraw"));
            ir.add(fixtures.resolve("wide_ir_" + i + ".profraw"));
        }
        ByteBuffer first = read(fe.get(0));
        RawCounterLayout layout = RawCounterLayout.probe(first, new NameTableCache());
        assertThat(layout).as("wide fixtures are plain raw files").isNotNull();
        int recordsPerWindow = Words.CHUNK / (RECORD / 8);
        assertThat(layout.numRecords()).as("records span several windows").isGreaterThan(recordsPerWindow + 10);
        assertThat(layout.numCounters()).as("counters span several windows").isGreaterThan(Words.CHUNK + 10);
        lateRecord = recordsPerWindow + 7;
        int lateCounter = Words.CHUNK + 3;
        // The record that holds the late counter gets the big sum and the mismatching text profile.
        int bigRecord = 0;
        while (layout.counterStart(bigRecord) + layout.counterCount(bigRecord) <= lateCounter) {
            bigRecord++;
        }
        long lateCounterAt = layout.countersOffset() + 8L * lateCounter;

        feOtherHash = dir.resolve("fe_other_hash.profraw");
        writeChanged(fe.get(1), feOtherHash, recordAt(first, lateRecord) + FUNC_HASH, 0x1234_5678_9ABCL);
        feLargeCounter = dir.resolve("fe_large_counter.profraw");
        writeChanged(fe.get(2), feLargeCounter, lateCounterAt, 1L << 56);
        feBigRecordSum = dir.resolve("fe_big_record_sum.profraw");
        writeChanged(fe.get(1), feBigRecordSum, lateCounterAt, 1L << 36);
        irMoved = dir.resolve("ir_moved.profraw");
        moveFunctions(ir.get(1), irMoved, -1);
        irTornLate = dir.resolve("ir_torn_late.profraw");
        moveFunctions(ir.get(2), irTornLate, lateRecord);
        feMismatch = dir.resolve("fe_mismatch.proftext");
        writeCounterMismatch(fe.get(0), bigRecord, feMismatch);
    }

    private static ByteBuffer read(Path p) throws IOException {
        return ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static int recordAt(ByteBuffer raw, int record) {
        return HEADER + (int) raw.getLong(16) + RECORD * record;
    }

    private static void writeChanged(Path raw, Path out, long offset, long value) throws IOException {
        ByteBuffer b = read(raw);
        b.putLong((int) offset, value);
        Files.write(out, b.array());
    }

    /** Moves every non-null function pointer by one amount, but leaves record {@code except} alone. */
    private static void moveFunctions(Path raw, Path out, int except) throws IOException {
        ByteBuffer b = read(raw);
        long numData = b.getLong(24);
        for (int i = 0; i < numData; i++) {
            int at = recordAt(b, i) + FUNCTION_POINTER;
            if (i != except && b.getLong(at) != 0) {
                b.putLong(at, b.getLong(at) + 0x20_0000L);
            }
        }
        Files.write(out, b.array());
    }

    private static void writeCounterMismatch(Path raw, int record, Path out) throws IOException {
        ProfileRecord r;
        try (ProfileReader reader = ProfileReaders.open(raw, raw.toString())) {
            r = reader.next();
            for (int i = 0; i < record; i++) {
                r = reader.next();
            }
        }
        long[] counts = Arrays.copyOf(r.counts(), r.counts().length + 1);
        ProfileRecord changed = new ProfileRecord(r.name(), r.hash(), counts, new byte[0], ProfileRecord.noValueSites());
        ProfileContents contents = new ProfileContents(ProfileKind.UNKNOWN,
                List.of(new ProfileContents.NameGroup(r.name(), List.of(changed))), List.of(), List.of(),
                TemporalTraces.NONE);
        try (OutputStream w = Files.newOutputStream(out)) {
            TextProfileWriter.write(contents, w);
        }
    }

    @Test
    void changesPastTheFirstWindowKeepAFileOutOfTheGroup() throws IOException {
        BinaryGroups groups = new BinaryGroups();
        MergeState state = new MergeState();
        assertThat(start(groups, 0, MergeInput.of(fe.get(0)))).isNotNull();
        assertThat(join(groups, 1, MergeInput.of(fe.get(1)))).as("another run").isNotNull();
        assertThat(join(groups, 2, MergeInput.of(feBigRecordSum))).as("a counter of 2^36").isNotNull();
        assertThat(join(groups, 3, MergeInput.of(feOtherHash))).as("a record hash past the first window").isNull();
        assertThat(join(groups, 4, MergeInput.of(feLargeCounter))).as("a counter of 2^56 past it").isNull();
        assertThat(groups.emit(state)).isEmpty();

        BinaryGroups irGroups = new BinaryGroups();
        MergeState irState = new MergeState();
        assertThat(start(irGroups, 0, MergeInput.of(ir.get(0)))).isNotNull();
        assertThat(join(irGroups, 1, MergeInput.of(irMoved))).as("all functions moved by one amount").isNotNull();
        assertThat(join(irGroups, 2, MergeInput.of(irTornLate))).as("one function past the first window stayed")
                .isNull();
        assertThat(irGroups.emit(irState)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void anyMixOfWideRunsGivesTheOrdinaryResult(long seed) throws Exception {
        Random random = new Random(seed);
        boolean coverage = seed % 2 == 1;
        List<Path> pool = new ArrayList<>(coverage ? fe : ir);
        if (coverage) {
            pool.addAll(List.of(feOtherHash, feLargeCounter, feBigRecordSum));
        } else {
            pool.addAll(List.of(irMoved, irTornLate));
        }
        List<MergeInput> inputs = new ArrayList<>();
        if (coverage && random.nextBoolean()) {
            // Drops every run's record of the big-sum function: the reports name each input's count.
            inputs.add(MergeInput.of(feMismatch));
        }
        int n = 5 + random.nextInt(25);
        for (int i = 0; i < n; i++) {
            Path p = pool.get(random.nextInt(pool.size()));
            long weight = random.nextInt(6) == 0 ? 1 + random.nextInt(300) : 1 + random.nextInt(3);
            inputs.add(new MergeInput(p, p.getFileName() + "#" + i, weight));
        }
        int threads = 1 + random.nextInt(3);
        MergeResult ordinary = merge(inputs, threads, false);
        MergeResult grouped = merge(inputs, threads, true);
        BinaryGroupsTest.assertSame(grouped, ordinary);
    }

    @Test
    void countSumsAbove32BitsAreReportedWhole() throws Exception {
        List<MergeInput> inputs = new ArrayList<>();
        inputs.add(MergeInput.of(feMismatch));
        for (int i = 0; i < 6; i++) {
            Path p = i % 2 == 0 ? feBigRecordSum : fe.get(i % 3);
            inputs.add(new MergeInput(p, "run#" + i, 1 + i % 2));
        }
        MergeResult ordinary = merge(inputs, 1, false);
        MergeResult grouped = merge(inputs, 2, true);
        assertThat(ordinary.problems()).as("every run's record of that function is dropped").hasSize(6);
        assertThat(ordinary.problems().get(0).droppedCount()).as("a sum above 2^32").isGreaterThan(1L << 32);
        BinaryGroupsTest.assertSame(grouped, ordinary);
    }

    private static MergeResult merge(List<MergeInput> inputs, int threads, boolean group) throws Exception {
        MergeOptions options = MergeOptions.builder().numThreads(threads).failureMode(FailureMode.WARN)
                .groupRawInputs(group).build();
        return new ProfileMerger(options).merge(inputs);
    }
}
