package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Reader properties beyond the records, checked against llvm-profdata 22 transcripts. */
class RawProfileReaderTest {

    private static ProfileReader open(String resource) throws IOException {
        return RawProfileReader.open(RawResources.path(resource), resource);
    }

    /** T223: {@code show --profile-version ir_a.profraw}. */
    @Test
    void displayVersionIsTheFullVersionWord() throws IOException {
        String stdout = RawResources.text("transcripts/expected/223-show-version-raw.stdout");
        Matcher m = Pattern.compile("Profile version: (\\d+)").matcher(stdout);
        assertThat(m.find()).isTrue();
        try (ProfileReader r = open("transcripts/inputs/ir_a.profraw")) {
            assertThat(Long.toUnsignedString(r.displayVersion())).isEqualTo(m.group(1));
            assertThat(r.format()).isEqualTo(ProfileFormat.RAW);
            assertThat(r.kind()).isEqualTo(ProfileKind.fromVersionWord(r.displayVersion()));
            assertThat(r.kind().isIr()).isTrue();
        }
    }

    /** T220 and T242: a file holding the same profile twice gives both IDs and all 16 records in order. */
    @Test
    void concatenatedProfilesAreAllRead() throws IOException {
        List<String> ids = new ArrayList<>();
        for (String line : RawResources.text("transcripts/expected/220-show-binary-ids-raw.stdout").split("\n")) {
            if (line.matches("[0-9a-f]{40}")) {
                ids.add(line);
            }
        }
        List<String> shown = new ArrayList<>();
        Matcher m = Pattern.compile("  (.+):\n    Hash: 0x([0-9a-f]{16})\n    Counters: (\\d+)\n")
                .matcher(RawResources.text("transcripts/expected/242-show-raw-twice.stdout"));
        while (m.find()) {
            shown.add(m.group(1) + " " + m.group(2) + " " + m.group(3));
        }
        try (ProfileReader r = open("transcripts/inputs/raw_twice.profraw")) {
            assertThat(r.binaryIds()).extracting(HexFormat.of()::formatHex).isEqualTo(ids).hasSize(2);
            List<String> ours = new ArrayList<>();
            for (ProfileRecord rec : RawResources.readAll(r)) {
                ours.add(rec.name() + " " + String.format("%016x", rec.hash()) + " " + rec.counts().length);
            }
            assertThat(ours).isEqualTo(shown).hasSize(16);
        }
    }

    /** T249: {@code show --temporal-profile-traces temporal_1.profraw}. */
    @Test
    void temporalTraceOrdersFunctionsByFirstCall() throws IOException {
        String stdout = RawResources.text("transcripts/expected/249-show-temporal-raw.stdout");
        List<String> expected = new ArrayList<>();
        boolean inTrace = false;
        for (String line : stdout.split("\n")) {
            if (line.startsWith("  Temporal Profile Trace 0")) {
                inTrace = true;
            } else if (inTrace) {
                expected.add(line.strip());
            }
        }
        try (ProfileReader r = open("transcripts/inputs/temporal_1.profraw")) {
            List<ProfileRecord> records = RawResources.readAll(r);
            TemporalTraces traces = r.temporalTraces(7);
            assertThat(traces.streamSize()).isEqualTo(1);
            assertThat(traces.traces()).hasSize(1);
            TemporalTrace trace = traces.traces().get(0);
            assertThat(trace.weight()).isEqualTo(7);
            List<String> names = new ArrayList<>();
            for (long h : trace.functionHashes()) {
                names.add(r.symbols().nameOf(h));
            }
            assertThat(names).isEqualTo(expected);
            // The timestamp slot is not a block count: 8 functions, 17 blocks (as show reports).
            assertThat(records).hasSize(8);
            assertThat(records.stream().mapToInt(x -> x.counts().length).sum()).isEqualTo(17);
        }
    }

    /**
     * Two temporal profiles in one file give one trace (stream size 1) over both; a file where no
     * function was called gives none (stream size 0); with byte counters the timestamp takes 8
     * slots. Expected output recorded with llvm-profdata 22.
     */
    @ParameterizedTest
    @ValueSource(strings = {"concatenated_1_2", "no_timestamps", "byte_coverage"})
    void temporalEdgeCasesMatchLlvm(String name) throws IOException {
        MiniMerger merged = new MiniMerger();
        try (ProfileReader r = open("temporal/" + name + ".profraw")) {
            merged.add(r);
        }
        assertThat(MergeTextRenderer.render(merged, false))
                .isEqualTo(RawResources.text("temporal/" + name + ".llvm-merge-text.txt"));
        assertThat(merged.traces().streamSize()).isEqualTo(name.equals("no_timestamps") ? 0 : 1);
    }

