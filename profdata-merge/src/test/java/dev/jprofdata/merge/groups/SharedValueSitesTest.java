package dev.jprofdata.merge.groups;

import static dev.jprofdata.merge.groups.GroupCalls.start;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.ProfileMerger;
import dev.jprofdata.merge.state.MergeState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Binary groups of different programs share the value sites of the functions they have in common
 * ({@link SharedValueSites}); that must be unobservable. Runs of two real clang-22 programs with
 * value profiles (fixtures {@code ir_*} of {@code prog_ir}, {@code ir_v2_*} of {@code prog_v2_ir},
 * which share {@code copy_stuff} and {@code libc_indirect}) merge, in any mix, order, weighting and
 * thread count, exactly as the ordinary reader merges them; a group that cannot be emitted takes
 * every group it shares sites with to the ordinary reader, in either order of the programs; and so
 * does a record whose name reference matched another program's while its name, once decoded, does
 * not.
 */
class SharedValueSitesTest {
    @TempDir
    static Path dir;
    static final List<Path> prog = new ArrayList<>();
    static final List<Path> progV2 = new ArrayList<>();
    static Path progV2NearOverflow;
    static Path progNearOverflow;
    /** {@code ir_v2_1} whose names section spells {@code copy_stuff} otherwise: its record's reference no longer resolves. */
    static Path progV2Renamed;

    @BeforeAll
    static void setUp() throws IOException {
        Path fixtures = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
                .resolve("fixtures/profiles").normalize();
        for (int i = 1; i <= 6; i++) {
            prog.add(fixtures.resolve("ir_" + i + ".profraw"));
        }
        try (Stream<Path> many = Files.list(fixtures.resolve("many"))) {
            prog.addAll(many.filter(p -> p.getFileName().toString().startsWith("ir_m")).sorted().toList());
        }
        progV2.add(fixtures.resolve("ir_v2_1.profraw"));
        progV2.add(fixtures.resolve("ir_v2_2.profraw"));
        progV2NearOverflow = dir.resolve("ir_v2_near_overflow.profraw");
        BinaryGroupsTest.writeNearOverflow(progV2.get(0), progV2NearOverflow);
        progNearOverflow = dir.resolve("ir_near_overflow.profraw");
        BinaryGroupsTest.writeNearOverflow(prog.get(0), progNearOverflow);
        progV2Renamed = dir.resolve("ir_v2_renamed.profraw");
        renameInNames(progV2.get(0), progV2Renamed, "copy_stuff", "copy_stuFF");
    }

    /**
     * A copy of a raw v10 file whose (zlib-compressed) names section spells {@code from} as
     * {@code to}, everything else as it was: the records keep their name references.
     */
    private static void renameInNames(Path raw, Path out, String from, String to) throws IOException {
        byte[] bytes = Files.readAllBytes(raw);
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getLong(8) & 0xFFFF_FFFFL).isEqualTo(10);
        long[] h = new long[16];
        for (int i = 0; i < 16; i++) {
            h[i] = b.getLong(8 * i);
        }
        int names = (int) (128 + h[2] + 64 * h[3] + h[4] + 8 * h[5] + h[6] + h[7] + h[8]);
        int namesSize = (int) h[9];
        int[] at = {names};
        long plainSize = uleb(bytes, at);
        long packedSize = uleb(bytes, at);
        assertThat(packedSize).as("the fixtures' names are compressed").isPositive();
        java.util.zip.Inflater inflater = new java.util.zip.Inflater();
        inflater.setInput(bytes, at[0], (int) packedSize);
        byte[] plain = new byte[(int) plainSize];
        try {
            assertThat(inflater.inflate(plain)).isEqualTo(plain.length);
        } catch (java.util.zip.DataFormatException e) {
            throw new IOException(e);
        }
        String text = new String(plain, java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(text).contains(from);
        byte[] renamed = text.replace(from, to).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        java.util.zip.Deflater deflater = new java.util.zip.Deflater();
        deflater.setInput(renamed);
        deflater.finish();
        byte[] packed = new byte[renamed.length + 64];
        int packedLength = deflater.deflate(packed);
        java.io.ByteArrayOutputStream section = new java.io.ByteArrayOutputStream();
        writeUleb(section, renamed.length);
        writeUleb(section, packedLength);
        section.write(packed, 0, packedLength);
        int newSize = section.size();
        while (section.size() % 8 != 0) {
            section.write(0);
        }
        int after = names + namesSize + (8 - namesSize % 8) % 8;
        java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
        file.write(bytes, 0, names);
        file.write(section.toByteArray());
        file.write(bytes, after, bytes.length - after);
        byte[] result = file.toByteArray();
        java.nio.ByteBuffer.wrap(result).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(72, newSize);
        Files.write(out, result);
    }

    private static long uleb(byte[] bytes, int[] at) {
        long value = 0;
        for (int shift = 0;; shift += 7) {
            int c = bytes[at[0]++] & 0xFF;
            value |= (long) (c & 0x7F) << shift;
            if (c < 0x80) {
                return value;
            }
        }
    }

    private static void writeUleb(java.io.ByteArrayOutputStream out, long value) {
        do {
            int c = (int) (value & 0x7F);
            value >>>= 7;
            out.write(value != 0 ? c | 0x80 : c);
        } while (value != 0);
    }

