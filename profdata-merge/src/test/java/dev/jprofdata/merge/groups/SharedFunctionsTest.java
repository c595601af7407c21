package dev.jprofdata.merge.groups;

import static dev.jprofdata.merge.groups.GroupCalls.start;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.raw.NameTableCache;
import dev.jprofdata.format.raw.RawCounterLayout;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The groups of different programs put each function they share into the state once, in the
 * first group's record ({@code BinaryGroups.addSharedFunctions}); that must be unobservable. Two
 * real clang-22 programs ({@code ir_*}: {@code prog_ir}, {@code ir_v2_*}: {@code prog_v2_ir}) share
 * most of their functions. Every common function of the same number of counters is merged that
 * way; when a text profile of another shape comes first, the dropped records of both programs
 * are reported as the ordinary merge reports them (the first 16 runs of either program, by
 * position); and sums of two programs that would pass the counter cap together are left to the
 * state, which reports the overflow.
 */
class SharedFunctionsTest {
    @TempDir
    static Path dir;
    static final List<Path> prog = new ArrayList<>();
    static final List<Path> progV2 = new ArrayList<>();

    @BeforeAll
    static void setUp() {
        Path fixtures = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
                .resolve("fixtures/profiles").normalize();
        for (int i = 1; i <= 6; i++) {
            prog.add(fixtures.resolve("ir_" + i + ".profraw"));
        }
        progV2.add(fixtures.resolve("ir_v2_1.profraw"));
        progV2.add(fixtures.resolve("ir_v2_2.profraw"));
    }

    /** Each record of {@code raw}, as the ordinary reader gives it, by "name#hash". */
    private static Map<String, ProfileRecord> records(Path raw) throws IOException {
        Map<String, ProfileRecord> out = new HashMap<>();
        try (ProfileReader reader = ProfileReaders.open(raw, raw.toString())) {
            for (ProfileRecord r = reader.next(); r != null; r = reader.next()) {
                out.put(r.name() + "#" + r.hash(), r);
            }
        }
        return out;
    }

