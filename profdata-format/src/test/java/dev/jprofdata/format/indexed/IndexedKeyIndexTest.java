package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTraces;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Looking a key up by name gives exactly the records the reader streams under that name, for
 * every committed indexed profile and for many keys whose string hashes collide; a name that is
 * not a key gives nothing; a name stored under two keys gives no index at all.
 */
class IndexedKeyIndexTest {

    static Stream<Path> committed() throws IOException {
        try (Stream<Path> s = Files.walk(TestFiles.root())) {
            return s.filter(p -> p.toString().endsWith(".profdata")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("committed")
    void lookupsGiveWhatTheReaderStreams(Path file) throws IOException {
        Map<String, List<String>> streamed = new LinkedHashMap<>();
        IndexedKeyIndex index;
        try (IndexedProfileReader reader = IndexedProfileReader.open(file, file.toString())) {
            index = reader.keyIndex();
            ProfileRecord r;
            while ((r = reader.next()) != null) {
                streamed.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(describe(r));
            }
        } catch (dev.jprofdata.format.ProfileFormatException e) {
            return; // a damaged fixture: the reader refuses it, whatever the index says
        }
        assertThat(index).as(file.toString()).isNotNull();
        assertThat(index.size()).isEqualTo(streamed.size());
        assertThat(index.names()).containsExactlyInAnyOrderElementsOf(streamed.keySet());
        for (Map.Entry<String, List<String>> e : streamed.entrySet()) {
            assertThat(index.recordsNamed(e.getKey()).stream().map(IndexedKeyIndexTest::describe).toList())
                    .as("%s in %s", e.getKey(), file).isEqualTo(e.getValue());
        }
        assertThat(index.recordsNamed("no such function")).isNull();
        for (String name : streamed.keySet()) {
            assertThat(index.recordsNamed(name + "x")).isNull();
        }
    }

    /** "Aa" and "BB" have one string hash: names built of them collide in every slot choice. */
    @Test
    void namesWithOneStringHashAreToldApart(@TempDir Path dir) throws IOException {
        SplittableRandom rnd = new SplittableRandom(7);
        List<ProfileContents.NameGroup> groups = new ArrayList<>();
        for (int i = 0; i < 256; i++) {
            StringBuilder name = new StringBuilder();
            for (int b = 0; b < 8; b++) {
                name.append((i >> b & 1) == 0 ? "Aa" : "BB");
            }
            groups.add(new ProfileContents.NameGroup(name.toString(),
                    List.of(ProfileRecord.of(name.toString(), 1000 + i, i, rnd.nextInt(100)))));
        }
        groups.sort(java.util.Comparator.comparing(ProfileContents.NameGroup::name));
        Path file = dir.resolve("collide.profdata");
        IndexedProfileWriter.write(new ProfileContents(new ProfileKind(ProfileKind.IR, false), groups, List.of(),
                List.of(), TemporalTraces.NONE), IndexedProfileWriter.DEFAULT_VERSION, file);
        try (IndexedProfileReader reader = IndexedProfileReader.open(file, "collide.profdata")) {
            IndexedKeyIndex index = reader.keyIndex();
            assertThat(index.size()).isEqualTo(256);
            for (ProfileContents.NameGroup g : groups) {
                assertThat(index.recordsNamed(g.name())).hasSize(1);
                assertThat(describe(index.recordsNamed(g.name()).get(0))).isEqualTo(describe(g.records().get(0)));
            }
            assertThat(index.recordsNamed("AaAaAaAaAaAaAaBb")).isNull();
        }
    }

    @Test
    void aNameUnderTwoKeysGivesNoIndex(@TempDir Path dir) throws IOException {
        List<ProfileContents.NameGroup> groups = List.of(
                new ProfileContents.NameGroup("func_one", List.of(ProfileRecord.of("func_one", 11, 1, 2))),
                new ProfileContents.NameGroup("func_two", List.of(ProfileRecord.of("func_two", 22, 3, 4))));
        Path file = dir.resolve("twice.profdata");
        IndexedProfileWriter.write(new ProfileContents(new ProfileKind(ProfileKind.IR, false), groups, List.of(),
                List.of(), TemporalTraces.NONE), IndexedProfileWriter.DEFAULT_VERSION, file);
        byte[] bytes = Files.readAllBytes(file);
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int at = text.indexOf("func_two");
        assertThat(at).isPositive();
        System.arraycopy("func_one".getBytes(StandardCharsets.ISO_8859_1), 0, bytes, at, 8);
        Files.write(file, bytes);
        try (IndexedProfileReader reader = IndexedProfileReader.open(file, "twice.profdata")) {
            assertThat(reader.keyIndex()).isNull();
        }
    }

    private static String describe(ProfileRecord r) {
        StringBuilder sb = new StringBuilder(r.name()).append('/').append(r.hash()).append(' ')
                .append(java.util.Arrays.toString(r.counts())).append(' ')
                .append(java.util.Arrays.toString(r.bitmap()));
        for (dev.jprofdata.format.ValueKind kind : dev.jprofdata.format.ValueKind.values()) {
            for (dev.jprofdata.format.ValueSite site : r.sites(kind)) {
                sb.append(' ').append(kind).append(java.util.Arrays.toString(site.values()))
                        .append(java.util.Arrays.toString(site.counts()));
            }
        }
        return sb.toString();
    }

    /**
     * A stored entry count with its top bit set is a huge unsigned count: the table is sized by
     * what the file can hold and the walk stops with a clean error at the file's end. (Read as a
     * signed number it made the table's size overflow into an allocation of gigabytes: a fuzzing
     * finding, kept in the fuzz target's inputs.)
     */
    @Test
    void anEntryCountWithItsTopBitSetGivesACleanError() throws Exception {
        byte[] data;
        try (java.io.InputStream in = IndexedKeyIndexTest.class.getResourceAsStream(
                "IndexedReaderFuzzTestInputs/indexedReader/finding-keyindex-negative-entry-count")) {
            data = in.readAllBytes();
        }
        IndexedProfileReader reader = IndexedProfileReader.open(java.nio.ByteBuffer.wrap(data), "finding.profdata");
        org.assertj.core.api.Assertions.assertThatThrownBy(reader::keyIndex)
                .isInstanceOf(dev.jprofdata.format.ProfileFormatException.class)
                .hasMessageContaining("finding.profdata")
                .hasMessageContaining("truncated");
    }
}
