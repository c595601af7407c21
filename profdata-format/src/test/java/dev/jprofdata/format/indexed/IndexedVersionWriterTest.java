package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every indexed version a real llvm-profdata writes, byte for byte: the committed files in
 * {@code versions/} are llvm-profdata 14 (v7), 15 (v8), 16 (v9), 19 (v12) and 22 (v13, and v11
 * with {@code --write-prev-version}) merges of the committed text inputs (see versions/README.md).
 * The contents are the text records in first-seen order, grouped by name, names ascending: what
 * the merge engine hands the writer.
 */
class IndexedVersionWriterTest {

    @TempDir
    Path tmp;

    static Path resource(String name) {
        try {
            return Path.of(IndexedVersionWriterTest.class.getResource("/versions/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The records of a text profile as the merge engine would hand them to the writer. */
    static ProfileContents contentsOfText(String name) throws Exception {
        Map<String, List<ProfileRecord>> byName = new LinkedHashMap<>();
        try (ProfileReader r = ProfileReaders.open(resource(name), name)) {
            for (ProfileRecord rec; (rec = r.next()) != null;) {
                byName.computeIfAbsent(rec.name(), k -> new ArrayList<>()).add(rec);
            }
            List<NameGroup> groups = new ArrayList<>();
            new TreeMap<>(byName).forEach((n, recs) -> groups.add(new NameGroup(n, recs)));
            return new ProfileContents(r.kind(), groups, r.binaryIds(), r.vtableNames(), r.temporalTraces(1));
        }
    }

    private byte[] write(ProfileContents c, int version) throws Exception {
        return TestFiles.written(c, version, tmp);
    }

    @ParameterizedTest(name = "{0} as version {1} = {2}")
    @CsvSource({
        "ir, 7, ir_v7", "ir, 8, ir_v8", "ir, 9, ir_v9", "ir, 11, ir_v11prev", "ir, 12, ir_v12", "ir, 13, ir_v13",
        "fe, 7, fe_v7", "fe, 8, fe_v8", "fe, 9, fe_v9", "fe, 11, fe_v11prev", "fe, 12, fe_v12", "fe, 13, fe_v13",
        "many, 7, many_v7", "many, 8, many_v8", "many, 9, many_v9", "many, 11, many_v11prev", "many, 12, many_v12",
        "many, 13, many_v13",
        "names, 7, names_v7", "names, 8, names_v8", "names, 9, names_v9", "names, 11, names_v11prev",
        "names, 12, names_v12", "names, 13, names_v13",
        "mcdc, 11, mcdc_v11prev", "mcdc, 12, mcdc_v12", "mcdc, 13, mcdc_v13",
    })
    void eachReleaseWritesTheseBytes(String input, int version, String expected) throws Exception {
        assertThat(write(contentsOfText(input + ".proftext"), version))
                .isEqualTo(Files.readAllBytes(resource(expected + ".profdata")));
    }

    /** LLVM 14-16 (versions 7-9) order a name's records with DenseMap's old hash, key * 37. */
    @Test
    void oldReleasesUseTheOldRecordOrder() throws Exception {
        ProfileContents many = contentsOfText("many.proftext");
        Path out = tmp.resolve("o.profdata");
        IndexedProfileWriter.write(many, 9, false, out);
        assertThat(Files.readAllBytes(out)).isNotEqualTo(Files.readAllBytes(resource("many_v9.profdata")));
        IndexedProfileWriter.write(many, 9, true, out);
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(resource("many_v9.profdata")));
        // LLVM 22's --write-prev-version (v11) keeps LLVM 22's order; LLVM 18's own v11 would not.
        IndexedProfileWriter.write(many, 11, true, out);
        assertThat(Files.readAllBytes(out)).isNotEqualTo(Files.readAllBytes(resource("many_v11prev.profdata")));
    }

    /**
     * LLVM 14-16 insert names into the on-disk table in their StringMap's order, which depends on
     * the order the merge first saw colliding names: {@code unsorted.proftext} (47 names, not
     * sorted) needs the groups' first-seen positions; without them the names go in ascending order.
     */
    @ParameterizedTest
    @CsvSource({"7, unsorted_v7", "9, unsorted_v9"})
    void oldReleasesWriteNamesInFirstSeenOrder(int version, String expected) throws Exception {
        ProfileContents sorted = contentsOfText("unsorted.proftext");
        List<String> textOrder = new ArrayList<>();
        try (ProfileReader r = ProfileReaders.open(resource("unsorted.proftext"), "u")) {
            for (ProfileRecord rec; (rec = r.next()) != null;) {
                if (!textOrder.contains(rec.name())) {
                    textOrder.add(rec.name());
                }
            }
        }
        List<NameGroup> seen = new ArrayList<>();
        for (NameGroup g : sorted.groups()) {
            seen.add(new NameGroup(g.name(), g.records(), textOrder.indexOf(g.name())));
        }
        ProfileContents withPositions = new ProfileContents(sorted.kind(), seen, sorted.binaryIds(),
                sorted.vtableNames(), sorted.traces());
        byte[] llvm = Files.readAllBytes(resource(expected + ".profdata"));
        assertThat(write(withPositions, version)).isEqualTo(llvm);
        assertThat(write(sorted, version)).isNotEqualTo(llvm).hasSameSizeAs(llvm);
        // Versions 12 and later ignore the positions (names sorted).
        assertThat(write(withPositions, 13)).isEqualTo(write(sorted, 13));
    }

    /** Reading every release's file gives the same records (sorted by name and hash) as reading LLVM 22's. */
    @ParameterizedTest
    @CsvSource({"ir_v7", "ir_v8", "ir_v9", "ir_v11prev", "ir_v12", "fe_v7", "fe_v9", "many_v7", "many_v9", "names_v8",
        "mcdc_v11prev", "mcdc_v12"})
    void everyVersionReadsBackTheSameRecords(String file) throws Exception {
        String base = file.substring(0, file.indexOf('_'));
        assertThat(records(file + ".profdata")).isEqualTo(records(base + "_v13.profdata"));
    }

    static List<ProfileRecord> records(String file) throws Exception {
        List<ProfileRecord> out = new ArrayList<>();
        try (IndexedProfileReader r = IndexedProfileReader.open(resource(file), file)) {
            for (ProfileRecord rec; (rec = r.next()) != null;) {
                out.add(rec);
            }
        }
        out.sort(Comparator.comparing(ProfileRecord::name).thenComparing(ProfileRecord::hash, Long::compareUnsigned));
        return out;
    }

    @ParameterizedTest
    @CsvSource({"7, 40", "8, 48", "9, 56", "10, 64", "11, 64", "12, 72", "13, 72", "14, 72", "15, 72"})
    void headerSizeAndVersionWordByVersion(int version, int headerSize) throws Exception {
        byte[] bytes = write(contentsOfText("ir.proftext"), version);
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getLong(8)).isEqualTo(version | dev.jprofdata.format.ProfileKind.IR);
        // The summary's NumFields (6) follows the header directly.
        assertThat(b.getLong(headerSize)).isEqualTo(6);
        try (IndexedProfileReader r = IndexedProfileReader.open(java.nio.ByteBuffer.wrap(bytes), "w")) {
            assertThat(r.version()).isEqualTo(version);
            List<ProfileRecord> got = new ArrayList<>();
            for (ProfileRecord rec; (rec = r.next()) != null;) {
                got.add(rec);
            }
            got.sort(Comparator.comparing(ProfileRecord::name).thenComparing(ProfileRecord::hash, Long::compareUnsigned));
            assertThat(got).isEqualTo(records("ir_v13.profdata"));
        }
    }
}
