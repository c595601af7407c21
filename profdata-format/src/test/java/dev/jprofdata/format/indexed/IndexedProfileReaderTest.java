package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryEntry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Header fields, sections and record order of real files, checked against the annotated hex dumps. */
class IndexedProfileReaderTest {

    private static IndexedProfileReader open(String file) throws IOException {
        return IndexedProfileReader.open(TestFiles.file(file), file);
    }

    private static List<ProfileRecord> all(ProfileReader r) throws IOException {
        List<ProfileRecord> out = new ArrayList<>();
        for (ProfileRecord rec; (rec = r.next()) != null;) {
            out.add(rec);
        }
        return out;
    }

    @Test
    void irHeaderSummaryAndOrder() throws Exception {
        try (IndexedProfileReader r = open("profdata/ir.profdata")) {
            IndexedHeader h = r.header();
            assertThat(h.versionWord()).isEqualTo(0x010000000000000dL);
            assertThat(h.hashOffset()).isEqualTo(0x3f8);
            assertThat(h.binaryIdOffset()).isEqualTo(0x448);
            assertThat(h.vtableNamesOffset()).isEqualTo(0x470);
            assertThat(h.memProfOffset()).isZero();
            assertThat(h.temporalOffset()).isZero();
            assertThat(r.format()).isEqualTo(ProfileFormat.INDEXED);
            assertThat(r.displayVersion()).isEqualTo(13);
            assertThat(r.kind()).isEqualTo(new ProfileKind(ProfileKind.IR, false));
            assertThat(r.numKeys()).isEqualTo(4);

            ProfileSummary s = r.storedSummary().orElseThrow();
            assertThat(List.of(s.numFunctions(), s.numCounts(), s.maxFunctionCount(), s.maxCount(),
                    s.maxInternalCount(), s.totalCount())).containsExactly(4L, 8L, 35L, 35L, 18L, 92L);
            assertThat(s.entries()).hasSize(16);
            assertThat(s.entries().get(0)).isEqualTo(new SummaryEntry(10000, 0, 0));
            assertThat(s.entries().get(4)).isEqualTo(new SummaryEntry(400000, 22, 2));
            assertThat(s.entries().get(15)).isEqualTo(new SummaryEntry(999999, 2, 6));
            assertThat(r.storedCsSummary()).isEmpty();

            assertThat(r.binaryIds()).hasSize(1);
            assertThat(HexFormat.of().formatHex(r.binaryIds().get(0))).isEqualTo("8ca9302fbd521bbbd87672c106eacde37a49ab26");

            List<ProfileRecord> recs = all(r);
            // Buckets 2, 4, 5, 6 of 8.
            assertThat(recs).extracting(ProfileRecord::name).containsExactly("main", "add", "mul", "neverCalled");
            ProfileRecord main = recs.get(0);
            assertThat(main.hash()).isEqualTo(0x0272d406decc3389L);
            assertThat(main.counts()).containsExactly(35, 2, 2, 18);
            assertThat(main.sites(dev.jprofdata.format.ValueKind.INDIRECT_CALL_TARGET)[0].values())
                    .containsExactly(Names.md5("add"), Names.md5("mul"));
            assertThat(r.next()).isNull();
            assertThat(r.symbols().nameOf(Names.md5("neverCalled"))).isEqualTo("neverCalled");
            assertThat(r.symbols().size()).isEqualTo(4);
        }
    }

    @Test
    void csFileHasSecondSummaryAndMapOrder() throws Exception {
        try (IndexedProfileReader r = open("profdata/cs_merged.profdata")) {
            assertThat(r.header().versionWord()).isEqualTo(0x030000000000000dL);
            ProfileSummary cs = r.storedCsSummary().orElseThrow();
            assertThat(List.of(cs.numFunctions(), cs.numCounts(), cs.maxFunctionCount(), cs.maxCount(),
                    cs.maxInternalCount(), cs.totalCount())).containsExactly(4L, 10L, 11L, 11L, 6L, 23L);
            List<Long> addHashes = new ArrayList<>();
            for (ProfileRecord rec : all(r)) {
                if (rec.name().equals("add")) {
                    addHashes.add(rec.hash());
                }
            }
            assertThat(addHashes).containsExactly(0x1a4d0ad3efffffffL, 0x0a4d0ad3efffffffL);
        }
    }

