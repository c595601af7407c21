package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * JSON/YAML reports of {@code show} and {@code overlap}: they validate against the committed schemas
 * ({@code spec/json-output-*.schema.json}), carry the reader's numbers exactly, and agree with the
 * text reports (which are checked against llvm-profdata elsewhere).
 */
class JsonOutputTest {
    @TempDir
    Path dir;

    private static Path root() {
        return Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().normalize();
    }

    private static MiniJsonSchema schema(String name) throws IOException {
        Path p = root().resolve("spec").resolve(name);
        assumeTrue(Files.exists(p), "no schema at " + p);
        return new MiniJsonSchema(Files.readString(p));
    }

    private Path fixture(String name) throws IOException {
        Path src = CliRun.fixtures().resolve("profiles").resolve(name);
        assumeTrue(Files.exists(src), "no fixture " + src);
        Path target = dir.resolve(Path.of(name).getFileName().toString());
        Files.copy(src, target);
        return target;
    }

    /** CliRun decodes output as ISO-8859-1 (one char per byte); reports are UTF-8 bytes. */
    private static byte[] bytes(String output) {
        return output.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static Object json(String text) throws IOException {
        return MiniJsonSchema.parse(new JsonFactory().createParser(bytes(text)));
    }

    private static Object yaml(String text) throws IOException {
        return MiniJsonSchema.parse(new YAMLFactory().createParser(bytes(text)));
    }

    private CliRun run(String... args) {
        CliRun r = CliRun.run(dir, args);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        return r;
    }

    @SuppressWarnings("unchecked")
    private static <T> T at(Object tree, String... path) {
        Object v = tree;
        for (String p : path) {
            v = v instanceof List<?> l ? l.get(Integer.parseInt(p)) : ((Map<String, Object>) v).get(p);
        }
        return (T) v;
    }

    private static BigInteger u64(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    private static String textLine(String text, String prefix) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(prefix) + "(.*)$").matcher(text);
        assertThat(m.find()).as(prefix).isTrue();
        return m.group(1).strip();
    }

    @ParameterizedTest
    @ValueSource(strings = {"ir_1.profraw", "vt.profdata", "cs.profdata", "mcdc.proftext", "temporal.profdata",
        "fe.profdata"})
    void showValidatesAndCarriesTheReadersNumbers(String name) throws Exception {
        Path file = fixture(name);
        String out = run("show", "--show-format=json", "--all-functions", "--detailed-summary", "--binary-ids",
                "--temporal-profile-traces", name).stdout();
        Object tree = json(out);
        assertThat(schema("json-output-show.schema.json").validate(tree)).isEmpty();

        // Every non-CS record, in reader order, with its exact counters and value data.
        List<Map<String, Object>> functions = at(tree, "functions");
        List<ProfileRecord> expected = new ArrayList<>();
        try (ProfileReader reader = ProfileReaders.open(file, name)) {
            for (ProfileRecord r; (r = reader.next()) != null; ) {
                if (!reader.kind().isIr() || !r.isContextSensitive()) {
                    expected.add(r);
                }
            }
        }
        assertThat(functions).hasSize(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            ProfileRecord r = expected.get(i);
            Map<String, Object> f = functions.get(i);
            assertThat(f.get("name")).isEqualTo(r.name());
            assertThat(f.get("hash")).isEqualTo(u64(r.hash()));
            List<BigInteger> counters = new ArrayList<>();
            for (long c : r.counts()) {
                counters.add(u64(c));
            }
            assertThat(f.get("counters")).isEqualTo(counters);
        }

        // The summary equals the text report's.
        String text = run("show", "--detailed-summary", name).stdout();
        assertThat(at(tree, "summary", "totalFunctions").toString()).isEqualTo(textLine(text, "Total functions: "));
        assertThat(at(tree, "summary", "totalCount").toString()).isEqualTo(textLine(text, "Total count: "));
        assertThat(at(tree, "summary", "totalBlocks").toString()).isEqualTo(textLine(text, "Total number of blocks: "));
        assertThat(at(tree, "summary", "maxFunctionCount").toString())
                .isEqualTo(textLine(text, "Maximum function count: "));
        assertThat(at(tree, "summary", "maxInternalBlockCount").toString())
                .isEqualTo(textLine(text, "Maximum internal block count: "));

        // Without cutoffs the totals are computed in constant memory: same numbers.
        Map<String, Object> withDetails = new java.util.LinkedHashMap<>(at(tree, "summary"));
        assertThat(withDetails.remove("detailed")).isNotNull();
        Map<String, Object> totalsOnly = at(json(run("show", "--json", name).stdout()), "summary");
        assertThat(totalsOnly).isEqualTo(withDetails);

        // YAML carries the same tree.
        String y = run("show", "--show-format=yaml", "--all-functions", "--detailed-summary", "--binary-ids",
                "--temporal-profile-traces", name).stdout();
        assertThat(yaml(y)).isEqualTo(tree);
    }

