package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ScratchFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Truncation and bit-flip sweeps over every sample profile fixture, through the facade every command
 * uses (whole reads and selective reads): each damaged copy either reads or fails with one
 * {@link SampleProfileException}; no other throwable may escape.
 *
 * <p>Cuts: every offset of the first 400 bytes of binary files and every 3rd after, every 7th
 * offset of text files. Flips: every bit of the first 96
 * bytes of binary files (magic, section table), every 4th bit of the next 224 (summary and name
 * table of the small fixtures), and 100 seeded random bits anywhere.
 */
class SampleCorruptionSweepTest {
    private static Path scratch;

    @BeforeAll
    static void scratch() throws IOException {
        scratch = Files.createTempDirectory(ScratchFiles.directory(), "jprofdata-sample-sweep");
    }

    @AfterAll
    static void clean() throws IOException {
        try (Stream<Path> s = Files.list(scratch)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(scratch);
    }

    static Stream<String> fixtures() throws IOException {
        Path d = SampleDump.sampleDir();
        Assumptions.assumeTrue(Files.isDirectory(d), "fixtures not found");
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".sprof") || n.endsWith(".afdo") || n.endsWith(".proftext"))
                    .sorted().toList().stream();
        }
    }

    private static void readsOrFailsCleanly(byte[] bytes, String what) throws IOException {
        // A new file each time: rewriting one file in place would have to unmap every still
        // mapped earlier copy of it, which makes the sweep crawl.
        Path f = scratch.resolve("damaged" + (counter++));
        Files.write(f, bytes);
        try {
            readEachWay(f, what);
        } finally {
            Files.deleteIfExists(f);
        }
    }

    private static long counter;

    private static void readEachWay(Path f, String what) {
        boolean selective = what.contains(".sprof");
        for (int mode = 0; mode < (selective ? 2 : 1); mode++) {
            try {
                if (mode == 0) {
                    SampleProfileReaders.read(f, "damaged", SampleReadOptions.DEFAULTS);
                } else {
                    SampleProfileReaders.readFunctions(f, "damaged", SampleReadOptions.DEFAULTS,
                            Set.of(FunctionId.of("main"), FunctionId.of("foo")));
                }
            } catch (SampleProfileException expected) {
                assertThat(expected.getMessage()).as(what).startsWith("damaged").doesNotContain("\n");
            } catch (Throwable t) {
                throw new AssertionError(what + ": " + t, t);
            }
        }
        if (selective) {
            onDemandAgreesWithWholeRead(f, what);
        }
    }

    /**
     * Reading on demand checks the whole file when it is opened, with the same checks as a whole
     * read: the same error, or (when both read) the same answers.
     */
    private static void onDemandAgreesWithWholeRead(Path f, String what) {
        String wholeError = null;
        SampleProfile whole = null;
        try {
            whole = SampleProfileReaders.read(f, "damaged", SampleReadOptions.DEFAULTS);
        } catch (IOException e) {
            wholeError = e.getMessage();
        }
        try {
            SampleProfileIndex onDemand = SampleProfileReaders.open(f, "damaged", SampleReadOptions.DEFAULTS);
            assertThat(wholeError).as(what + ": on demand read what a whole read refused").isNull();
            SampleProfileIndexTest.assertSameIndex(onDemand, SampleProfileIndex.of(whole), what);
        } catch (IOException e) {
            assertThat(e.getMessage()).as(what).isEqualTo(wholeError);
        } catch (Throwable t) {
            throw new AssertionError(what + ": " + t, t);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyTruncationReadsOrFailsCleanly(String name) throws IOException {
        byte[] b = Files.readAllBytes(SampleDump.sampleDir().resolve(name));
        boolean text = name.endsWith(".proftext");
        for (int cut = 0; cut < b.length; cut += text ? 7 : cut < 400 ? 1 : 3) {
            readsOrFailsCleanly(Arrays.copyOf(b, cut), name + " cut at " + cut);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void bitFlipsReadOrFailCleanly(String name) throws IOException {
        byte[] b = Files.readAllBytes(SampleDump.sampleDir().resolve(name));
        List<Integer> bits = new ArrayList<>();
        boolean text = name.endsWith(".proftext");
        for (int i = 0; !text && i < Math.min(b.length, 320) * 8; i += i < 96 * 8 ? 1 : 4) {
            bits.add(i);
        }
        SplittableRandom random = new SplittableRandom(name.hashCode());
        for (int i = 0; i < 100; i++) {
            bits.add(random.nextInt(b.length * 8));
        }
        for (int bit : bits) {
            byte[] c = b.clone();
            c[bit / 8] ^= (byte) (1 << (bit % 8));
            readsOrFailsCleanly(c, name + " bit " + bit);
        }
    }
}
