package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.sample.extbinary.ExtBinarySection;
import dev.jprofdata.format.sample.text.SampleTextReader;
import dev.jprofdata.format.summary.SummaryEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The binary, ext-binary and GCC readers against llvm-profdata 22: every binary fixture reads to the
 * same profile as LLVM's own {@code merge --text} of it, with the flags, summary, symbol list and
 * section table LLVM reports.
 */
class SampleBinaryReadersTest {

    static Stream<String> binaryFixtures() throws IOException {
        Path d = SampleDump.sampleDir();
        Assumptions.assumeTrue(Files.isDirectory(d), "fixtures not found");
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sprof") || n.endsWith(".afdo"))
                    .sorted().toList().stream();
        }
    }

    private static SampleProfile read(String name) throws IOException {
        return SampleProfileReaders.read(SampleDump.sampleDir().resolve(name), name, SampleReadOptions.DEFAULTS);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("binaryFixtures")
    void readsAsLlvmPrintsIt(String name) throws IOException {
        Path golden = SampleDump.goldenText(name);
        assertThat(golden).as("LLVM's text of " + name).isNotNull();
        SampleProfile mine = read(name);
        SampleProfile llvm;
        if (name.startsWith("plain.md5")) {
            // LLVM's text of an MD5 profile with inlinees cannot be read back (a callsite line whose
            // callee is a number reads as a body line): compare with the text it was made from.
            llvm = SampleTextReader.read(SampleDump.goldenText("plain.proftext"), "golden", SampleReadOptions.DEFAULTS);
            assertThat(SampleDump.of(mine)).isEqualTo(SampleDump.of(llvm, true));
        } else {
            llvm = SampleTextReader.read(golden, "golden", SampleReadOptions.DEFAULTS);
            assertThat(SampleDump.of(mine)).isEqualTo(SampleDump.of(llvm));
        }
        assertThat(mine.flags().probeBased()).isEqualTo(llvm.flags().probeBased());
        assertThat(mine.flags().contextSensitive()).isEqualTo(llvm.flags().contextSensitive());
        SampleFormat expected = name.endsWith(".afdo") ? SampleFormat.GCC
                : name.contains(".binary.") ? SampleFormat.BINARY : SampleFormat.EXTBINARY;
        assertThat(mine.format()).isEqualTo(expected);
        assertThat(SampleProfileReaders.detect(SampleDump.sampleDir().resolve(name))).isEqualTo(expected);
        if (expected == SampleFormat.GCC) {
            assertThat(mine.storedSummary()).isNull();
        } else {
            // Binary formats store the summary LLVM computed when it wrote them: the same as ours of the same data.
            assertThat(mine.storedSummary()).isEqualTo(SampleSummaries.compute(llvm));
        }
    }

    static Stream<String> allFixtures() throws IOException {
        try (Stream<Path> s = Files.list(SampleDump.sampleDir())) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".sprof") || n.endsWith(".afdo") || n.endsWith(".proftext"))
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allFixtures")
    void aBufferReadsAsTheFileDoes(String name) throws IOException {
        Path file = SampleDump.sampleDir().resolve(name);
        java.nio.ByteBuffer data = java.nio.ByteBuffer.wrap(Files.readAllBytes(file));
        SampleProfile fromFile = read(name);
        SampleProfile fromBuffer = SampleProfileReaders.read(data, name, SampleReadOptions.DEFAULTS);
        assertThat(SampleDump.of(fromBuffer)).isEqualTo(SampleDump.of(fromFile));
        assertThat(fromBuffer.flags()).isEqualTo(fromFile.flags());
        assertThat(fromBuffer.storedSummary()).isEqualTo(fromFile.storedSummary());
        assertThat(fromBuffer.symbolList()).isEqualTo(fromFile.symbolList());
        assertThat(SampleProfileReaders.detect(data, name)).isEqualTo(SampleProfileReaders.detect(file));
        assertThat(SampleDump.of(SampleProfileReaders.readFunctions(data, name, SampleReadOptions.DEFAULTS,
                Set.of(FunctionId.of("main"))))).isEqualTo(SampleDump.of(SampleProfileReaders.readFunctions(file, name,
                SampleReadOptions.DEFAULTS, Set.of(FunctionId.of("main")))));
    }

    @Test
    void flagsFromTheSummaryAndTheNameTable() throws IOException {
        assertThat(read("plain.md5.sprof").flags().md5Names()).isTrue();
        assertThat(read("plain.md5.sprof").profiles().keySet().iterator().next().function().isHash()).isTrue();
        assertThat(read("plain.partial.sprof").flags().partial()).isTrue();
        assertThat(read("fs.extbinary.sprof").flags().flowSensitive()).isTrue();
        SampleProfile cs = read("cs-probe.extbinary.sprof");
        assertThat(cs.flags().contextSensitive()).isTrue();
        assertThat(cs.flags().preInlined()).isTrue();
        assertThat(cs.flags().probeBased()).isTrue();
        assertThat(read("plain.extbinary.sprof").flags()).isEqualTo(SampleProfileFlags.NONE);
    }

    @Test
    void symbolListsAreReadOnlyWhereTheFileHasOne() throws IOException {
        assertThat(read("plain.extbinary.sprof").symbolList()).isNull();
        List<String> expected = new ArrayList<>();
        for (String line : Files.readAllLines(SampleDump.sampleDir().resolve("syms.txt"))) {
            if (!line.isBlank()) {
                expected.add(line.trim());
            }
        }
        assertThat(read("plain.psl.sprof").symbolList()).containsAll(expected);
        assertThat(read("plain.pslz.sprof").symbolList()).isEqualTo(read("plain.psl.sprof").symbolList());
    }

    @Test
    void sectionTableAsShowSecInfoOnlyPrintsIt() throws IOException {
        Path golden = SampleDump.fixtures().resolve("golden/sample_show_secinfo_cs_probe_extbinary_sprof.stdout");
        Assumptions.assumeTrue(Files.exists(golden));
        List<String> lines = new ArrayList<>();
        for (ExtBinarySection s : SampleProfileReaders.sections(SampleDump.sampleDir().resolve("cs-probe.extbinary.sprof"), "x")) {
            lines.add(s.name() + " - Offset: " + s.offset() + ", Size: " + s.size() + ", Flags: " + s.flagString());
        }
        List<String> expected = Files.readAllLines(golden);
        assertThat(lines).isEqualTo(expected.subList(0, lines.size()));
    }

    @Test
    void everySecInfoGoldenMatches() throws IOException {
        try (Stream<Path> cases = Files.list(SampleDump.fixtures().resolve("cases"))) {
            for (Path c : (Iterable<Path>) cases.filter(p -> p.getFileName().toString().startsWith("sample_show_secinfo_"))::iterator) {
                String input = Files.readString(c).trim().replaceAll(".* ", "");
                if (!input.endsWith(".sprof")) {
                    continue;
                }
                String stem = c.getFileName().toString().replace(".cmd", "");
                List<String> expected = Files.readAllLines(SampleDump.fixtures().resolve("golden/" + stem + ".stdout"));
                List<String> lines = new ArrayList<>();
                for (ExtBinarySection s : SampleProfileReaders.sections(SampleDump.fixtures().resolve(input), input)) {
                    lines.add(s.name() + " - Offset: " + s.offset() + ", Size: " + s.size() + ", Flags: " + s.flagString());
                }
                assertThat(lines).as(stem).isEqualTo(expected.subList(0, lines.size()));
            }
        }
    }

    @Test
    void readFunctionsLoadsOnlyThoseAskedFor() throws IOException {
        for (String name : List.of("plain.extbinary.sprof", "plain.md5.sprof", "plain.z.sprof", "plain.proftext",
                "plain.binary.sprof", "cs-probe.extbinary.sprof", "plain.split.sprof")) {
            SampleProfile all = read(name);
            FunctionId main = FunctionId.of("main");
            SampleProfile some = SampleProfileReaders.readFunctions(SampleDump.sampleDir().resolve(name), name,
                    SampleReadOptions.DEFAULTS, Set.of(main));
            assertThat(some.profiles()).as(name).isNotEmpty();
            for (var e : some.profiles().entrySet()) {
                assertThat(e.getKey().function().guid()).as(name).isEqualTo(main.guid());
                assertThat(SampleDump.of(single(e.getValue(), some))).as(name)
                        .isEqualTo(SampleDump.of(single(all.profiles().get(e.getKey()), all)));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("binaryFixtures")
    void readFunctionsOfEveryFunctionMatchesTheWholeRead(String name) throws IOException {
        Path file = SampleDump.sampleDir().resolve(name);
        SampleProfile all = read(name);
        for (SampleContext c : all.profiles().keySet()) {
            SampleProfile some = SampleProfileReaders.readFunctions(file, name, SampleReadOptions.DEFAULTS,
                    Set.of(c.function()));
            assertThat(some.profiles()).as(name + " " + c).containsKey(c);
            for (var e : some.profiles().entrySet()) {
                assertThat(e.getKey().function()).isEqualTo(c.function());
                assertThat(SampleDump.of(single(e.getValue(), some))).as(name + " " + c)
                        .isEqualTo(SampleDump.of(single(all.profiles().get(e.getKey()), all)));
            }
        }
    }

    @Test
    void readFunctionsDecodesOnlyTheWantedRecords(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        // Damage the record of _Z3bari (found through the offset table): a whole read fails, a
        // read of main alone does not look at it.
        byte[] b = Files.readAllBytes(SampleDump.sampleDir().resolve("plain.extbinary.sprof"));
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        long lbrOffset = -1;
        long offsetTable = -1;
        for (int i = 0; i < bb.getLong(10); i++) {
            long type = bb.getLong(18 + 32 * i);
            if (type == SampleLayout.SEC_LBR_PROFILE) {
                lbrOffset = bb.getLong(18 + 32 * i + 16);
            } else if (type == SampleLayout.SEC_FUNC_OFFSET_TABLE) {
                offsetTable = bb.getLong(18 + 32 * i + 16);
            }
        }
        // Offset table "03 04 00 00 48 01 55": main@0, _Z3bari@72 (name index 0), _Z3fooi@85.
        assertThat(b[(int) offsetTable + 3]).isEqualTo((byte) 0);
        int bar = (int) (lbrOffset + b[(int) offsetTable + 4]);
        while ((b[bar] & 0x80) != 0) {
            bar++; // past the head samples
        }
        b[bar + 1] = 0x7F;
        Path f = dir.resolve("damaged.sprof");
        Files.write(f, b);
        assertThatThrownBy(() -> SampleProfileReaders.read(f, "d", SampleReadOptions.DEFAULTS))
                .isInstanceOf(SampleProfileException.class).hasMessageContaining("Truncated function name table");
        SampleProfile main = SampleProfileReaders.readFunctions(f, "d", SampleReadOptions.DEFAULTS,
                Set.of(FunctionId.of("main")));
        assertThat(main.profiles()).containsOnlyKeys(SampleContext.of(FunctionId.of("main")));
    }

    private static SampleProfile single(FunctionSamples f, SampleProfile like) {
        java.util.LinkedHashMap<SampleContext, FunctionSamples> m = new java.util.LinkedHashMap<>();
        m.put(f.context(), f);
        return new SampleProfile(like.format(), m, like.flags(), null, null);
    }

    @Test
    void summaryEntriesAreLlvmsSixteenCutoffs() throws IOException {
        List<SummaryEntry> entries = read("plain.extbinary.sprof").storedSummary().entries();
        assertThat(entries).hasSize(16);
        assertThat(entries.get(0).cutoff()).isEqualTo(10000);
    }
}
