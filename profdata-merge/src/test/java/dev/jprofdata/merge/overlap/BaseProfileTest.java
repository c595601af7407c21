package dev.jprofdata.merge.overlap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import dev.jprofdata.format.indexed.IndexedProfileWriter;
import dev.jprofdata.merge.MergeInput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An indexed base read straight into the table holds exactly the records the merge gives, for
 * every committed indexed profile; bases the merge would change are merged.
 */
class BaseProfileTest {
    private static final Path FIXTURES = dev.jprofdata.merge.state.FinishedStates.FIXTURES;

    static Stream<Path> indexedProfiles() throws IOException {
        return dev.jprofdata.merge.state.FinishedStates.indexedProfiles();
    }

    @ParameterizedTest
    @MethodSource("indexedProfiles")
    void readStraightIsWhatTheMergeGives(Path file) throws IOException {
        MergeInput input = new MergeInput(file, file.toString(), 1);
        BaseProfile direct = BaseProfile.readAsMerged(input);
        BaseProfile merged = BaseProfile.merged(input);
        if (direct == null) {
            return; // merged instead: nothing to compare
        }
        assertThat(direct.names()).isEqualTo(merged.names());
        try (ProfileReader reader = ProfileReaders.open(file, file.toString())) {
            ProfileRecord r;
            while ((r = reader.next()) != null) {
                ProfileRecord a = BaseProfile.withHash(direct.recordsNamed(r.name()), r.hash());
                ProfileRecord b = BaseProfile.withHash(merged.recordsNamed(r.name()), r.hash());
                assertThat(describe(a)).as("%s in %s", r.name(), file).isEqualTo(describe(b));
                assertThat(direct.recordsNamed(r.name())).hasSameSizeAs(merged.recordsNamed(r.name()));
            }
        }
        assertThat(direct.problems()).isEmpty();
    }

    /**
     * The totals a straight read counts on the way are those of a pass of their own, for both
     * context sensitivities (overlap then reads the base once less).
     */
    @ParameterizedTest
    @MethodSource("indexedProfiles")
    void totalsCountedOnTheWayAreTheTotals(Path file) throws IOException {
        for (boolean cs : new boolean[] {false, true}) {
            ProfileTotals counted = new ProfileTotals(cs);
            if (BaseProfile.readAsMerged(new MergeInput(file, file.toString(), 1), counted) == null) {
                return;
            }
            CountSums alone = ProfileTotals.read(file, file.toString(), cs);
            CountSums onTheWay = counted.result();
            assertThat(onTheWay.entries()).as("%s cs=%s", file, cs).isEqualTo(alone.entries());
            assertThat(onTheWay.edges()).isEqualTo(alone.edges());
            assertThat(onTheWay.values()).isEqualTo(alone.values());
        }
    }

    /** Most committed profiles are read straight; a comparison that never happens proves nothing. */
    @Test
    void mostCommittedProfilesAreReadStraight() throws IOException {
        List<Path> all = indexedProfiles().toList();
        long straight = all.stream().filter(p -> BaseProfile.readAsMerged(new MergeInput(p, p.toString(), 1)) != null)
                .count();
        assertThat(straight).isGreaterThan(all.size() / 2);
    }

    @Test
    void weightedOrNonIndexedBasesAreMerged() throws IOException {
        Path indexed = FIXTURES.resolve("profiles/ir.profdata");
        assertThat(BaseProfile.readAsMerged(new MergeInput(indexed, "ir.profdata", 1))).isNotNull();
        assertThat(BaseProfile.readAsMerged(new MergeInput(indexed, "ir.profdata", 2))).isNull();
        Path text = FIXTURES.resolve("profiles/ir.proftext");
        assertThat(BaseProfile.readAsMerged(new MergeInput(text, "ir.proftext", 1))).isNull();
    }

    /**
     * Bases whose merge changes a record, built here (clang writes none): counts that grow along a
     * value site (the merge sorts them), a counter above the saturation cap, and one name with the
     * same hash twice (the merge adds them up). Each is merged, and the table then holds what the
     * merge gives.
     */
    @Test
    void basesTheMergeWouldChangeAreMerged(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        ValueSite unsorted = new ValueSite(new long[] {11, 22}, new long[] {1, 5});
        ValueSite[][] sites = ProfileRecord.noValueSites();
        sites[ValueKind.INDIRECT_CALL_TARGET.number()] = new ValueSite[] {unsorted};
        ProfileRecord plain = ProfileRecord.of("plain", 7, 3, 4);
        long hash = 0x1122334455667788L;
        long other = 0x11223344556677AAL;
        List<List<ProfileRecord>> changed = List.of(
                List.of(new ProfileRecord("f", hash, new long[] {9, 9}, new byte[0], sites)),
                List.of(ProfileRecord.of("f", hash, 5, -2L)),
                // Our writer refuses one hash twice in a key: the second is patched in afterwards.
                List.of(ProfileRecord.of("f", hash, 5, 6), ProfileRecord.of("f", other, 7, 8)));
        for (int i = 0; i < changed.size(); i++) {
            Path file = dir.resolve("changed" + i + ".profdata");
            List<ProfileContents.NameGroup> groups = List.of(new ProfileContents.NameGroup("f", changed.get(i)),
                    new ProfileContents.NameGroup("plain", List.of(plain)));
            IndexedProfileWriter.write(new ProfileContents(new ProfileKind(ProfileKind.IR, false), groups, List.of(),
                    List.of(), TemporalTraces.NONE), 12, file);
            byte[] bytes = Files.readAllBytes(file);
            assertThat(replaceWord(bytes, other, hash)).isEqualTo(i == 2 ? 1 : 0);
            Files.write(file, bytes);
            MergeInput input = new MergeInput(file, file.toString(), 1);
            assertThat(BaseProfile.readAsMerged(input)).as(file.toString()).isNull();
            BaseProfile loaded = BaseProfile.load(input);
            assertThat(loaded.names()).containsExactlyInAnyOrder("f", "plain");
            assertThat(describe(BaseProfile.withHash(loaded.recordsNamed("f"), hash)))
                    .isEqualTo(describe(BaseProfile.withHash(BaseProfile.merged(input).recordsNamed("f"), hash)));
        }
    }

    /** Replaces every little-endian 8-byte {@code from} in {@code bytes} by {@code to}; returns how many. */
    private static int replaceWord(byte[] bytes, long from, long to) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int replaced = 0;
        for (int at = 0; at + 8 <= bytes.length; at++) {
            if (b.getLong(at) == from) {
                b.putLong(at, to);
                replaced++;
            }
        }
        return replaced;
    }

    private static String describe(ProfileRecord r) {
        StringBuilder s = new StringBuilder(Long.toHexString(r.hash())).append(Arrays.toString(r.counts()));
        for (ValueKind kind : ValueKind.values()) {
            for (var site : r.sites(kind)) {
                for (int i = 0; i < site.size(); i++) {
                    s.append(' ').append(kind.number()).append(':').append(site.value(i)).append('=').append(site.count(i));
                }
                s.append(';');
            }
        }
        return s.toString();
    }
}
