package dev.jprofdata.format.dwarf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our symbolizer against llvm-symbolizer-22 (the committed goldens of
 * fixtures/pc-sampling/regen-code-objects.sh): for every instruction address of every fixture
 * object (gfx942 and gfx950 code objects, DWARF 4 and 5, -O1 and -O2, and an x86-64 shared
 * object), the inline stack frame by frame, with linkage names and, in a second golden, with
 * plain names.
 */
class SymbolizerGoldenTest {
    static Stream<Arguments> goldens() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (Path elf : CodeObjectFixtures.elfFiles()) {
            for (String style : List.of("linkage", "short")) {
                out.add(Arguments.of(elf.getFileName().toString(), style));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("goldens")
    void matchesLlvmSymbolizer(String object, String style) throws IOException {
        CodeObjectSymbolizer symbolizer = CodeObjectSymbolizer.open(CodeObjectFixtures.codeObjects().resolve(object));
        SymbolizerGoldens.Comparison c = SymbolizerGoldens.compare(symbolizer,
                CodeObjectFixtures.golden().resolve(object + "." + style + ".jsonl"), style.equals("linkage"));
        assertThat(c.mismatches()).as("%d addresses", c.addresses()).isEmpty();
        assertThat(c.addresses()).isGreaterThan(40);
        assertThat(c.unknown()).as("addresses without source").isLessThan(c.addresses() / 4);
        assertThat(c.frames()).isGreaterThanOrEqualTo(c.addresses() - c.unknown());
        if (object.startsWith("kernels.")) {
            // The kernels inline row_total -> Accumulator::add -> clamp_scale: stacks must be seen.
            assertThat(c.inlinedAddresses()).isGreaterThan(10);
        }
    }
}