    @Test
    void everyCommonFunctionOfTheSameShapeEntersTheStateOnce() throws IOException {
        Map<String, ProfileRecord> first = records(prog.get(0));
        Map<String, ProfileRecord> second = records(progV2.get(0));
        long common = second.entrySet().stream().filter(e -> first.containsKey(e.getKey())
                && first.get(e.getKey()).counts().length == e.getValue().counts().length).count();
        assertThat(common).as("the programs share functions").isGreaterThanOrEqualTo(5);

        BinaryGroups groups = new BinaryGroups();
        MergeState state = new MergeState();
        assertThat(start(groups, 0, MergeInput.of(prog.get(0)))).isNotNull();
        assertThat(start(groups, 1, MergeInput.of(progV2.get(0)))).isNotNull();
        assertThat(groups.emit(state)).isEmpty();
        assertThat(groups.mergedRecords()).isEqualTo(common);
    }

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 3})
    void recordsDroppedByAMismatchAreReportedWithTheRunsOfEveryProgram(int threads) throws Exception {
        for (String function : List.of("add", "copy_stuff")) {
            ProfileRecord shared = records(prog.get(0)).values().stream()
                    .filter(r -> r.name().equals(function)).findFirst().orElseThrow();
            Path otherShape = dir.resolve(function + "_other_shape.proftext");
            BinaryGroupsTest.writeWithOneCounterMore(shared, otherShape);
            List<MergeInput> inputs = new ArrayList<>();
            inputs.add(MergeInput.of(otherShape));
            for (int i = 0; i < 40; i++) {
                Path p = i % 3 == 1 ? progV2.get(i % progV2.size()) : prog.get(i % prog.size());
                inputs.add(new MergeInput(p, p.getFileName() + "#" + i, 1 + i % 3));
            }
            MergeResult ordinary = merge(inputs, 1, false);
            MergeResult grouped = merge(inputs, threads, true);
            assertThat(ordinary.problems()).as(function + ": records of both programs are dropped").isNotEmpty();
            BinaryGroupsTest.assertSame(grouped, ordinary);
        }
    }

    /**
     * A copy of a raw file whose counters are all 0 but the first of {@code function}, which is
     * 2^56 - 1 (the largest the fast path takes).
     */
    private static Path writeOneLargeCounter(Path raw, String function, Path out) throws IOException {
        byte[] bytes = Files.readAllBytes(raw);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        RawCounterLayout layout = RawCounterLayout.probe(b, new NameTableCache());
        assertThat(layout).isNotNull();
        for (int i = 0; i < layout.numCounters(); i++) {
            b.putLong((int) layout.countersOffset() + 8 * i, 0);
        }
        int found = -1;
        for (int r = 0; r < layout.numRecords(); r++) {
            if (layout.name(r).equals(function)) {
                found = r;
            }
        }
        assertThat(found).as(function + " in " + raw).isNotNegative();
        b.putLong((int) (layout.countersOffset() + 8 * layout.counterStart(found)), (1L << 56) - 1);
        Files.write(out, bytes);
        return out;
    }

    @Test
    void sumsThatWouldPassTheCapTogetherAreLeftToTheState() throws Exception {
        Path a = writeOneLargeCounter(prog.get(0), "add", dir.resolve("a_large.profraw"));
        Path b = writeOneLargeCounter(progV2.get(0), "add", dir.resolve("b_large.profraw"));
        // (2^56 - 1) * 129 is below the counter cap; twice that is above it.
        List<MergeInput> inputs = List.of(new MergeInput(a, "a", 129), new MergeInput(b, "b", 129));
        MergeResult ordinary = merge(inputs, 1, false);
        MergeResult grouped = merge(inputs, 1, true);
        assertThat(ordinary.problems()).as("the ordinary merge reports the overflow").isNotEmpty();
        BinaryGroupsTest.assertSame(grouped, ordinary);
    }

    /**
     * Runs of two programs with the very same functions: one program's runs, and the same runs
     * as another program's (its build ID changed, as a second link of the same objects would),
     * mixed with weights on 1-3 threads. Every record of the second program goes into the first's
     * (no record of it enters the state); the merge is the ordinary one.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ir", "vsites"})
    void aProgramWhoseFunctionsAreAllAnothersGivesTheOrdinaryResult(String kind) throws Exception {
        Path fixtures = prog.get(0).getParent();
        List<Path> runs = new ArrayList<>();
        List<Path> relinked = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            Path run = fixtures.resolve(kind + "_" + i + ".profraw");
            runs.add(run);
            relinked.add(withAnotherBuildId(run, dir.resolve(kind + "_relinked_" + i + ".profraw")));
        }
        BinaryGroups groups = new BinaryGroups();
        MergeState state = new MergeState();
        assertThat(start(groups, 0, MergeInput.of(runs.get(0)))).isNotNull();
        assertThat(start(groups, 1, MergeInput.of(relinked.get(0)))).as("another program").isNotNull();
        int records = records(runs.get(0)).size();
        assertThat(groups.emit(state)).isEmpty();
        assertThat(groups.mergedRecords()).as("every record of the second program").isEqualTo(records);

        java.util.Random random = new java.util.Random(kind.hashCode());
        for (int trial = 0; trial < 6; trial++) {
            List<MergeInput> inputs = new ArrayList<>();
            int n = 4 + random.nextInt(30);
            for (int i = 0; i < n; i++) {
                Path p = (random.nextBoolean() ? runs : relinked).get(random.nextInt(runs.size()));
                inputs.add(new MergeInput(p, p.getFileName() + "#" + i, 1 + random.nextInt(3)));
            }
            MergeResult ordinary = merge(inputs, 1, false);
            MergeResult grouped = merge(inputs, 1 + trial % 3, true);
            BinaryGroupsTest.assertSame(grouped, ordinary);
        }
    }

    /** A copy of raw file {@code raw} whose (first) build ID has one byte changed. */
    private static Path withAnotherBuildId(Path raw, Path out) throws IOException {
        byte[] bytes = Files.readAllBytes(raw);
        RawCounterLayout layout = RawCounterLayout.probe(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN),
                new NameTableCache());
        assertThat(layout).isNotNull();
        assertThat(layout.binaryIds()).as(raw + " has a build ID").isNotEmpty();
        byte[] id = layout.binaryIds().get(0);
        int at = -1;
        for (int i = 0; i + id.length <= bytes.length && at < 0; i++) {
            if (java.util.Arrays.equals(bytes, i, i + id.length, id, 0, id.length)) {
                at = i;
            }
        }
        assertThat(at).isNotNegative();
        bytes[at] ^= 0x5A;
        Files.write(out, bytes);
        return out;
    }

    private static MergeResult merge(List<MergeInput> inputs, int threads, boolean group) throws Exception {
        MergeOptions options = MergeOptions.builder().numThreads(threads).failureMode(FailureMode.WARN)
                .groupRawInputs(group).build();
        return new ProfileMerger(options).merge(inputs);
    }
}
