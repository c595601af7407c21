package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.sample.text.SampleTextReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The text reader against llvm-profdata 22: every hand-written fixture reads to the same profile as
 * LLVM's own {@code merge --text} of it, and odd or bad lines are read or refused as LLVM does
 * (the expected texts were checked with llvm-profdata-22).
 */
class SampleTextReaderTest {
    @TempDir
    Path dir;

    static Stream<String> textFixtures() throws IOException {
        Path d = SampleDump.sampleDir();
        Assumptions.assumeTrue(Files.isDirectory(d), "fixtures not found");
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".proftext"))
                    .filter(n -> SampleDump.goldenText(n) != null).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("textFixtures")
    void readsAsLlvmWritesIt(String name) throws IOException {
        SampleProfile mine = SampleProfileReaders.read(SampleDump.sampleDir().resolve(name), name, SampleReadOptions.DEFAULTS);
        SampleProfile llvm = SampleTextReader.read(SampleDump.goldenText(name), "golden", SampleReadOptions.DEFAULTS);
        assertThat(mine.format()).isEqualTo(SampleFormat.TEXT);
        assertThat(SampleDump.of(mine)).isEqualTo(SampleDump.of(llvm));
        assertThat(mine.flags().probeBased()).isEqualTo(llvm.flags().probeBased());
        assertThat(mine.flags().contextSensitive()).isEqualTo(llvm.flags().contextSensitive());
    }

    private SampleProfile read(String text) throws IOException {
        return read(text, SampleReadOptions.DEFAULTS);
    }

    private SampleProfile read(String text, SampleReadOptions options) throws IOException {
        Path f = dir.resolve("t.txt");
        Files.write(f, text.getBytes(StandardCharsets.ISO_8859_1));
        return SampleProfileReaders.read(f, "t.txt", options);
    }

    private static String dump(SampleProfile p) {
        return SampleDump.of(p);
    }

    @Test
    void oddHeadersReadAsInLlvm() throws IOException {
        // One colon or none: LLVM's position arithmetic takes the whole line as the name.
        assertThat(dump(read("123\n 1: 5\n"))).isEqualTo("123:123:123\n 1: 5\n");
        assertThat(dump(read("12:34\n 1: 5\n"))).isEqualTo("12:34:12:34\n 1: 5\n");
        assertThat(dump(read(":7\n 1: 5\n"))).isEqualTo(":7:7\n 1: 5\n");
        // A body line without a colon is "LOC: LOC".
        assertThat(dump(read("foo:1:2\n 5\n"))).isEqualTo("foo:1:2\n 5: 5\n");
        // The character after the colon is skipped whatever it is.
        assertThat(dump(read("foo:1:2\n 1:10\n"))).isEqualTo("foo:1:2\n 1: 0\n");
    }

    @Test
    void lastTargetValueOfALineWinsAndLinesAdd() throws IOException {
        assertThat(dump(read("foo:1:2\n 1: 5 a:1 a:3 b:2\n 1: 1 b:1\n"))).isEqualTo("foo:1:2\n 1: 6 a:3 b:3\n");
        assertThat(dump(read("foo:1:2\n 1: 5 ns::f(int):3 x:y:4\n"))).isEqualTo("foo:1:2\n 1: 5 ns::f(int):3 x:y:4\n");
    }

    @Test
    void duplicateHeadersAccumulateAndCrlfIsTolerated() throws IOException {
        assertThat(dump(read("foo:1:2\r\n 1: 5\r\n# c\r\n\r\nfoo:3:4\r\n 1: 1\r\n"))).isEqualTo("foo:4:6\n 1: 6\n");
    }

    @Test
    void metadataOrderAndDepth() throws IOException {
        // Every metadata line sets the attributes: attributes then checksum loses them.
        SampleProfile p = read("[foo]:10:1\n 1: 10\n !Attributes: 2\n !CFGChecksum: 5\n");
        FunctionSamples f = p.profiles().values().iterator().next();
        assertThat(f.attributes()).isZero();
        assertThat(f.functionHash()).isEqualTo(5);
        assertThat(p.flags().probeBased()).isTrue();
        assertThat(p.flags().contextSensitive()).isTrue();
        assertThat(p.flags().preInlined()).isTrue();
        // A depth-2 checksum on the top level's node does not make the profile probe-based.
        SampleProfile q = read("foo:1:2\n 1.5: 5\n  !CFGChecksum: 7\n !Attributes: 2\n");
        assertThat(q.flags().probeBased()).isFalse();
        assertThat(q.profiles().values().iterator().next().attributes()).isEqualTo(2);
        // Lines at other depths may follow metadata.
        SampleProfile r = read("foo:10:1\n 1: 10\n 2: inl:5\n  1: 5\n  !CFGChecksum: 9\n 3: 4\n !CFGChecksum: 7\n");
        assertThat(r.profiles().values().iterator().next().callsites().firstEntry().getValue().firstEntry()
                .getValue().functionHash()).isEqualTo(9);
    }

    @Test
    void inlineStackFollowsIndentation() throws IOException {
        // Deeper indentation than needed still attaches to the deepest open node.
        assertThat(dump(read("main:10:0\n 1: inl:5\n   2: 3\n 3: 1\n")))
                .isEqualTo("main:10:0\n 3: 1\n 1: inl:5\n  2: 3\n");
    }

    @Test
    void contextsDecodeAsInLlvm() throws IOException {
        SampleProfile p = read("[main:-1 @ foo:x.y]:1:2\n 1: 5\n");
        SampleContext c = p.profiles().keySet().iterator().next();
        assertThat(c.toString()).isEqualTo("main:4294967295 @ foo");
        assertThat(c.frames()).hasSize(2);
        SampleProfile leaf = read("[main:3 @ foo:2]:1:2\n 1: 5\n[main:3 @ foo]:1:2\n 1: 5\n");
        assertThat(leaf.profiles()).hasSize(2);
    }

    @Test
    void fsDiscriminatorsAreMaskedOnlyWhenTheProfileIsFs() throws IOException {
        String text = "foo:10:1\n 1.4294967295: 10\n 2.3: 5\n 2.259: 1\n";
        assertThat(dump(read(text))).isEqualTo("foo:10:1\n 1.4294967295: 10\n 2.3: 5\n 2.259: 1\n");
        SampleProfile fs = read(text, new SampleReadOptions(true, SampleReadOptions.maskForPass("Base")));
        assertThat(dump(fs)).isEqualTo("foo:10:1\n 1.255: 10\n 2.3: 6\n");
        assertThat(fs.flags().flowSensitive()).isTrue();
        assertThat(SampleReadOptions.maskForPass("Pass1")).isEqualTo(0x3FFF);
        assertThat(SampleReadOptions.maskForPass("PassLast")).isEqualTo(-1);
    }

    @Test
    void vtableLines() throws IOException {
        SampleProfile p = read("main:1000:10\n 1: 100\n 1: vtables _ZTV3Foo:60  _ZTV3Bar:40 \n");
        assertThat(p.profiles().values().iterator().next().vtables().get(new LineLocation(1, 0)))
                .containsEntry(FunctionId.of("_ZTV3Foo"), 60L).containsEntry(FunctionId.of("_ZTV3Bar"), 40L);
    }

    static Stream<Arguments> badTexts() {
        return Stream.of(
                Arguments.of("foo:1:2\n 1: 5 \n", "t.txt:2: Expected 'NUM[.NUM]: NUM[ mangled_name:NUM]*', found  1: 5 "),
                Arguments.of("foo:1:2\n 70000: 5\n", "t.txt:2: Expected 'NUM[.NUM]: NUM[ mangled_name:NUM]*', found  70000: 5"),
                Arguments.of("foo:1:2\n 1:  10\n", "t.txt:2: Expected 'NUM[.NUM]: NUM[ mangled_name:NUM]*', found  1:  10"),
                Arguments.of("foo:1:2\n 1: 5 bar:5x\n", "t.txt:2: Expected 'NUM[.NUM]: NUM[ mangled_name:NUM]*', found  1: 5 bar:5x"),
                Arguments.of("foo:1:2\n\n# x\nbar\n", "t.txt:4: Expected 'mangled_name:NUM:NUM', found bar"),
                Arguments.of("foo:1:2\n !Bogus: 1\n", "t.txt:2: Cannot parse metadata:  !Bogus: 1"),
                Arguments.of("foo:1:2\n  !Flat\n", "t.txt:2: Cannot parse metadata:   !Flat"),
                Arguments.of("foo:1:2\n 1: 5\n !CFGChecksum: 1\n 2: 5\n", "t.txt:4: Found non-metadata after metadata:  2: 5"),
                Arguments.of("foo:1:2\n 1: vtables a:1 a:2\n", "t.txt:2: Expected 'vtables [mangled_vtable:NUM]+', found  1: vtables a:1 a:2"),
                Arguments.of("foo:1:0\n 1: 18446744073709551615\n 1: 1\n", "t.txt: Counter overflow"),
                Arguments.of("  \nfoo:1:2\n", "t.txt: Unrecognized sample profile encoding format"),
                Arguments.of("foo:1:2\n\t1: 5\n", "t.txt:2: Expected 'mangled_name:NUM:NUM', found \t1: 5"),
                Arguments.of("", "t.txt: Unrecognized sample profile encoding format"));
    }

    @ParameterizedTest
    @MethodSource("badTexts")
    void badLinesFailAsInLlvm(String text, String message) throws IOException {
        assertThatThrownBy(() -> read(text)).isInstanceOf(SampleProfileException.class).hasMessage(message);
    }

    @Test
    void nulWithDataAfterItIsRefusedButTrailingNulsAreNot() throws IOException {
        assertThat(dump(read("foo:1:2\n 1: 5\n\0\0"))).isEqualTo("foo:1:2\n 1: 5\n");
        assertThatThrownBy(() -> read("foo:1:2\n 1: 5\n\0 2: 3\n")).isInstanceOf(SampleProfileException.class)
                .extracting(e -> ((SampleProfileException) e).kind()).isEqualTo(Kind.MALFORMED);
    }

    @Test
    void readsFromAStream() throws IOException {
        SampleProfile p = SampleTextReader.read(new ByteArrayInputStream("f:1:1\n 1: 1\n".getBytes(StandardCharsets.ISO_8859_1)),
                "-", SampleReadOptions.DEFAULTS);
        assertThat(List.copyOf(p.profiles().keySet())).containsExactly(SampleContext.of(FunctionId.of("f")));
    }
}
