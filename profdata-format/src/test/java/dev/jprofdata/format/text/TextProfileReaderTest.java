package dev.jprofdata.format.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The reader against known contents of the fixtures, and against the behaviours of
 * llvm-profdata 22 probed by hand (each probe's outcome is quoted in the test).
 */
class TextProfileReaderTest {
    private static final String HASH_INVALID =
            "malformed instrumentation profile data: function hash is not a valid integer";
    private static final String TRUNCATED = "truncated profile data";
    private static final String MALFORMED = "malformed instrumentation profile data";

    private static ProfileReader open(String dir, String name) throws IOException {
        return TextProfileReader.open(TextFixtures.file(dir, name), name);
    }

    private static List<ProfileRecord> records(String dir, String name) throws IOException {
        try (ProfileReader r = open(dir, name)) {
            return TextFixtures.readAll(r);
        }
    }

    /** Reads {@code text} to the end and expects a failure with these details. */
    private static TextProfileException failure(String text) {
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> TextFixtures.readAll(text));
        assertThat(t).isInstanceOf(TextProfileException.class);
        return (TextProfileException) t;
    }

    private static void assertFails(String text, String reason, long line, long offset) {
        TextProfileException e = failure(text);
        assertThat(e.reason()).isEqualTo(reason);
        assertThat(e.lineNumber()).as("line").isEqualTo(line);
        assertThat(e.offset()).as("offset").isEqualTo(offset);
        assertThat(e.file()).isEqualTo("t.proftext");
    }

    @Nested
    class Fixtures {
        @Test
        void radixAutoDetectionForHashesOnly() throws IOException {
            // transcript 513: hashes 0x8, 0x3, 0xf, 0x1f
            List<ProfileRecord> rs = records("inputs", "radix.proftext");
            assertThat(rs).extracting(ProfileRecord::name).containsExactly("foo", "bar", "baz", "qux");
            assertThat(rs).extracting(ProfileRecord::hash).containsExactly(8L, 3L, 15L, 31L);
            assertThat(rs).extracting(r -> r.counts()[0]).containsExactly(5L, 6L, 7L, 8L);
            // synth/bin: hash 0b101 = 5, but counter "010" is decimal 10
            ProfileRecord bin = records("synth", "bin.proftext").get(0);
            assertThat(bin.hash()).isEqualTo(5);
            assertThat(bin.counts()).containsExactly(10);
            assertThat(records("synth", "oct.proftext").get(0).hash()).isEqualTo(8);
        }

        @Test
        void crlfAndCommentsAndBlankLines() throws IOException {
            assertThat(records("inputs", "crlf.proftext")).containsExactly(ProfileRecord.of("foo", 1, 5));
            assertThat(records("synth", "crlf.proftext")).containsExactly(ProfileRecord.of("foo", 7, 5));
            // transcript 241: ":IR" is accepted, comments and blank lines between fields skipped
            try (ProfileReader r = open("inputs", "spacing.proftext")) {
                assertThat(r.kind()).isEqualTo(new ProfileKind(ProfileKind.IR, false));
                assertThat(TextFixtures.readAll(r)).containsExactly(ProfileRecord.of("foo", 16, 5));
            }
            // transcript 517: a blank line between counters
            assertThat(records("inputs", "blankmid.proftext")).containsExactly(ProfileRecord.of("foo", 1, 5, 6));
        }

        @Test
        void frontEndWithoutHeaderAndHexHash() throws IOException {
            try (ProfileReader r = open("inputs", "hexhash.proftext")) {
                assertThat(r.kind().isUnknown()).isTrue();
                assertThat(r.format()).isEqualTo(ProfileFormat.TEXT);
                assertThat(r.displayVersion()).isZero();
                assertThat(r.binaryIds()).isEmpty();
                assertThat(TextFixtures.readAll(r)).containsExactly(ProfileRecord.of("foo", 16, 5));
            }
        }

        @Test
        void dashesIsJustAFunctionName() throws IOException {
            // merge sniffs "---" as YAML MemProf (transcript 176); the text reader itself reads it
            assertThat(records("inputs", "dashes.proftext")).containsExactly(ProfileRecord.of("---", 1, 5));
        }

        @Test
        void indentedCommentIsAName() {
            // transcript 516; the indented line is the name, ":ir" the bad hash (line 2)
            TextProfileException e = (TextProfileException) org.assertj.core.api.Assertions.catchThrowable(
                    () -> records("inputs", "indent.proftext"));
            assertThat(e.reason()).isEqualTo(HASH_INVALID);
            assertThat(e.lineNumber()).isEqualTo(2);
            assertThat(e.offset()).isEqualTo("  # indented comment\n".length());
        }

        @Test
        void trailingSpaceIsKept() {
            // transcript 515: the name is "foo " and the hash "1 " is invalid
            TextProfileException e = (TextProfileException) org.assertj.core.api.Assertions.catchThrowable(
                    () -> records("inputs", "trail.proftext"));
            assertThat(e.reason()).isEqualTo(HASH_INVALID);
            assertThat(e.lineNumber()).isEqualTo(3);
            assertThat(e.offset()).isEqualTo(":ir\nfoo \n".length());
        }

        @Test
        void recordsBeforeAnErrorStayValidAndTheErrorRepeats() throws IOException {
            // transcript 166: merge --failure-mode=warn keeps "foo" from badhash.proftext
            try (ProfileReader r = open("inputs", "badhash.proftext")) {
                assertThat(r.next()).isEqualTo(ProfileRecord.of("foo", 1, 5));
                TextProfileException first = (TextProfileException)
                        org.assertj.core.api.Assertions.catchThrowable(r::next);
                assertThat(first.reason()).isEqualTo(HASH_INVALID);
                assertThat(first.lineNumber()).isEqualTo(8);
                assertThat(first.offset()).isEqualTo(":ir\nfoo\n1\n1\n5\n\nbar\n".length());
                assertThat(first.getMessage()).isEqualTo(
                        "badhash.proftext: " + HASH_INVALID + " (at byte 19) (line 8)");
                assertThatThrownBy(r::next).isSameAs(first);
            }
        }

        @Test
        void bitmapAbove255RunsToTheEnd() throws IOException {
            // indexed-format.md 8.1: LLVM's 8-bit loop counter wraps; "truncated profile data"
            long size = Files.size(TextFixtures.file("synth", "bm300.proftext"));
            TextProfileException e = (TextProfileException) org.assertj.core.api.Assertions.catchThrowable(
                    () -> records("synth", "bm300.proftext"));
            assertThat(e.reason()).isEqualTo(TRUNCATED);
            assertThat(e.offset()).isEqualTo(size);
            assertThat(e.lineNumber()).isEqualTo(307);
        }

        @Test
        void temporalTracesWithUnknownNames() throws IOException {
            // transcript 316: trace 0 is foo, bar, ghost (ghost prints empty: not in the symbol table)
            try (ProfileReader r = open("inputs", "ghost.proftext")) {
                assertThat(r.kind()).isEqualTo(new ProfileKind(ProfileKind.IR | ProfileKind.TEMPORAL, false));
                TemporalTraces t = r.temporalTraces(99);
                assertThat(t.streamSize()).isEqualTo(2);
                assertThat(t.traces()).containsExactly(
                        new TemporalTrace(1, new long[] {Names.md5("foo"), Names.md5("bar"), Names.md5("ghost")}),
                        new TemporalTrace(1, new long[] {Names.md5("bar"), Names.md5("foo")}));
                TextFixtures.readAll(r);
                assertThat(r.symbols().nameOf(Names.md5("foo"))).isEqualTo("foo");
                assertThat(r.symbols().nameOf(Names.md5("ghost"))).isNull();
            }
            // names are trimmed: "A, D, B, C, E, F"
            try (ProfileReader r = open("inputs", "order_weighted.proftext")) {
                assertThat(r.temporalTraces(1).streamSize()).isEqualTo(11);
                assertThat(r.temporalTraces(1).traces()).extracting(TemporalTrace::weight).containsExactly(10L, 1L);
                assertThat(r.temporalTraces(1).traces().get(1).functionHashes()).containsExactly(
                        Names.md5("A"), Names.md5("D"), Names.md5("B"), Names.md5("C"), Names.md5("E"),
                        Names.md5("F"));
            }
        }

        @Test
        void indirectCallTargets() throws IOException {
            try (ProfileReader r = open("synth", "ic.proftext")) {
                ProfileRecord foo = r.next();
                assertThat(foo.counts()).containsExactly(5, 1);
                assertThat(foo.sites(ValueKind.INDIRECT_CALL_TARGET)).containsExactly(new ValueSite(
                        new long[] {Names.md5("bar"), 0, Names.md5("foo")}, new long[] {3, 4, 1}));
                assertThat(foo.numSites(ValueKind.MEMOP_SIZE)).isZero();
                // targets join the symbol table as they are read; the external marker does not
                assertThat(r.symbols().nameOf(Names.md5("bar"))).isEqualTo("bar");
                assertThat(r.symbols().nameOf(0)).isNull();
            }
        }

        @Test
        void memopSitesAndBitmap() throws IOException {
            ProfileRecord main = records("examples", "ir.proftext").stream()
                    .filter(r -> r.name().equals("main")).findFirst().orElseThrow();
            assertThat(main.sites(ValueKind.MEMOP_SIZE)).containsExactly(new ValueSite(
                    new long[] {1, 2, 3, 4, 5, 6, 7}, new long[] {6, 6, 6, 5, 4, 4, 4}));
            assertThat(main.sites(ValueKind.INDIRECT_CALL_TARGET)).containsExactly(new ValueSite(
                    new long[] {Names.md5("add"), Names.md5("mul")}, new long[] {22, 13}));

            try (TextProfileReader r = (TextProfileReader) open("examples", "mcdc.proftext")) {
                ProfileRecord dec = r.next();
                assertThat(dec.bitmap()).containsExactly(0x1f);
                ProfileRecord m = r.next();
                assertThat(m.name()).isEqualTo("main");
                assertThat(m.bitmap()).isEmpty();
                // show --text prints main with dec's byte (LLVM reuses its record object)
                assertThat(r.bitmapAsShownByLlvm()).containsExactly(0x1f);
            }
        }

        @Test
        void kindFlags() throws IOException {
            assertThat(kindOf("synth", "flags_fe.proftext")).isEqualTo(new ProfileKind(0, true));
            assertThat(kindOf("synth", "flags_ir_entry_first.proftext"))
                    .isEqualTo(new ProfileKind(ProfileKind.IR | ProfileKind.ENTRY_FIRST, false));
            assertThat(kindOf("synth", "flags_ir_instrument_loop_entries.proftext"))
                    .isEqualTo(new ProfileKind(ProfileKind.IR | ProfileKind.LOOP_ENTRIES, false));
            assertThat(kindOf("synth", "flags_single_byte_coverage.proftext"))
                    .isEqualTo(new ProfileKind(ProfileKind.BYTE_COVERAGE, false));
            assertThat(kindOf("synth", "csir.proftext"))
                    .isEqualTo(new ProfileKind(ProfileKind.IR | ProfileKind.CONTEXT_SENSITIVE, false));
            assertThat(kindOf("examples", "fe.proftext").isUnknown()).isTrue();
        }

        private ProfileKind kindOf(String dir, String name) throws IOException {
            try (ProfileReader r = open(dir, name)) {
                return r.kind();
            }
        }

        @Test
        void errorFixturesAgreeWithTranscripts() {
            // transcripts 260-*, 167-169
            assertThat(failure("inputs", "badcount.proftext").reason())
                    .isEqualTo("malformed instrumentation profile data: count is invalid");
            assertThat(failure("inputs", "badnc.proftext").reason())
                    .isEqualTo("malformed instrumentation profile data: number of counters is not a valid integer");
            assertThat(failure("inputs", "zeronc.proftext").reason())
                    .isEqualTo("malformed instrumentation profile data: number of counters is zero");
            assertThat(failure("inputs", "badvk.proftext").reason())
                    .isEqualTo("malformed instrumentation profile data: number of value kinds is invalid");
            assertThat(failure("inputs", "trunccount.proftext").reason()).isEqualTo(TRUNCATED);
            assertThat(failure("inputs", "truncvp.proftext").reason()).isEqualTo(TRUNCATED);
            TextProfileException hdr = failure("inputs", "badhdr.proftext");
            assertThat(hdr.reason()).isEqualTo("invalid instrumentation profile data (file header is corrupt)");
            assertThat(hdr.offset()).isZero();
            assertThat(hdr.lineNumber()).isEqualTo(1);
        }

        private TextProfileException failure(String dir, String name) {
            Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> records(dir, name));
            assertThat(t).isInstanceOf(TextProfileException.class);
            return (TextProfileException) t;
        }
    }

    @Nested
    class Lexical {
        @Test
        void nulFollowedOnlyByNulsEndsTheInput() throws IOException {
            assertThat(TextFixtures.readAll(":ir\nfoo\n1\n1\n5\n\0\0\0"))
                    .containsExactly(ProfileRecord.of("foo", 1, 5));
            assertThat(TextFixtures.readAll(":ir\nfoo\n1\n1\n5\0")).containsExactly(ProfileRecord.of("foo", 1, 5));
        }

        @Test
        void nulWithDataAfterItFailsWhereLlvmWouldDropTheRest() {
            // probe: llvm-profdata reads only "foo" from ":ir\nfoo\n1\n1\n5\n\0bar\n2\n1\n6\n", exit 0
            String reason = "malformed instrumentation profile data: a NUL byte, where llvm-profdata stops reading"
                    + " although data follows (at byte %d); the file is damaged";
            assertFails(":ir\nfoo\n1\n1\n5\n\0bar\n2\n1\n6\n", String.format(reason, 15), 6, 14);
            assertFails(":ir\nfoo\n1\n1\n5\0\0junk", String.format(reason, 15), 5, 13);
        }

        @Test
        void onlyCrLfEndsALine() {
            // probe: a final "5\r" without \n is "count is invalid"
            assertFails(":ir\nfoo\r\n1\n1\n5\r", "malformed instrumentation profile data: count is invalid", 5, 13);
        }

        @Test
        void crInsideALineIsKept() throws IOException {
            assertThat(TextFixtures.readAll("a\rb\n1\n1\n5\n").get(0).name()).isEqualTo("a\rb");
        }

        @Test
        void namesAreBytes() throws IOException {
            ProfileRecord r = TextFixtures.readAll("f\n1\n1\n5\ncaf\u00e9\u00ff\n1\n1\n5\n").get(1);
            assertThat(Names.toBytes(r.name())).containsExactly('c', 'a', 'f', 0xe9, 0xff);
        }

        @Test
        void emptyAndCommentOnlyInputs() throws IOException {
            try (TextProfileReader r = TextFixtures.reader("# only a comment\n\n")) {
                assertThat(r.kind().isUnknown()).isTrue();
                assertThat(r.next()).isNull();
                assertThat(r.next()).isNull();
            }
            assertThat(TextFixtures.readAll("")).isEmpty();
        }

        @Test
        void positionsCountSkippedLines() {
            assertFails("# c\n\n:ir\nfoo\n# h\nx\n", HASH_INVALID, 6, 17);
        }
    }

    @Nested
    class Header {
        private ProfileKind kind(String text) throws IOException {
            try (TextProfileReader r = TextFixtures.reader(text)) {
                return r.kind();
            }
        }

        @Test
        void flagsCombine() throws IOException {
            // probe: ":ir" + ":fe" and ":fe" + ":ir" are both shown as IR; we keep the FE mark too
            assertThat(kind(":ir\n:fe\n")).isEqualTo(new ProfileKind(ProfileKind.IR, true));
            assertThat(kind(":FE\n:Ir\n")).isEqualTo(new ProfileKind(ProfileKind.IR, true));
            assertThat(kind(":entry_first\n:not_entry_first\n")).isEqualTo(ProfileKind.UNKNOWN);
            assertThat(kind(":CSIR\n:Instrument_Loop_Entries\n")).isEqualTo(new ProfileKind(
                    ProfileKind.IR | ProfileKind.CONTEXT_SENSITIVE | ProfileKind.LOOP_ENTRIES, false));
        }

        @Test
        void unknownFlag() {
            String bad = "invalid instrumentation profile data (file header is corrupt)";
            assertFails(":ir\n:ir \nfoo\n1\n1\n5\n", bad, 2, 4);
            assertFails(":\n", bad, 1, 0);
        }

        @Test
        void aColonLineAfterTheFirstRecordIsAName() throws IOException {
            assertThat(TextFixtures.readAll("foo\n1\n1\n5\n:ir\n2\n1\n6\n"))
                    .extracting(ProfileRecord::name).containsExactly("foo", ":ir");
        }

        @Test
        void traceItemsOfBlanksHashTheEmptyName() throws IOException {
            // probe: "foo, ,bar,," shows three entries, the middle one empty
            try (TextProfileReader r = TextFixtures.reader(":temporal_prof_traces\n1\n0x7\n2\nfoo, ,bar,,\n")) {
                assertThat(r.temporalTraces(1)).isEqualTo(new TemporalTraces(List.of(new TemporalTrace(
                        2, new long[] {Names.md5("foo"), Names.md5(""), Names.md5("bar")})), 7));
            }
        }

        @Test
        void traceSectionErrors() {
            // probes: a missing line is "end of File", a bad or too large number plain "malformed"
            assertFails(":ir\n:temporal_prof_traces\n2\n", "end of File", 4, 28);
            assertFails(":ir\n:temporal_prof_traces\n1\n1\n1\n", "end of File", 6, 32);
            assertFails(":temporal_prof_traces\nx\n", MALFORMED, 2, 22);
            assertFails(":temporal_prof_traces\n4294967296\n1\n", MALFORMED, 2, 22);
        }
    }

    @Nested
    class Records {
        @Test
        void numbers() throws IOException {
            assertThat(TextFixtures.readAll("f\n0B11\n1\n18446744073709551615\n"))
                    .containsExactly(ProfileRecord.of("f", 3, -1L));
            assertThat(TextFixtures.readAll("f\n0\n1\n0\n")).containsExactly(ProfileRecord.of("f", 0, 0));
            assertFails("f\n08\n1\n1\n", HASH_INVALID, 2, 2);
            assertFails("f\n0O17\n1\n1\n", HASH_INVALID, 2, 2);
            assertFails("f\n0x\n1\n1\n", HASH_INVALID, 2, 2);
            assertFails("f\n0x10000000000000000\n1\n1\n", HASH_INVALID, 2, 2);
            String badCount = "malformed instrumentation profile data: count is invalid";
            assertFails("f\n1\n1\n18446744073709551616\n", badCount, 4, 6);
            assertFails("f\n1\n1\n+5\n", badCount, 4, 6);
            assertFails("f\n1\n1\n0x10\n", badCount, 4, 6);
        }

        @Test
        void hugeCounterCountIsTruncatedNotAnAllocation() {
            // llvm-profdata itself dies with "out of memory" here
            assertFails("f\n1\n99999999999999\n1\n", TRUNCATED, 5, 21);
        }

        @Test
        void bitmapSection() throws IOException {
            ProfileRecord r = TextFixtures.readAll("f\n1\n1\n5\n$ 0x2 \n0x13\n255\n").get(0);
            assertThat(r.bitmap()).containsExactly(0x13, 0xff);
            assertThat(TextFixtures.readAll("f\n1\n1\n5\n$0\n").get(0).bitmap()).isEmpty();
            assertFails("f\n1\n1\n5\n$2\n0x13\n256\n",
                    "malformed instrumentation profile data: bitmap byte is not a valid integer", 7, 16);
            assertFails("f\n1\n1\n5\n$0x\n",
                    "malformed instrumentation profile data: number of bitmap bytes is not a valid integer", 5, 8);
            assertFails("f\n1\n1\n5\n$256\n1\n2\n", TRUNCATED, 8, 17);
        }

        @Test
        void valueKindRepeatedAppendsSites() throws IOException {
            // probe: two blocks of kind 1 give one kind with 2 sites
            ProfileRecord r = TextFixtures.readAll("f\n1\n1\n5\n2\n1\n1\n1\n8:1\n1\n1\n1\n9:2\n").get(0);
            assertThat(r.sites(ValueKind.MEMOP_SIZE)).containsExactly(
                    new ValueSite(new long[] {8}, new long[] {1}), new ValueSite(new long[] {9}, new long[] {2}));
        }

        @Test
        void targetNamesSplitAtTheLastColon() throws IOException {
            try (TextProfileReader r = TextFixtures.reader("f\n1\n1\n5\n2\n0\n1\n1\nfile.c:g:7\n2\n2\n0\n1\n_ZTV1A:3\n")) {
                ProfileRecord rec = r.next();
                assertThat(rec.sites(ValueKind.INDIRECT_CALL_TARGET)).containsExactly(
                        new ValueSite(new long[] {Names.md5("file.c:g")}, new long[] {7}));
                // a kind-2 site list may contain empty sites
                assertThat(rec.sites(ValueKind.VTABLE_TARGET)).containsExactly(ValueSite.EMPTY,
                        new ValueSite(new long[] {Names.md5("_ZTV1A")}, new long[] {3}));
                assertThat(r.symbols().nameOf(Names.md5("file.c:g"))).isEqualTo("file.c:g");
                assertThat(r.vtableNames()).containsExactly("_ZTV1A");
            }
        }

        @Test
        void zeroSitesOfAKindAddNothing() throws IOException {
            ProfileRecord r = TextFixtures.readAll("f\n1\n1\n5\n1\n0\n0\ng\n2\n1\n6\n").get(0);
            assertThat(r.hasValueSites()).isFalse();
        }

        @Test
        void numberThatIsNotAU32IsTheNextName() throws IOException {
            // probe: 4294967297 after the counters becomes the next record's name
            assertThat(TextFixtures.readAll("f\n1\n1\n1\n4294967297\n1\n1\n1\n"))
                    .extracting(ProfileRecord::name).containsExactly("f", "4294967297");
        }

        @Test
        void valueDataErrors() {
            String vp = "malformed instrumentation profile data: ";
            assertFails("f\n1\n1\n5\n4\n", vp + "number of value kinds is invalid", 5, 8);
            assertFails("f\n1\n1\n5\n0\n", vp + "number of value kinds is invalid", 5, 8);
            assertFails("f\n1\n1\n5\n1\n3\n1\n1\nx:5\n", vp + "value kind is invalid", 6, 10);
            assertFails("f\n1\n1\n5\n1\n0\nx\n", MALFORMED, 7, 12);
            assertFails("f\n1\n1\n5\n1\n0\n1\n1\nfoo\n", MALFORMED, 9, 16);
            assertFails("f\n1\n1\n5\n1\n1\n1\n1\n-1:5\n", MALFORMED, 9, 16);
            assertFails("f\n1\n1\n5\n1\n0\n1\n1\n:5\n", vp + "symbol name is empty", 9, 16);
            assertFails("f\n1\n1\n5\n1\n0\n1\n2\ng:5\n", TRUNCATED, 10, 20);
        }
    }
}
