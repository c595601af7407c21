package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every golden {@code merge --sample} case of one text-profile input whose output is a written
 * profile: the input is read, put in the order llvm-profdata's merge map receives it (the reader
 * map's iteration order), written with the case's options and compared byte for byte with
 * llvm-profdata 22's output.
 */
class SampleWriterGoldenTest {
    private static final String[] PREFIXES = {"sample_ext_", "sample_bin_", "sample_extz_", "sample_md5_",
        "sample_partial_", "sample_split_", "sample_splittext_", "sample_psl_", "sample_text_", "sample_gcc_", "sample_sizelimit_", "sample_vt_", "sample_real_", "sample_fs_"};

    static Stream<String> cases() throws IOException {
        try (Stream<Path> s = Files.list(SampleFixtureFiles.root().resolve("cases"))) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".cmd"))
                    .map(n -> n.substring(0, n.length() - 4))
                    .filter(n -> Stream.of(PREFIXES).anyMatch(n::startsWith))
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void writesWhatLlvmWrites(String name) throws IOException {
        Path root = SampleFixtureFiles.root();
        List<String> args = List.of(Files.readString(root.resolve("cases/" + name + ".cmd")).trim().split("\\s+"));
        // sample_real_ also names show and overlap cases, which write no profile.
        assumeTrue(args.get(0).equals("merge"), "not a merge case");
        SampleWriteOptions options = SampleWriteOptions.defaults(SampleFormat.EXTBINARY);
        List<Path> inputs = new ArrayList<>();
        TreeSet<String> symbols = new TreeSet<>();
        String output = null;
        boolean dropSymbols = false;
        boolean isFs = false;
        int fsMask = -1;
        for (int i = 2; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--extbinary" -> options = withFormat(options, SampleFormat.EXTBINARY);
                case "--binary" -> options = withFormat(options, SampleFormat.BINARY);
                case "--text" -> options = withFormat(options, SampleFormat.TEXT);
                case "--gcc" -> options = withFormat(options, SampleFormat.GCC);
                case "-extbinary-write-vtable-type-prof", "--extbinary-write-vtable-type-prof" ->
                    options = options.withWriteVtableTypes(true);
                case "--compress-all-sections" -> options = options.withCompressAllSections(true);
                case "--use-md5" -> options = options.withUseMd5(true);
                case "--gen-partial-profile" -> options = options.withPartialProfile(true);
                case "--split-layout" -> options = options.withSplitLayout(true);
                case "--drop-profile-symbol-list" -> dropSymbols = true;
                case "--profile-isfs" -> isFs = true;
                case "-o" -> output = args.get(++i);
                case "--num-threads=1" -> {
                }
                default -> {
                    if (a.startsWith("--fs-discriminator-pass=")) {
                        fsMask = SampleReadOptions.maskForPass(a.substring(24));
                    } else if (a.startsWith("--output-size-limit=")) {
                        options = options.withOutputSizeLimit(Long.parseLong(a.substring(20)));
                    } else if (a.startsWith("--prof-sym-list=")) {
                        for (String l : Files.readAllLines(root.resolve(a.substring(16)), StandardCharsets.ISO_8859_1)) {
                            if (!l.isBlank()) {
                                symbols.add(l.strip());
                            }
                        }
                    } else {
                        // Cases with merge options (weights, layouts, filters...) are the merge's.
                        assumeTrue(!a.startsWith("-"), "not a writer case: " + a);
                        inputs.add(root.resolve(a));
                    }
                }
            }
        }
        assumeTrue(inputs.size() == 1, "a merge of several inputs");
        SampleProfile read = read(inputs.get(0), new SampleReadOptions(isFs, fsMask));
        SampleProfile merged = asMerged(read, symbols, dropSymbols);

        Path golden = root.resolve("golden/" + output);
        int rc = Integer.parseInt(Files.readString(root.resolve("golden/" + name + ".rc")).trim());
        if (rc != 0) {
            String stderr = Files.readString(root.resolve("golden/" + name + ".stderr"));
            SampleWriteOptions o = options;
            assertThatThrownBy(() -> SampleProfileWriters.toBytes(merged, o))
                    .isInstanceOf(SampleWriteException.class)
                    .satisfies(e -> assertThat(stderr).contains(e.getMessage()));
            return;
        }
        byte[] bytes = SampleProfileWriters.toBytes(merged, options);
        byte[] expected = Files.readAllBytes(golden);
        if (!java.util.Arrays.equals(bytes, expected)) {
            Path actual = Path.of("target-sample-writer-actual").resolve(golden.getFileName());
            Files.createDirectories(actual.getParent());
            Files.write(actual, bytes);
        }
        assertThat(bytes).as(name).isEqualTo(expected);
    }

    /** The input through the library's reader; skipped while that format's reader is not there yet. */
    static SampleProfile read(Path input, SampleReadOptions options) throws IOException {
        try {
            return SampleProfileReaders.read(input, input.getFileName().toString(), options);
        } catch (SampleProfileException e) {
            assumeTrue(!e.getMessage().contains("not implemented"), e.getMessage());
            throw e;
        }
    }

    private static SampleWriteOptions withFormat(SampleWriteOptions o, SampleFormat f) {
        return new SampleWriteOptions(f, o.compressAllSections(), o.useMd5(), o.partialProfile(), o.splitLayout(),
                o.writeVtableTypes(), o.outputSizeLimit());
    }

    /** The profile as llvm-profdata's merge map receives it: copies, in the reader map's iteration order. */
    static SampleProfile asMerged(SampleProfile read, TreeSet<String> extraSymbols, boolean dropSymbols) {
        List<FunctionSamples> order = LlvmMapOrder.iterationOrder(new ArrayList<>(read.profiles().values()),
                f -> LlvmMapOrder.mapKey(f.context()));
        LinkedHashMap<SampleContext, FunctionSamples> map = new LinkedHashMap<>();
        for (FunctionSamples f : order) {
            map.put(f.context(), f.copy());
        }
        TreeSet<String> list = new TreeSet<>(extraSymbols);
        if (read.symbolList() != null && !dropSymbols) {
            list.addAll(read.symbolList());
        }
        return new SampleProfile(read.format(), map, read.flags(), list, null);
    }
}