    /** Name and hash of each record with value sites, with its number of counters and sites per kind. */
    private static Map<String, String> shapes(Path raw) throws IOException {
        Map<String, String> out = new HashMap<>();
        try (ProfileReader reader = ProfileReaders.open(raw, raw.toString())) {
            for (ProfileRecord r = reader.next(); r != null; r = reader.next()) {
                if (!r.hasValueSites()) {
                    continue;
                }
                StringBuilder shape = new StringBuilder().append(r.counts().length);
                for (ValueKind kind : ValueKind.values()) {
                    shape.append('/').append(r.sites(kind).length);
                }
                out.put(r.name() + "#" + r.hash(), shape.toString());
            }
        }
        return out;
    }

    @Test
    void theSecondProgramBorrowsTheSitesOfEveryFunctionBothHave() throws IOException {
        Map<String, String> first = shapes(prog.get(0));
        Map<String, String> second = shapes(progV2.get(0));
        long common = second.entrySet().stream().filter(e -> e.getValue().equals(first.get(e.getKey()))).count();
        assertThat(common).as("the fixtures' programs share functions with value sites").isGreaterThanOrEqualTo(2);
        assertThat(second.size()).as("and each has some of its own").isGreaterThan((int) common);

        BinaryGroups groups = new BinaryGroups();
        MergeState state = new MergeState();
        assertThat(start(groups, 0, MergeInput.of(prog.get(0)))).isNotNull();
        assertThat(groups.borrowedRecords()).as("one program: nothing to share").isZero();
        assertThat(start(groups, 1, new MergeInput(progV2.get(0), "heavy", 256)))
                .as("a weight above 255 takes the ordinary path").isNull();
        assertThat(groups.borrowedRecords()).as("a run that did not join borrowed nothing").isZero();
        assertThat(start(groups, 1, MergeInput.of(progV2.get(0)))).isNotNull();
        assertThat(groups.borrowedRecords()).isEqualTo(common);
        assertThat(groups.emit(state)).as("nothing to re-read").isEmpty();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void anyMixOfTheTwoProgramsGivesTheOrdinaryResult(long seed) throws Exception {
        Random random = new Random(seed);
        List<MergeInput> inputs = new ArrayList<>();
        int n = 3 + random.nextInt(30);
        for (int i = 0; i < n; i++) {
            List<Path> from = random.nextInt(3) == 0 ? progV2 : prog;
            Path p = from.get(random.nextInt(from.size()));
            long weight = random.nextInt(8) == 0 ? 1 + random.nextInt(300) : 1 + random.nextInt(3);
            inputs.add(new MergeInput(p, p.getFileName() + "#" + i, weight));
        }
        int threads = 1 + random.nextInt(3);
        MergeResult ordinary = merge(inputs, 1, false);
        MergeResult grouped = merge(inputs, threads, true);
        BinaryGroupsTest.assertSame(grouped, ordinary);
    }

    /**
     * The near-overflow program's group cannot be emitted (its sums may have wrapped); the other
     * program's group shares sites with it, as owner or as borrower, and must be read the ordinary
     * way too: emitted alone it would add the sites of runs read again, or lose them.
     */
    @ParameterizedTest(name = "{0} threads, overflowing program first: {1}")
    @org.junit.jupiter.params.provider.CsvSource({"1, false", "1, true", "2, false", "2, true", "3, true"})
    void aGroupThatCannotBeEmittedTakesTheGroupsItSharesWithAlong(int threads, boolean overflowingFirst)
            throws Exception {
        for (Path overflowing : List.of(progV2NearOverflow, progNearOverflow)) {
            Path other = overflowing == progV2NearOverflow ? prog.get(1) : progV2.get(1);
            List<MergeInput> inputs = new ArrayList<>();
            if (!overflowingFirst) {
                inputs.add(new MergeInput(other, "other#0", 3));
            }
            for (int i = 0; i < 300; i++) {
                inputs.add(new MergeInput(overflowing, "near#" + i, 255));
                if (i % 50 == 0) {
                    inputs.add(new MergeInput(other, "other#" + (i + 1), 1 + i % 3));
                }
            }
            MergeResult ordinary = merge(inputs, 1, false);
            MergeResult grouped = merge(inputs, threads, true);
            assertThat(ordinary.problems()).as("the ordinary path reports overflow").isNotEmpty();
            BinaryGroupsTest.assertSame(grouped, ordinary);
        }
    }

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 3})
    void aBorrowerWhoseNameDiffersFromItsOwnersIsReadTheOrdinaryWay(int threads) throws Exception {
        Map<String, String> renamed = shapes(progV2Renamed);
        assertThat(renamed.keySet()).as("the renamed function has no name now")
                .anyMatch(k -> k.startsWith("#")).noneMatch(k -> k.startsWith("copy_stuff#"));
        BinaryGroups groups = new BinaryGroups();
        MergeState state = new MergeState();
        assertThat(start(groups, 0, MergeInput.of(prog.get(0)))).isNotNull();
        assertThat(start(groups, 1, MergeInput.of(progV2Renamed))).isNotNull();
        assertThat(groups.borrowedRecords()).as("its reference still matches").isPositive();
        assertThat(groups.emit(state)).as("both groups are read again").containsExactlyInAnyOrder(0, 1);

        List<MergeInput> inputs = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            Path p = i % 3 == 1 ? progV2Renamed : i % 3 == 2 ? progV2.get(1) : prog.get(i % prog.size());
            inputs.add(new MergeInput(p, p.getFileName() + "#" + i, 1 + i % 4));
        }
        BinaryGroupsTest.assertSame(merge(inputs, threads, true), merge(inputs, 1, false));
    }

    private static MergeResult merge(List<MergeInput> inputs, int threads, boolean group) throws Exception {
        MergeOptions options = MergeOptions.builder().numThreads(threads).failureMode(FailureMode.WARN)
                .groupRawInputs(group).build();
        return new ProfileMerger(options).merge(inputs);
    }
}
