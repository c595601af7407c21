package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The writer cases of {@code src/test/resources/sample-writer} (see its README): larger and odder
 * profiles than the fixture goldens, written by llvm-profdata 22; plus the refusals.
 */
class SampleWriterExtraCasesTest {

    static Path dir() throws URISyntaxException {
        return Path.of(SampleWriterExtraCasesTest.class.getResource("/sample-writer/cases.txt").toURI()).getParent();
    }

    static Stream<String> cases() throws IOException, URISyntaxException {
        return Files.readAllLines(dir().resolve("cases.txt")).stream().filter(l -> !l.startsWith("#") && !l.isBlank());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void writesWhatLlvmWrites(String line) throws Exception {
        List<String> f = List.of(line.trim().split("\\s+"));
        SampleWriteOptions o = SampleWriteOptions.defaults(SampleFormat.valueOf(f.get(2)));
        for (String opt : f.subList(3, f.size())) {
            o = switch (opt) {
                case "z" -> o.withCompressAllSections(true);
                case "md5" -> o.withUseMd5(true);
                case "split" -> o.withSplitLayout(true);
                case "vt" -> o.withWriteVtableTypes(true);
                case "partial" -> o.withPartialProfile(true);
                default -> o.withOutputSizeLimit(Long.parseLong(opt));
            };
        }
        SampleProfile merged = SampleWriterGoldenTest.asMerged(SampleWriterGoldenTest.read(dir().resolve(f.get(1)), SampleReadOptions.DEFAULTS),
                new TreeSet<>(), false);
        byte[] expected = Files.readAllBytes(dir().resolve("out/" + f.get(0) + ".out"));
        assertThat(SampleProfileWriters.toBytes(merged, o)).as(f.get(0)).isEqualTo(expected);
    }

    private static SampleProfile empty(SampleProfileFlags flags) {
        return new SampleProfile(SampleFormat.TEXT, new LinkedHashMap<>(), flags, null, null);
    }

    @Test
    void anEmptyProfileIsAHeaderAndASummary() throws Exception {
        SampleProfile e = empty(SampleProfileFlags.NONE);
        assertThat(SampleProfileWriters.toBytes(e, SampleWriteOptions.defaults(SampleFormat.EXTBINARY)))
                .isEqualTo(Files.readAllBytes(dir().resolve("out/empty.extbinary.out")));
        assertThat(SampleProfileWriters.toBytes(e, SampleWriteOptions.defaults(SampleFormat.BINARY)))
                .isEqualTo(Files.readAllBytes(dir().resolve("out/empty.binary.out")));
        assertThat(SampleProfileWriters.toBytes(e, SampleWriteOptions.defaults(SampleFormat.TEXT))).isEmpty();
    }

    @Test
    void anEmptyProfileNeverMeetsASizeLimit() {
        // LLVM's loop ends with "too much profile data" whenever no function is left, even if it fit.
        assertThatThrownBy(() -> SampleProfileWriters.toBytes(empty(SampleProfileFlags.NONE),
                SampleWriteOptions.defaults(SampleFormat.TEXT).withOutputSizeLimit(1000)))
                .isInstanceOfSatisfying(SampleWriteException.class,
                        e -> assertThat(e.problem()).isEqualTo(SampleWriteException.Problem.TOO_LARGE))
                .hasMessage("Too much profile data");
    }

    @Test
    void refusesWhatTheFormatCannotHold() {
        SampleProfileFlags probe = new SampleProfileFlags(true, false, false, false, false, false, false);
        SampleProfileFlags cs = new SampleProfileFlags(false, true, false, false, false, false, false);
        for (SampleProfile p : List.of(empty(probe), empty(cs))) {
            assertThatThrownBy(() -> SampleProfileWriters.toBytes(p, SampleWriteOptions.defaults(SampleFormat.BINARY)))
                    .hasMessage("Profile encoding format unsupported for writing operations");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThatThrownBy(() -> SampleProfileWriters.write(empty(SampleProfileFlags.NONE),
                SampleWriteOptions.defaults(SampleFormat.GCC), out))
                .isInstanceOfSatisfying(SampleWriteException.class,
                        e -> assertThat(e.problem()).isEqualTo(SampleWriteException.Problem.UNSUPPORTED_FORMAT));
        assertThat(out.size()).isZero();
    }
}
