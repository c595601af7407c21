package dev.jprofdata.format.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.SymbolTable;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The writer on hand-made inputs whose {@code merge --text} output was recorded from
 * llvm-profdata 22 ({@code resources/text/writer/}), plus API details.
 */
class TextProfileWriterTest {

    static Stream<Named<Path>> writerInputs() {
        return TextFixtures.list("writer", ".proftext").stream().map(p -> Named.of(p.getFileName().toString(), p));
    }

    /**
     * sort: names by unsigned bytes ("B" < "a" < "ab" < "b" < "\xe9x"), hashes unsigned within a
     * name; flags: every header line, traces with an unknown name, targets unknown to the record
     * names, bitmap then value data; fe: no header at all.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("writerInputs")
    void matchesMergeText(Path input) throws IOException {
        assertThat(rewrite(input, false)).isEqualTo(expected(input, ".merged"));
    }

    /** With the vtable names kept, kind-2 targets print by name. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("writerInputs")
    void matchesMergeTextKeepingVtableSymbols(Path input) throws IOException {
        assertThat(rewrite(input, true)).isEqualTo(expected(input, ".keep-merged"));
    }

    private static String rewrite(Path input, boolean keepVtables) throws IOException {
        try (TextProfileReader r = (TextProfileReader) TextProfileReader.open(input, input.toString())) {
            return TextFixtures.latin1(TextFixtures.write(TextFixtures.contents(r, keepVtables)));
        }
    }

    private static String expected(Path input, String suffix) throws IOException {
        return TextFixtures.latin1(Files.readAllBytes(input.resolveSibling(input.getFileName() + suffix)));
    }

    @Test
    void emptyUnknownProfileIsEmptyText() throws IOException {
        // transcript 160: an empty merge result writes nothing
        ProfileContents empty = new ProfileContents(ProfileKind.UNKNOWN, List.of(), List.of(), List.of(),
                TemporalTraces.NONE);
        assertThat(TextFixtures.write(empty)).isEmpty();
    }

    @Test
    void explicitFrontEndWritesNoHeader() throws IOException {
        StringBuilder sb = new StringBuilder();
        TextProfileWriter.writeHeader(new ProfileKind(0, true), sb);
        TextProfileWriter.writeShowHeader(new ProfileKind(0, true), sb);
        assertThat(sb).isEmpty();
    }

    @Test
    void showHeaderIsJustIr() throws IOException {
        // cs_merged.show-text.txt starts with ":ir" although the profile is CS
        StringBuilder sb = new StringBuilder();
        TextProfileWriter.writeShowHeader(new ProfileKind(ProfileKind.IR | ProfileKind.CONTEXT_SENSITIVE
                | ProfileKind.ENTRY_FIRST | ProfileKind.TEMPORAL, false), sb);
        assertThat(sb.toString()).isEqualTo(":ir\n");
    }

    @Test
    void writeRecordResolvesTargetsThroughTheGivenTable() throws IOException {
        ValueSite[][] sites = ProfileRecord.noValueSites();
        sites[ValueKind.INDIRECT_CALL_TARGET.number()] = new ValueSite[] {
            new ValueSite(new long[] {Names.md5("known"), Names.md5("other")}, new long[] {-1L, 1})};
        ProfileRecord r = new ProfileRecord("f", -8L, new long[] {-1L}, new byte[] {(byte) 0xab}, sites);
        SymbolTable symbols = new SymbolTable();
        symbols.add("known");
        StringBuilder sb = new StringBuilder();
        TextProfileWriter.writeRecord(r, symbols, sb);
        assertThat(sb.toString()).isEqualTo("""
                f
                # Func Hash:
                18446744073709551608
                # Num Counters:
                1
                # Counter Values:
                18446744073709551615
                # Num Bitmap Bytes:
                $1
                # Bitmap Byte Values:
                0xab

                # Num Value Kinds:
                1
                # ValueKind = IPVK_IndirectCallTarget:
                0
                # NumValueSites:
                1
                2
                known:18446744073709551615
                ** External Symbol **:1

                """);
    }

    @Test
    void symbolTableHoldsRecordAndVtableNamesOnly() {
        ProfileContents c = new ProfileContents(ProfileKind.UNKNOWN,
                List.of(new NameGroup("f", List.of(ProfileRecord.of("f", 1, 1)))), List.of(), List.of("_ZTV1A"),
                new TemporalTraces(List.of(new TemporalTrace(1, new long[] {Names.md5("t")})), 1));
        SymbolTable t = TextProfileWriter.symbolTable(c);
        assertThat(t.nameOf(Names.md5("f"))).isEqualTo("f");
        assertThat(t.nameOf(Names.md5("_ZTV1A"))).isEqualTo("_ZTV1A");
        assertThat(t.nameOf(Names.md5("t"))).isNull();
        assertThat(t.size()).isEqualTo(2);
    }

    @Test
    void unsortedGroupsAreSortedAndTheStreamStaysOpen() throws IOException {
        ProfileContents c = new ProfileContents(new ProfileKind(ProfileKind.IR, false),
                List.of(new NameGroup("z", List.of(ProfileRecord.of("z", 1, 1))),
                        new NameGroup("a", List.of(ProfileRecord.of("a", 2, 2)))),
                List.of(), List.of(), TemporalTraces.NONE);
        boolean[] closed = {false};
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TextProfileWriter.write(c, new FilterOutputStream(bytes) {
            @Override
            public void close() {
                closed[0] = true;
            }
        });
        assertThat(closed[0]).isFalse();
        assertThat(TextFixtures.latin1(bytes.toByteArray())).startsWith("# IR level Instrumentation Flag\n:ir\na\n")
                .contains("\n\nz\n# Func Hash:\n1\n");
    }
}
