package dev.jprofdata.format.dwarf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our symbolizer against llvm-symbolizer-22 (the committed goldens of
 * fixtures/pc-sampling/regen-code-objects.sh): for every instruction address of every fixture
 * code object (gfx942 and gfx950, DWARF 4 and 5, -O1 and -O2, and an x86-64 object), the inline
 * stack frame by frame — function (linkage names, and plain names in the second golden), file,
 * line, column, discriminator, declaration line and file, and start address.
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
        Path golden = CodeObjectFixtures.golden().resolve(object + "." + style + ".jsonl");
        CodeObjectSymbolizer symbolizer = CodeObjectSymbolizer.open(CodeObjectFixtures.codeObjects().resolve(object));
        List<String> mismatches = new ArrayList<>();
        int addresses = 0;
        int frames = 0;
        int inlined = 0;
        int unknown = 0;
        for (String line : Files.readAllLines(golden)) {
            if (line.isBlank()) {
                continue;
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> record = (Map<String, Object>) MiniJson.parse(line);
            long address = Long.decode((String) record.get("Address"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> expected = (List<Map<String, Object>>) record.get("Symbol");
            List<SourceFrame> actual = symbolizer.symbolize(address);
            addresses++;
            if (actual.isEmpty() && knowsNothing(expected)) {
                // Outside every compile unit (padding after the last kernel): llvm-symbolizer prints one
                // empty frame, we return no frame.
                unknown++;
                continue;
            }
            if (expected.size() != actual.size()) {
                mismatches.add(String.format("0x%x: %d frames, llvm-symbolizer %d: %s vs %s", address, actual.size(),
                        expected.size(), actual, expected));
                continue;
            }
            for (int i = 0; i < expected.size(); i++) {
                Map<String, Object> e = expected.get(i);
                SourceFrame a = actual.get(i);
                String name = style.equals("linkage") ? a.functionName() : a.name();
                String got = String.join("|", text(name), text(a.file()), "" + a.line(), "" + a.column(),
                        "" + a.discriminator(), "" + a.declLine(), text(a.declFile()),
                        a.startAddress() < 0 ? "" : "0x" + Long.toHexString(a.startAddress()));
                String want = String.join("|", (String) e.get("FunctionName"), (String) e.get("FileName"),
                        "" + e.get("Line"), "" + e.get("Column"), "" + e.get("Discriminator"), "" + e.get("StartLine"),
                        (String) e.get("StartFileName"), (String) e.get("StartAddress"));
                if (!got.equals(want)) {
                    mismatches.add(String.format("0x%x frame %d: got %s, llvm-symbolizer %s", address, i, got, want));
                }
                frames++;
            }
            inlined += expected.size() > 1 ? 1 : 0;
        }
        assertThat(mismatches).as("%d addresses", addresses).hasSizeLessThanOrEqualTo(0);
        assertThat(addresses).isGreaterThan(20);
        assertThat(unknown).as("addresses without source").isLessThan(addresses / 2);
        assertThat(frames).isGreaterThanOrEqualTo(addresses);
        if (object.startsWith("kernels.")) {
            // The kernels inline row_total -> Accumulator::add -> clamp_scale: stacks must be seen.
            assertThat(inlined).isGreaterThan(10);
        }
    }

    private static boolean knowsNothing(List<Map<String, Object>> frames) {
        if (frames.size() != 1) {
            return false;
        }
        Map<String, Object> f = frames.get(0);
        return "".equals(f.get("FunctionName")) && "".equals(f.get("FileName")) && Long.valueOf(0).equals(f.get("Line"));
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