    @Test
    void extremeUnsignedValuesAreExactIntegers() throws Exception {
        // Front-end: an IR record with this hash would be context-sensitive and not shown.
        Files.writeString(dir.resolve("big.proftext"), """
                :fe
                big
                0xffffffffffffffff
                3
                18446744073709551615
                9223372036854775808
                0

                """);
        Object tree = json(run("show", "--json", "--all-functions", "big.proftext").stdout());
        assertThat(schema("json-output-show.schema.json").validate(tree)).isEmpty();
        assertThat(at(tree, "functions", "0", "hash").toString()).isEqualTo("18446744073709551615");
        assertThat(at(tree, "functions", "0", "counters").toString())
                .isEqualTo("[18446744073709551615, 9223372036854775808, 0]");
        Object fromYaml = yaml(run("show", "--show-format=yaml", "--all-functions", "big.proftext").stdout());
        List<Object> yamlCounters = at(fromYaml, "functions", "0", "counters");
        List<Object> jsonCounters = at(tree, "functions", "0", "counters");
        assertThat(yamlCounters).isEqualTo(jsonCounters);
    }

    @Test
    void namesThatAreNotUtf8KeepTheirBytes() throws Exception {
        // (A non-ASCII byte in the first 8 bytes would make the file unrecognizable, as in LLVM.)
        byte[] text = ":ir\nfoo\n0x1\n1\n1\n\nn\u00e9\n0x1\n1\n5\n\n".getBytes(StandardCharsets.ISO_8859_1);
        Files.write(dir.resolve("latin1.proftext"), text);
        Object tree = json(run("show", "--json", "--all-functions", "latin1.proftext").stdout());
        assertThat(schema("json-output-show.schema.json").validate(tree)).isEmpty();
        assertThat(at(tree, "functions", "1", "name").toString()).isEqualTo("n\ufffd");
        assertThat(at(tree, "functions", "1", "nameBytes").toString()).isEqualTo("6ee9");
        Map<String, Object> plain = at(tree, "functions", "0");
        assertThat(plain).doesNotContainKey("nameBytes");
    }

    @Test
    void overlapValidatesAndMatchesTheTextReport() throws Exception {
        fixture("ir.profdata");
        fixture("ir_1.profraw");
        String out = run("overlap", "--json", "--function=compute", "ir.profdata", "ir_1.profraw").stdout();
        Object tree = json(out);
        assertThat(schema("json-output-overlap.schema.json").validate(tree)).isEmpty();
        assertThat(at(tree, "functions", "0", "name").toString()).isEqualTo("compute");
        String text = run("overlap", "ir.profdata", "ir_1.profraw").stdout();
        BigDecimal edges = at(tree, "program", "overlap", "edges");
        String percent = edges.multiply(BigDecimal.valueOf(100)).setScale(3, RoundingMode.HALF_EVEN).toPlainString();
        assertThat(textLine(text, "  Edge profile overlap: ")).isEqualTo(percent + "%");
        assertThat(at(tree, "program", "base", "edges").toString()).isEqualTo("1069.0");
        // doubles are written in their shortest exact form: they read back to the same double
        assertThat(Double.parseDouble(edges.toString())).isEqualTo(edges.doubleValue());
        assertThat(yaml(run("overlap", "--show-format=yaml", "--function=compute", "ir.profdata", "ir_1.profraw")
                .stdout())).isEqualTo(tree);
    }

    @Test
    void textOnlyOptionsAreRefused() throws Exception {
        fixture("ir_1.profraw");
        CliRun r = CliRun.run(dir, "show", "--json", "--topn=3", "ir_1.profraw");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).startsWith("error: --show-format=json cannot be combined with");
    }
}
