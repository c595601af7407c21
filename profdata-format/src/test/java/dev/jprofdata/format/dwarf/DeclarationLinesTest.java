package dev.jprofdata.format.dwarf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The functions' declaration lines and names against llvm-dwarfdump-22's dump of .debug_info:
 * every DW_TAG_subprogram DIE, at the same offset, with the DW_AT_decl_line, DW_AT_name and
 * DW_AT_linkage_name it has or reaches through DW_AT_specification / DW_AT_abstract_origin (the
 * references followed here in the dump's text, not by our reader).
 */
class DeclarationLinesTest {
    private static final Pattern DIE = Pattern.compile("^(0x[0-9a-f]+):\\s+(DW_TAG_\\w+)");
    private static final Pattern ATTRIBUTE = Pattern.compile("^\\s+(DW_AT_\\w+)\\s+\\((.*)\\)$");

    static Stream<String> objects() throws IOException {
        return CodeObjectFixtures.elfFiles().stream().map(p -> p.getFileName().toString());
    }

    @ParameterizedTest
    @MethodSource("objects")
    void declarationLinesMatchDwarfdump(String object) throws IOException {
        Map<Long, Map<String, String>> dies = parse(CodeObjectFixtures.golden().resolve(object + ".debug-info.txt"));
        CodeObjectSymbolizer symbolizer = CodeObjectSymbolizer.open(CodeObjectFixtures.codeObjects().resolve(object));
        Map<Long, FunctionDeclaration> ours = new HashMap<>();
        for (FunctionDeclaration f : symbolizer.functions()) {
            ours.put(f.dieOffset(), f);
        }
        List<String> mismatches = new ArrayList<>();
        int subprograms = 0;
        int withDeclLine = 0;
        for (Map.Entry<Long, Map<String, String>> e : dies.entrySet()) {
            if (!"DW_TAG_subprogram".equals(e.getValue().get("tag"))) {
                continue;
            }
            subprograms++;
            FunctionDeclaration f = ours.get(e.getKey());
            if (f == null) {
                mismatches.add(String.format("0x%x: missing", e.getKey()));
                continue;
            }
            String declLine = find(dies, e.getKey(), "DW_AT_decl_line");
            String name = unquote(find(dies, e.getKey(), "DW_AT_name"));
            String linkage = unquote(find(dies, e.getKey(), "DW_AT_linkage_name"));
            long expectedLine = declLine == null ? 0 : Long.parseLong(declLine);
            withDeclLine += expectedLine > 0 ? 1 : 0;
            if (f.declLine() != expectedLine || !eq(f.name(), name) || !eq(f.linkageName(), linkage)) {
                mismatches.add(String.format("0x%x: got %s, dwarfdump line %d name %s linkage %s", e.getKey(), f,
                        expectedLine, name, linkage));
            }
        }
        assertThat(mismatches).isEmpty();
        assertThat(ours).hasSize(subprograms);
        assertThat(withDeclLine).isGreaterThanOrEqualTo(3);
    }

    /** The attribute of the DIE at {@code offset}, or of the DIEs it refers to (specification first). */
    private static String find(Map<Long, Map<String, String>> dies, long offset, String attribute) {
        List<Long> work = new ArrayList<>(List.of(offset));
        for (int steps = 0; !work.isEmpty() && steps < 16; steps++) {
            Map<String, String> die = dies.get(work.remove(work.size() - 1));
            if (die == null) {
                continue;
            }
            if (die.containsKey(attribute)) {
                return die.get(attribute);
            }
            for (String ref : new String[] {"DW_AT_abstract_origin", "DW_AT_specification"}) {
                if (die.containsKey(ref)) {
                    work.add(Long.decode(die.get(ref).split(" ")[0]));
                }
            }
        }
        return null;
    }

    private static Map<Long, Map<String, String>> parse(Path dump) throws IOException {
        Map<Long, Map<String, String>> dies = new LinkedHashMap<>();
        Map<String, String> current = null;
        for (String line : Files.readAllLines(dump)) {
            Matcher d = DIE.matcher(line);
            if (d.find()) {
                current = new HashMap<>();
                current.put("tag", d.group(2));
                dies.put(Long.decode(d.group(1)), current);
                continue;
            }
            Matcher a = ATTRIBUTE.matcher(line);
            if (current != null && a.find()) {
                current.put(a.group(1), a.group(2));
            }
        }
        return dies;
    }

    private static String unquote(String s) {
        return s == null ? null : s.substring(1, s.length() - 1);
    }

    private static boolean eq(String a, String b) {
        return a == null ? b == null : a.equals(b);
    }
}
