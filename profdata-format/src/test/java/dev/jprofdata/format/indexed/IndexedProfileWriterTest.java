package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IndexedProfileWriterTest {

    @TempDir
    Path tmp;

    private static ProfileContents contentsOf(String file) throws Exception {
        return ContentsFromReader.readFile(file);
    }

    private byte[] write(ProfileContents c, int version) throws Exception {
        return TestFiles.written(c, version, tmp);
    }

    /** {@code merge --write-prev-version} of the same inputs: version 11, 64-byte header, no vtable section. */
    @Test
    void previousVersionMatchesLlvm() throws Exception {
        assertThat(write(contentsOf("profdata/ir.profdata"), 11))
                .isEqualTo(TestFiles.bytes(TestFiles.file("profdata/ir_prev.profdata")));
        assertThat(write(contentsOf("out/ir_a.profdata"), IndexedProfileWriter.PREV_VERSION))
                .isEqualTo(TestFiles.bytes(TestFiles.file("out/prev.profdata")));
    }

    /**
     * Forward direction, no reordering tricks: records parsed from the text inputs LLVM merged, in
     * text order (LLVM's insertion order), grouped by name and sorted, must give LLVM's bytes.
     */
    @ParameterizedTest
    @ValueSource(strings = {"nhashes_2", "nhashes_3", "nhashes_4", "nhashes_5", "nhashes_47", "nhashes_48",
        "nhashes_49", "nhashes_100", "collide3", "collide3rev", "nfuncs_1", "nfuncs_2", "nfuncs_3", "nfuncs_5",
        "nfuncs_47", "nfuncs_48", "nfuncs_49", "nfuncs_100", "nfuncs_1000"})
    void textInputsInFirstSeenOrderGiveLlvmBytes(String name) throws Exception {
        List<String> lines = Files.readAllLines(TestFiles.file("synth/" + name + ".proftext"));
        assertThat(lines.get(0)).isEqualTo(":ir");
        Map<String, List<ProfileRecord>> byName = new LinkedHashMap<>();
        for (int i = 1; i < lines.size();) {
            String n = lines.get(i);
            if (n.isEmpty()) {
                i++;
                continue;
            }
            long hash = Long.parseUnsignedLong(lines.get(i + 2));
            int count = Integer.parseInt(lines.get(i + 4));
            long[] counts = new long[count];
            for (int k = 0; k < count; k++) {
                counts[k] = Long.parseUnsignedLong(lines.get(i + 6 + k));
            }
            byName.computeIfAbsent(n, k -> new ArrayList<>()).add(ProfileRecord.of(n, hash, counts));
            i += 6 + count;
        }
        List<NameGroup> groups = new ArrayList<>();
        new TreeMap<>(byName).forEach((n, recs) -> groups.add(new NameGroup(n, recs)));
        ProfileContents c = new ProfileContents(new ProfileKind(ProfileKind.IR, false), groups, List.of(), List.of(),
                TemporalTraces.NONE);
        assertThat(write(c, 13)).isEqualTo(TestFiles.bytes(TestFiles.file("synth/" + name + ".profdata")));
    }

    @Test
    void writesAtTheChannelPositionAndTruncatesTheRest() throws Exception {
        byte[] expected = TestFiles.bytes(TestFiles.file("profdata/vt_keep.profdata"));
        Path out = tmp.resolve("c.profdata");
        byte[] junk = new byte[5000];
        Arrays.fill(junk, (byte) 0x5a);
        Files.write(out, junk);
        try (FileChannel ch = FileChannel.open(out, StandardOpenOption.WRITE)) {
            ch.position(3);
            IndexedProfileWriter.writeTo(contentsOf("profdata/vt_keep.profdata"), 13, ch);
        }
        byte[] all = Files.readAllBytes(out);
        assertThat(all).hasSize(3 + expected.length);
        assertThat(Arrays.copyOfRange(all, 3, all.length)).isEqualTo(expected);
    }

    @Test
    void memProfFlagIsDropped() throws Exception {
        byte[] bytes = write(contentsOf("profdata/mp.profdata"), 13);
        try (IndexedProfileReader r = IndexedProfileReader.open(ByteBuffer.wrap(bytes), "w")) {
            assertThat(r.header().versionWord()).isEqualTo(13);
            assertThat(r.next()).isNull();
        }
        assertThat(bytes).isEqualTo(TestFiles.bytes(TestFiles.file("synth/empty_fe.profdata")));
    }

    @Test
    void refusesWhatLlvmNeverWrites() {
        ProfileKind ir = new ProfileKind(ProfileKind.IR, false);
        List<NameGroup> unsorted = List.of(new NameGroup("b", List.of(ProfileRecord.of("b", 1, 1))),
                new NameGroup("a", List.of(ProfileRecord.of("a", 1, 1))));
        assertThatThrownBy(() -> write(new ProfileContents(ir, unsorted, List.of(), List.of(), TemporalTraces.NONE), 13))
                .isInstanceOf(IllegalArgumentException.class);

        long[] many = new long[256];
        Arrays.setAll(many, i -> i + 1);
        ValueSite[][] sites = ProfileRecord.noValueSites();
        sites[ValueKind.MEMOP_SIZE.number()] = new ValueSite[] {new ValueSite(many, many.clone())};
        ProfileRecord big = new ProfileRecord("f", 1, new long[] {1}, new byte[0], sites);
        List<NameGroup> g = List.of(new NameGroup("f", List.of(big)));
        assertThatThrownBy(() -> write(new ProfileContents(ir, g, List.of(), List.of(), TemporalTraces.NONE), 13))
                .isInstanceOf(IllegalArgumentException.class);

        // Versions 7 to 15 are writable (IndexedVersionWriterTest); nothing older or newer.
        for (int version : new int[] {1, 6, 16}) {
            assertThatThrownBy(() -> write(new ProfileContents(ir, List.of(), List.of(), List.of(), TemporalTraces.NONE),
                    version)).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
