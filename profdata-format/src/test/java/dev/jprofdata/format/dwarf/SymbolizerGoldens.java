package dev.jprofdata.format.dwarf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Compares a symbolizer with an llvm-symbolizer {@code --inlines --output-style=JSON} golden (one
 * JSON object a line), frame by frame: function, file, line, column, discriminator, declaration
 * line and file, start address.
 */
final class SymbolizerGoldens {
    /** What a comparison saw. {@code unknown} counts addresses outside every compile unit. */
    record Comparison(int addresses, int frames, int inlinedAddresses, int unknown, List<String> mismatches) {
    }

    private SymbolizerGoldens() {
    }

    static Comparison compare(CodeObjectSymbolizer symbolizer, Path golden, boolean linkageNames) throws IOException {
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
                // Outside every compile unit (padding after the last kernel): llvm-symbolizer prints
                // one empty frame, we return none.
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
                String name = linkageNames ? a.functionName() : a.name();
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
        return new Comparison(addresses, frames, inlined, unknown, mismatches);
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
