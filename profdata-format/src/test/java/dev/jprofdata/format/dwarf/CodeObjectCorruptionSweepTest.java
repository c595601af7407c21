package dev.jprofdata.format.dwarf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.elf.CodeObjectException;
import dev.jprofdata.format.elf.CodeObjects;
import dev.jprofdata.format.elf.ElfFile;
import dev.jprofdata.format.elf.ElfSection;
import dev.jprofdata.format.elf.FileSlice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A seeded sweep of damaged copies of the fixture code objects and the bundle: cuts at random
 * lengths and flips of one to four bytes (half of them inside the DWARF sections). Every copy
 * either reads and symbolizes every .text address, or fails with a {@link CodeObjectException};
 * nothing else may escape and nothing may hang.
 */
class CodeObjectCorruptionSweepTest {
    /** Cases per file; -Djprofdata.codeObjectSweepCases=N runs a longer sweep by hand. */
    private static final int CASES_PER_FILE = Integer.getInteger("jprofdata.codeObjectSweepCases", 100);

    static Stream<String> files() {
        return Stream.of("kernels.gfx942.O2.dwarf5.co", "kernels.gfx950.O2.dwarf4.co", "kernels-rdc.gfx942.O2.dwarf4.co",
                "host_contrast.x86_64.so", "kernels.gfx942-gfx950.bundle");
    }

    @ParameterizedTest
    @MethodSource("files")
    void damagedCopiesFailCleanly(String name, @TempDir Path dir) throws IOException {
        Path source = CodeObjectFixtures.codeObjects().resolve(name);
        byte[] original = Files.readAllBytes(source);
        boolean bundle = name.endsWith(".bundle");
        ElfFile layout = bundle ? CodeObjects.open(source, "gfx942") : CodeObjects.open(source);
        long base = layout.bytes().fileOffset();
        List<long[]> dwarf = new ArrayList<>();
        for (ElfSection s : layout.sections()) {
            if (s.name().startsWith(".debug_") && s.size() > 0) {
                dwarf.add(new long[] {base + s.offset(), s.size()});
            }
        }
        ElfSection text = layout.section(".text").orElseThrow();
        SplittableRandom random = new SplittableRandom(name.hashCode() * 31L + 7);
        int failed = 0;
        int read = 0;
        for (int c = 0; c < CASES_PER_FILE; c++) {
            byte[] damaged;
            String what;
            if (c % 3 == 0) {
                int cut = random.nextInt(original.length);
                damaged = java.util.Arrays.copyOf(original, cut);
                what = "cut at " + cut;
            } else {
                damaged = original.clone();
                StringBuilder sb = new StringBuilder("flips");
                int flips = 1 + random.nextInt(4);
                for (int k = 0; k < flips; k++) {
                    int at;
                    if (c % 2 == 0 && !dwarf.isEmpty()) {
                        long[] s = dwarf.get(random.nextInt(dwarf.size()));
                        at = (int) (s[0] + random.nextLong(s[1]));
                    } else {
                        at = random.nextInt(original.length);
                    }
                    damaged[at] ^= (byte) (1 + random.nextInt(255));
                    sb.append(' ').append(at);
                }
                what = sb.toString();
            }
            String label = name + " " + what;
            boolean ok = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                try {
                    ElfFile elf;
                    if (bundle) {
                        Path p = dir.resolve("case.bundle");
                        Files.write(p, damaged);
                        elf = CodeObjects.open(p, "gfx942");
                    } else {
                        elf = ElfFile.read(FileSlice.of(label, damaged));
                    }
                    CodeObjectSymbolizer s = CodeObjectSymbolizer.of(elf);
                    s.functions();
                    elf.functionSymbols();
                    for (long a = text.address(); a < text.address() + text.size(); a += 4) {
                        s.symbolize(a);
                    }
                    return true;
                } catch (CodeObjectException e) {
                    assertThat(e.getMessage()).as(label).isNotBlank().doesNotContain("\n");
                    assertThat(e.offset()).as(label).isGreaterThanOrEqualTo(-1);
                    return false;
                } catch (RuntimeException | Error e) {
                    throw new AssertionError(label + ": " + e, e);
                }
            }, label);
            if (ok) {
                read++;
            } else {
                failed++;
            }
        }
        // Both outcomes occur: the sweep damages enough to fail and not so much that nothing reads.
        assertThat(failed).isPositive();
        assertThat(read + failed).isEqualTo(CASES_PER_FILE);
    }
}
