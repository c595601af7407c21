package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileIndex;
import dev.jprofdata.format.sample.SampleProfileFlags;
import dev.jprofdata.format.sample.SampleRecord;
import dev.jprofdata.format.sample.Saturating;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import org.junit.jupiter.api.Test;

/**
 * {@link SampleShow} and its JSON and column writers on profiles built in code, for what the golden
 * cases do not reach: escaping in JSON, a profile without a symbol list, lookups in MD5 profiles.
 */
class SampleShowTest {
    private static final Saturating.Overflow OVERFLOW = new Saturating.Overflow();

    private static SampleProfile profile(FunctionSamples... functions) {
        LinkedHashMap<SampleContext, FunctionSamples> map = new LinkedHashMap<>();
        for (FunctionSamples f : functions) {
            map.put(f.context(), f);
        }
        return new SampleProfile(SampleFormat.TEXT, map, SampleProfileFlags.NONE, null, null);
    }

    private static FunctionSamples function(FunctionId id, long total) {
        FunctionSamples f = new FunctionSamples(SampleContext.of(id));
        f.setTotalSamples(total);
        f.bodyRecord(new LineLocation(1, 0)).addSamples(total, 1, OVERFLOW);
        return f;
    }

    private static String show(SampleShowOptions options, SampleProfile profile) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BlockTextWriter out = new BlockTextWriter(bytes::write);
        new SampleShow(options, out).run(SampleProfileIndex.of(profile));
        out.drainAll();
        return bytes.toString(StandardCharsets.ISO_8859_1);
    }

    private static SampleShowOptions dumpAll() {
        return new SampleShowOptions(false, "", "text", false, false, false, 0, false);
    }

    @Test
    void jsonEscapesNamesAsLlvmDoes() throws IOException {
        // A quote, a backslash, a tab, a control byte, DEL, valid UTF-8 (é) and a lone 0xFF byte.
        String name = "a\"b\\c\td\u0001e\u007f" + "\u00c3\u00a9" + "\u00ff";
        String json = show(new SampleShowOptions(false, "", "json", false, false, false, 0, false),
                profile(function(FunctionId.of(name), 5)));
        assertThat(json).contains("\"name\": \"a\\\"b\\\\c\\td\\u0001e\u007f\u00c3\u00a9\u00ef\u00bf\u00bd\",");
        assertThat(json).endsWith("]\n");
    }

    /** A profile with what the dump shows: targets, a discriminator, an inlinee, a count of 2^64-1. */
    private static SampleProfile richProfile() {
        FunctionSamples main = function(FunctionId.of("main"), 40);
        SampleRecord r = main.bodyRecord(new LineLocation(3, 2));
        r.addSamples(-1L, 1, OVERFLOW);
        r.addTarget(FunctionId.of("callee"), 7, 1, OVERFLOW);
        r.addTarget(FunctionId.of("other"), 9, 1, OVERFLOW);
        FunctionSamples inlined = main.inlinee(new LineLocation(4, 0), FunctionId.of("leaf"));
        inlined.addTotalSamples(12, 1, OVERFLOW);
        inlined.bodyRecord(new LineLocation(1, 0)).addSamples(12, 1, OVERFLOW);
        return profile(main, function(FunctionId.of("cold"), 1));
    }

    @Test
    void yamlHoldsTheJsonDumpsDocument() throws IOException {
        SampleProfile p = richProfile();
        String json = show(new SampleShowOptions(false, "", "json", false, false, false, 0, false), p);
        String yaml = show(new SampleShowOptions(false, "", "yaml", false, false, false, 0, false), p);
        assertThat(yaml).startsWith("---\n").contains("18446744073709551615");
        Object fromJson = MiniJsonSchema.parse(new JsonFactory().createParser(json.getBytes(StandardCharsets.ISO_8859_1)));
        Object fromYaml = MiniJsonSchema.parse(new YAMLFactory().createParser(yaml.getBytes(StandardCharsets.ISO_8859_1)));
        assertThat((java.util.List<?>) fromJson).hasSize(2);
        assertThat(fromYaml).isEqualTo(fromJson);
    }

    @Test
    void yamlGivesTheBytesOfANameThatIsNotUtf8() throws IOException {
        String yaml = show(new SampleShowOptions(false, "", "yaml", false, false, false, 0, false),
                profile(function(FunctionId.of("n\u00e9"), 5)));
        Object doc = MiniJsonSchema.parse(new YAMLFactory().createParser(yaml.getBytes(StandardCharsets.ISO_8859_1)));
        java.util.Map<?, ?> first = (java.util.Map<?, ?>) ((java.util.List<?>) doc).get(0);
        assertThat(first.get("name")).isEqualTo("n\ufffd");
        assertThat(first.get("nameBytes")).isEqualTo("6ee9");
    }

    @Test
    void anEmptyProfileIsAnEmptyJsonArray() throws IOException {
        assertThat(show(new SampleShowOptions(false, "", "json", false, false, false, 0, false), profile())).isEqualTo("[]\n");
    }

    @Test
    void aMissingSymbolListPrintsTheTitleAlone() throws IOException {
        String out = show(new SampleShowOptions(false, "", "text", true, false, false, 0, false),
                profile(function(FunctionId.of("f"), 5)));
        assertThat(out).endsWith("No inlined callsites in this function\n======== Dump profile symbol list ========\n");
    }

    @Test
    void functionLookupFindsAnMd5NameAndNothingElse() throws IOException {
        FunctionSamples hashed = function(FunctionId.ofHash(Names.md5("main")), 7);
        SampleProfile p = profile(hashed, function(FunctionId.of("mainly"), 9));
        assertThat(show(new SampleShowOptions(false, "main", "text", false, false, false, 0, false), p))
                .startsWith("Function: " + Long.toUnsignedString(Names.md5("main")) + ": 7, 0, 1 sampled lines\n");
        assertThat(show(new SampleShowOptions(false, "mai", "text", false, false, false, 0, false), p))
                .isEqualTo("Function: : 0, 0, 0 sampled lines\nNo samples collected in the function's body\n"
                        + "No inlined callsites in this function\n");
    }

    @Test
    void hotListOfAnEmptyProfileDividesByZeroAsLlvm() throws IOException {
        String out = show(new SampleShowOptions(false, "", "text", false, false, true, 0, false), profile());
        assertThat(out).startsWith("0 out of 0 functions with profile (-nan%) are considered hot functions");
        assertThat(out).contains("0 out of 0 profile counts (0.00%) are from hot functions.\n");
    }

    @Test
    void columnsAlwaysGetOneSpace() throws IOException {
        StringWriter s = new StringWriter();
        ColumnWriter c = new ColumnWriter(s);
        c.padTo(0);
        c.write("abc");
        c.padTo(2);
        c.write("d");
        c.padTo(10);
        c.write("e\n");
        c.write("x");
        c.padTo(3);
        c.write("y");
        assertThat(s.toString()).isEqualTo(" abc d    e\nx  y");
    }
}
