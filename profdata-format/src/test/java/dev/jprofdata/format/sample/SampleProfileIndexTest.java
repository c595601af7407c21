package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reading on demand is a shortcut, so it must not be seen: for every sample fixture, the index
 * {@link SampleProfileReaders#open} returns (decoding an ext-binary file's functions when asked)
 * answers exactly as an index over the profile read whole. The damaged-file side of the same
 * contract (the same error, or the same profile) is in {@link SampleCorruptionSweepTest}.
 */
class SampleProfileIndexTest {
    static Stream<String> fixtures() throws IOException {
        Path d = SampleDump.sampleDir();
        Assumptions.assumeTrue(Files.isDirectory(d), "fixtures not found");
        try (Stream<Path> s = Files.walk(d)) {
            return s.filter(Files::isRegularFile)
                    .map(p -> d.relativize(p).toString())
                    .filter(n -> n.endsWith(".sprof") || n.endsWith(".afdo") || n.endsWith(".proftext")
                            || n.endsWith(".extbinary") || n.endsWith(".prof"))
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void onDemandAnswersAsTheWholeProfile(String name) throws IOException {
        Path f = SampleDump.sampleDir().resolve(name);
        SampleProfileIndex onDemand = SampleProfileReaders.open(f, name, SampleReadOptions.DEFAULTS);
        SampleProfileIndex whole = SampleProfileIndex.of(SampleProfileReaders.read(f, name, SampleReadOptions.DEFAULTS));
        assertSameIndex(onDemand, whole, name);
        assertThat(onDemand.getClass() != whole.getClass()).as("read on demand")
                .isEqualTo(SampleProfileReaders.detect(f) == SampleFormat.EXTBINARY);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void decodingTwiceGivesTheSameProfile(String name) throws IOException {
        Path f = SampleDump.sampleDir().resolve(name);
        SampleProfileIndex onDemand = SampleProfileReaders.open(f, name, SampleReadOptions.DEFAULTS);
        // Backwards, so that no decode can lean on the cursor a previous one left behind.
        for (int i = onDemand.size() - 1; i >= 0; i--) {
            assertThat(deep(onDemand.function(i))).isEqualTo(deep(onDemand.function(i)));
        }
    }

    /** Fails unless {@code a} and {@code b} give the same answer to every question. */
    static void assertSameIndex(SampleProfileIndex a, SampleProfileIndex b, String what) throws IOException {
        assertThat(a.format()).as(what).isEqualTo(b.format());
        assertThat(a.flags()).as(what).isEqualTo(b.flags());
        assertThat(a.symbolList()).as(what).isEqualTo(b.symbolList());
        assertThat(String.valueOf(a.storedSummary())).as(what).isEqualTo(String.valueOf(b.storedSummary()));
        assertThat(a.size()).as(what).isEqualTo(b.size());
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.context(i)).as(what).isEqualTo(b.context(i));
            assertThat(a.totalSamples(i)).as(what).isEqualTo(b.totalSamples(i));
            assertThat(a.find(a.context(i))).as(what).isEqualTo(i);
            assertThat(deep(a.function(i))).as(what + " " + a.context(i)).isEqualTo(deep(b.function(i)));
        }
        assertThat(a.writingOrder()).as(what).isEqualTo(b.writingOrder());
        assertThat(a.mapOrder()).as(what).isEqualTo(b.mapOrder());
    }

    /** Everything a profile node holds, inlinees included, as text. */
    static String deep(FunctionSamples f) {
        StringBuilder out = new StringBuilder();
        deep(f, 0, out);
        return out.toString();
    }

    private static void deep(FunctionSamples f, int indent, StringBuilder out) {
        String pad = " ".repeat(indent);
        out.append(pad).append(f.context()).append(" total=").append(Long.toUnsignedString(f.totalSamples()))
                .append(" head=").append(Long.toUnsignedString(f.headSamples()))
                .append(" hash=").append(Long.toUnsignedString(f.functionHash()))
                .append(" attrs=").append(f.attributes()).append('\n');
        for (int i = 0; i < f.bodySize(); i++) {
            SampleRecord r = f.bodyRecordAt(i);
            out.append(pad).append(' ').append(f.bodyLocation(i)).append(": ").append(Long.toUnsignedString(r.samples()));
            List<String> targets = new ArrayList<>();
            for (int t = 0; t < r.targetCount(); t++) {
                targets.add(r.targetAt(t) + ":" + Long.toUnsignedString(r.targetCountAt(t)));
            }
            out.append(' ').append(targets).append('\n');
        }
        for (Map.Entry<LineLocation, TreeMap<FunctionId, Long>> v : f.vtables().entrySet()) {
            out.append(pad).append(" vtables ").append(v.getKey()).append(' ').append(v.getValue()).append('\n');
        }
        for (int i = 0; i < f.inlineeCount(); i++) {
            out.append(pad).append(" @").append(f.inlineeLocation(i)).append('\n');
            deep(f.inlineeAt(i), indent + 2, out);
        }
    }
}