    @Test
    void feHasNoKindBitsAndSharedBucket() throws Exception {
        try (IndexedProfileReader r = open("profdata/fe.profdata")) {
            assertThat(r.kind().isUnknown()).isTrue();
            // "add" and "basic.c:sq" share bucket 4: add first.
            List<String> names = all(r).stream().map(ProfileRecord::name).toList();
            assertThat(names.indexOf("basic.c:sq")).isEqualTo(names.indexOf("add") + 1);
        }
    }

    @Test
    void temporalTraces() throws Exception {
        try (IndexedProfileReader r = open("profdata/tp.profdata")) {
            assertThat(r.kind().isTemporal()).isTrue();
            TemporalTraces t = r.temporalTraces(5);
            assertThat(t.streamSize()).isEqualTo(3);
            assertThat(t.traces()).hasSize(3);
            assertThat(t.traces().get(0).weight()).isEqualTo(1);
            assertThat(t.traces().get(0).functionHashes())
                    .containsExactly(Names.md5("main"), Names.md5("mul"), Names.md5("add"));
            assertThat(t.traces().get(1).functionHashes()).containsExactly(Names.md5("main"));
        }
    }

    @Test
    void vtableNamesJoinTheSymbols() throws Exception {
        try (IndexedProfileReader r = open("profdata/vt_keep.profdata")) {
            assertThat(r.vtableNames()).containsExactly("_ZTV1B", "_ZTV1A");
            assertThat(r.symbols().nameOf(Names.md5("_ZTV1A"))).isEqualTo("_ZTV1A");
            assertThat(r.symbols().nameOf(Names.md5("main"))).isEqualTo("main");
        }
        try (IndexedProfileReader r = open("profdata/vt.profdata")) {
            assertThat(r.vtableNames()).isEmpty();
        }
    }

    @Test
    void binaryIdsAreAllRead() throws Exception {
        try (IndexedProfileReader r = open("profdata/bid2.profdata")) {
            assertThat(r.binaryIds()).hasSize(2);
            assertThat(HexFormat.of().formatHex(r.binaryIds().get(0)))
                    .isLessThan(HexFormat.of().formatHex(r.binaryIds().get(1)));
        }
    }

    @Test
    void memProfFilesReadWithoutRecords() throws Exception {
        for (String f : List.of("profdata/mp.profdata", "profdata/mp_v2.profdata", "profdata/mp_v4.profdata")) {
            try (IndexedProfileReader r = open(f)) {
                assertThat(r.kind().has(ProfileKind.MEMPROF)).as(f).isTrue();
                assertThat(r.next()).as(f).isNull();
                assertThat(r.numKeys()).isZero();
            }
        }
    }

    @Test
    void otherToolsAndPreviousVersion() throws Exception {
        String[][] expected = {
            {"profdata/w14.profdata", "7"}, {"profdata/w16.profdata", "9"}, {"profdata/w19.profdata", "12"},
            {"profdata/w22.profdata", "13"}, {"profdata/ir_prev.profdata", "11"}, {"out/prev.profdata", "11"},
            {"profdata/ir_as12.profdata", "12"},
        };
        for (String[] e : expected) {
            try (IndexedProfileReader r = open(e[0])) {
                assertThat(r.displayVersion()).as(e[0]).isEqualTo(Long.parseLong(e[1]));
                assertThat(all(r)).as(e[0]).isNotEmpty();
            }
        }
        try (IndexedProfileReader r = open("profdata/le.profdata")) {
            assertThat(r.kind().has(ProfileKind.LOOP_ENTRIES)).isTrue();
        }
        try (IndexedProfileReader r = open("profdata/feo.profdata")) {
            assertThat(r.header().versionWord()).isEqualTo(0x310000000000000dL);
        }
    }

    @Test
    void openedThroughTheGenericFactory() throws Exception {
        try (ProfileReader r = ProfileReaders.open(TestFiles.file("profdata/mcdc.profdata"), "mcdc.profdata")) {
            assertThat(r).isInstanceOf(IndexedProfileReader.class);
            ProfileRecord dec = all(r).stream().filter(x -> x.name().equals("dec")).findFirst().orElseThrow();
            assertThat(dec.bitmap()).containsExactly((byte) 0x1f);
        }
    }

    @Test
    void readsFromMemory() throws Exception {
        byte[] bytes = TestFiles.bytes(TestFiles.file("profdata/ir.profdata"));
        try (IndexedProfileReader fromFile = open("profdata/ir.profdata");
                IndexedProfileReader fromMemory = IndexedProfileReader.open(ByteBuffer.wrap(bytes), "-")) {
            assertThat(all(fromMemory)).isEqualTo(all(fromFile));
            assertThat(fromMemory.fileName()).isEqualTo("-");
        }
    }
}