    /** T510: the first counter above 2^56 is reported, in LLVM's words, once. */
    @Test
    void excessivelyLargeCounterIsAWarning() throws IOException {
        String stderr = RawResources.text("transcripts/expected/510-bigcounter-merge.stderr");
        String expected = RawErrorsTest.llvmReason(stderr, "bigcounter.profraw");
        try (ProfileReader r = open("transcripts/inputs/bigcounter.profraw")) {
            assertThat(r.warnings()).isEmpty();
            assertThat(RawResources.readAll(r)).hasSize(8);
            assertThat(r.warnings()).containsExactly(expected);
        }
    }

    /** T180: lite (correlation) profiles have no records here; we say why. */
    @ParameterizedTest
    @ValueSource(strings = {"dbgcorr_fe.proflite", "bincorr.proflite"})
    void correlationProfilesYieldNothingButAWarning(String name) throws IOException {
        assertThat(RawResources.text("transcripts/expected/180-dbgcorr-nocorr.stdout")).isEmpty();
        try (ProfileReader r = open("transcripts/inputs/" + name)) {
            assertThat(r.next()).isNull();
            assertThat(r.notices()).containsExactly("debug info/binary for correlation is required");
        }
    }

    @Test
    void vtableNamesAndSymbolsComeFromTheNamesSections() throws IOException {
        try (ProfileReader r = open("examples/ir_vtable_le64_v10.profraw")) {
            assertThat(r.vtableNames()).containsExactly("_ZTV1A", "_ZTV1B");
            assertThat(r.symbols().nameOf(Names.md5("_ZTV1B"))).isEqualTo("_ZTV1B");
            assertThat(r.symbols().nameOf(Names.md5("_Z4callP4Basei"))).isEqualTo("_Z4callP4Basei");
            // The vtable values are remapped to the vtable name hashes (show prints _ZTV1B 10, _ZTV1A 20).
            ProfileRecord call = RawResources.readAll(r).stream()
                    .filter(x -> x.name().equals("_Z4callP4Basei")).findFirst().orElseThrow();
            ValueSite site = call.sites(ValueKind.VTABLE_TARGET)[0];
            assertThat(site.values()).containsExactly(Names.md5("_ZTV1B"), Names.md5("_ZTV1A"));
            assertThat(site.counts()).containsExactly(10, 20);
        }
    }

    /** Binary IDs are kept per profile, in file order, and the kind is the first profile's. */
    @Test
    void twoModuleFileKeepsTheFirstProfilesKind() throws IOException {
        try (ProfileReader r = open("examples/fe_two_profiles_le64_v10.profraw")) {
            assertThat(r.kind().isUnknown()).isTrue();
            assertThat(r.displayVersion()).isEqualTo(10);
            assertThat(r.binaryIds()).hasSize(2);
            assertThat(RawResources.readAll(r)).extracting(ProfileRecord::name).containsExactly("main", "lib_fn");
        }
    }

    /** Windows of 16 bytes make every multi-byte field and copy straddle mapping boundaries somewhere. */
    @ParameterizedTest
    @ValueSource(strings = {
        "examples/ir_vp_le64_v10.profraw", "examples/ir_vp_le32_v10.profraw", "examples/fe_mcdc_le64_v10.profraw",
        "examples/ir_vtable_le64_v10.profraw", "examples/fe_two_profiles_le64_v10.profraw",
        "transcripts/inputs/raw_twice.profraw"})
    void smallMappingWindowsReadTheSameRecords(String resource) throws IOException {
        List<ProfileRecord> expected = RawResources.readAll(RawResources.path(resource));
        try (ProfileReader r = RawProfileReader.open(RawResources.path(resource), "w", 4)) {
            assertThat(RawResources.readAll(r)).isEqualTo(expected);
            assertThat(r.binaryIds()).hasSize(resource.contains("two") || resource.contains("twice") ? 2 : 1);
        }
    }

    /** A NameRef missing from the names section gives an empty name, as {@code show} prints it ("  :"). */
    @Test
    void unknownNameRefGivesAnEmptyName() throws IOException {
        List<String> shown = new ArrayList<>();
        Matcher m = Pattern.compile("\n  (.*):\n    Hash: ")
                .matcher(RawResources.text("mutations/unknown_name.llvm-show.txt"));
        while (m.find()) {
            shown.add(m.group(1));
        }
        try (ProfileReader r = open("mutations/unknown_name.profraw")) {
            assertThat(RawResources.readAll(r)).extracting(ProfileRecord::name).isEqualTo(shown).startsWith("");
        }
    }

    /** Format detection routes raw files here. */
    @Test
    void profileReadersOpensRawFiles() throws IOException {
        try (ProfileReader r = ProfileReaders.open(RawResources.path("examples/ir_vp_le32_v10.profraw"))) {
            assertThat(r.format()).isEqualTo(ProfileFormat.RAW);
            assertThat(RawResources.readAll(r)).hasSize(5);
        }
    }
}
