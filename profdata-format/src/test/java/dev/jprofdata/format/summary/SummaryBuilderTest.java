package dev.jprofdata.format.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.indexed.IndexedProfileReader;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class SummaryBuilderTest {

    private static Path resource(String relative) {
        try {
            return Path.of(SummaryBuilderTest.class.getResource("/indexed").toURI()).resolve(relative);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<String> storedSummaryFiles() throws Exception {
        List<String> out = new ArrayList<>();
        for (String dir : List.of("profdata", "synth", "out", "versions")) {
            try (Stream<Path> s = Files.list(resource(dir))) {
                s.map(p -> dir + "/" + p.getFileName()).filter(n -> n.endsWith(".profdata")).forEach(out::add);
            }
        }
        return out.stream().sorted().collect(Collectors.toList());
    }

    /**
     * The writer's summaries, recomputed from the records of every file that stores one: records
     * with hash bit 60 go to the CS summary, the others to the normal one (also in non-CS files,
     * where the CS one is then not stored - synth/fe_bit60 shows the resulting gap).
     */
    @ParameterizedTest
    @MethodSource("storedSummaryFiles")
    void recomputedSummaryEqualsStoredOne(String file) throws Exception {
        try (IndexedProfileReader r = IndexedProfileReader.open(resource(file), file)) {
            if (r.storedSummary().isEmpty()) {
                assertThat(r.version()).isLessThan(4);
                return;
            }
            SummaryBuilder normal = new SummaryBuilder();
            SummaryBuilder cs = new SummaryBuilder();
            for (ProfileRecord rec; (rec = r.next()) != null;) {
                (rec.isContextSensitive() ? cs : normal).add(rec);
            }
            assertThat(normal.build()).isEqualTo(r.storedSummary().get());
            r.storedCsSummary().ifPresent(stored -> assertThat(cs.build()).isEqualTo(stored));
        }
    }

    private static final Pattern DETAIL = Pattern.compile(
            "(\\d+) blocks \\((\\d+\\.\\d\\d)%\\) with count >= (\\d+) account for ([0-9.]+)% of the total counts\\.");

    private static ProfileSummary summaryOf(String file, long... cutoffs) throws Exception {
        SummaryBuilder b = cutoffs.length == 0 ? new SummaryBuilder() : new SummaryBuilder(cutoffs);
        try (IndexedProfileReader r = IndexedProfileReader.open(resource(file), file)) {
            for (ProfileRecord rec; (rec = r.next()) != null;) {
                b.add(rec);
            }
        }
        return b.build();
    }

    /** Compares with {@code llvm-profdata show --detailed-summary} output (transcripts 214, 215, 243). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "214-show-detailed.stdout|out/ir_ab.profdata|",
        "215-show-detailed-cut.stdout|out/ir_ab.profdata|1000000,0,500000,500000,901000,123456",
        "243-show-empty-idx.stdout|out/empty.profdata|",
    })
    void matchesShowDetailedSummary(String transcript, String file, String cutoffs) throws Exception {
        long[] c = cutoffs == null ? new long[0]
                : Stream.of(cutoffs.split(",")).mapToLong(Long::parseLong).toArray();
        ProfileSummary s = summaryOf(file, c);
        List<String> lines = Files.readAllLines(resource("transcripts/" + transcript));
        assertThat(lines).contains("Total functions: " + s.numFunctions(),
                "Maximum function count: " + s.maxFunctionCount(),
                "Maximum internal block count: " + s.maxInternalCount(),
                "Total number of blocks: " + s.numCounts(),
                "Total count: " + s.totalCount());
        List<SummaryEntry> printed = new ArrayList<>();
        for (String line : lines) {
            Matcher m = DETAIL.matcher(line);
            if (m.matches()) {
                long cutoff = Math.round(Double.parseDouble(m.group(4)) * 10000);
                printed.add(new SummaryEntry(cutoff, Long.parseLong(m.group(3)), Long.parseLong(m.group(1))));
                float pct = s.numCounts() == 0 ? 0f : 100.f * Long.parseLong(m.group(1)) / s.numCounts();
                assertThat(String.format("%.2f", pct)).isEqualTo(m.group(2));
            }
        }
        assertThat(s.entries()).isEqualTo(printed);
    }

    @Test
    void firstCounterIsTheEntryCountAndPseudoRecordsAreSkipped() {
        SummaryBuilder b = new SummaryBuilder();
        b.add(ProfileRecord.of("f", 1, 5, 100, 0));
        b.add(ProfileRecord.of("g", 2, 7));
        b.add(ProfileRecord.of("hot", 3, ProfileRecord.PSEUDO_HOT, 1000));
        b.add(ProfileRecord.of("warm", 4, ProfileRecord.PSEUDO_WARM));
        ProfileSummary s = b.build();
        assertThat(s.numFunctions()).isEqualTo(2);
        assertThat(s.numCounts()).isEqualTo(4);
        assertThat(s.maxFunctionCount()).isEqualTo(7);
        assertThat(s.maxInternalCount()).isEqualTo(100);
        assertThat(s.maxCount()).isEqualTo(100);
        assertThat(s.totalCount()).isEqualTo(112);
        // 1% of 112 is 1.12 -> floor 1: the largest value (100) covers it.
        assertThat(s.entries().get(0)).isEqualTo(new SummaryEntry(10000, 100, 1));
        // 99.9999% needs everything but the zero: 100 + 7 + 5.
        assertThat(s.entries().get(15)).isEqualTo(new SummaryEntry(999999, 5, 3));
    }

    @Test
    void cutoffShareIsComputedWithoutOverflow() {
        // Total = 2^64 - 1: a 64-bit product Total * 999999 would wrap and ask for almost nothing.
        SummaryBuilder b = new SummaryBuilder(10000, 999999);
        b.add(ProfileRecord.of("f", 1, 0x8000000000000000L, 0x7FFFFFFFFFFFFFFFL));
        ProfileSummary s = b.build();
        assertThat(s.totalCount()).isEqualTo(-1L);
        assertThat(s.entries()).containsExactly(
                new SummaryEntry(10000, 0x8000000000000000L, 1),
                new SummaryEntry(999999, 0x7FFFFFFFFFFFFFFFL, 2));
    }

    @Test
    void totalWrapsModulo64Bits() {
        SummaryBuilder b = new SummaryBuilder();
        b.add(ProfileRecord.of("f", 1, -3L, 5));
        assertThat(b.build().totalCount()).isEqualTo(2);
        assertThat(b.build().maxCount()).isEqualTo(-3L);
    }

    @Test
    void emptyBuilderGivesZeroEntriesForEveryDefaultCutoff() {
        ProfileSummary s = new SummaryBuilder().build();
        assertThat(s.entries()).hasSize(16);
        assertThat(s.entries()).allMatch(e -> e.minCount() == 0 && e.numCounts() == 0);
        assertThat(s.entries().get(0).cutoff()).isEqualTo(10000);
    }
}
