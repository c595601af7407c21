package dev.jprofdata.format.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Value-site targets are looked up from the characters of their line ({@link TargetHashes}); the
 * values, symbol table and vtable names must be what hashing each target's String gives.
 */
class TargetHashesTest {

    /** The table against a map, with keys whose String hash codes collide ("Aa" and "BB"). */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void findsWhatAMapFinds(int seed) {
        Random random = new Random(seed);
        TargetHashes table = new TargetHashes();
        Map<String, Long> expected = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            StringBuilder key = new StringBuilder("x");
            for (int k = random.nextInt(6); k > 0; k--) {
                key.append(random.nextBoolean() ? "Aa" : "BB"); // all of one length share a hash code
            }
            key.append(':').append(random.nextInt(seed * 50));
            String line = key + ":" + i; // the target is the line up to its last ':'
            int end = line.lastIndexOf(':');
            int code = TargetHashes.code(line, 0, end);
            assertThat(code).isEqualTo(line.substring(0, end).hashCode());
            int slot = table.find(line, 0, end, code);
            String target = line.substring(0, end);
            if (expected.containsKey(target)) {
                assertThat(slot).isNotNegative();
                assertThat(table.key(slot)).isEqualTo(target);
                assertThat(table.hash(slot)).isEqualTo(expected.get(target));
            } else {
                assertThat(slot).isEqualTo(-1);
                long md5 = random.nextLong();
                int added = table.add(target, code, md5);
                expected.put(target, md5);
                assertThat(table.find(line, 0, end, code)).isEqualTo(added);
            }
        }
    }

    /**
     * A text profile whose indirect-call and vtable targets repeat across records, contain ':'
     * and include the external-symbol marker, read record by record.
     */
    @ParameterizedTest
    @ValueSource(ints = {5, 6, 7})
    void readerValuesAreTheTargetsMd5(int seed) throws IOException {
        Random random = new Random(seed);
        String[] targets = {"main", "a.c:helper", "_Z3foov", "** External Symbol **", "x:y:z", "Aa", "BB", "vt"};
        StringBuilder text = new StringBuilder();
        List<long[]> expectedValues = new ArrayList<>();
        LinkedHashSet<String> expectedVtables = new LinkedHashSet<>();
        Map<Long, String> expectedSymbols = new HashMap<>();
        int records = 50 + random.nextInt(50);
        for (int r = 0; r < records; r++) {
            String name = "fn" + r;
            expectedSymbols.putIfAbsent(Names.md5(name), name);
            int kind = random.nextBoolean() ? ValueKind.INDIRECT_CALL_TARGET.number() : ValueKind.VTABLE_TARGET.number();
            int values = 1 + random.nextInt(4);
            long[] expected = new long[values];
            text.append(name).append("\n1\n1\n7\n1\n").append(kind).append("\n1\n").append(values).append('\n');
            for (int v = 0; v < values; v++) {
                String target = targets[random.nextInt(targets.length)];
                text.append(target).append(':').append(v + 1).append('\n');
                boolean external = target.equals(TextRecordParser.EXTERNAL_SYMBOL);
                expected[v] = external ? 0 : Names.md5(target);
                if (!external) {
                    expectedSymbols.putIfAbsent(Names.md5(target), target);
                    if (kind == ValueKind.VTABLE_TARGET.number()) {
                        expectedVtables.add(target);
                    }
                }
            }
            expectedValues.add(expected);
        }
        try (TextProfileReader reader = TextFixtures.reader(text.toString())) {
            List<ProfileRecord> read = TextFixtures.readAll(reader);
            assertThat(read).hasSize(records);
            for (int r = 0; r < records; r++) {
                ProfileRecord rec = read.get(r);
                long[] got = rec.sites(ValueKind.INDIRECT_CALL_TARGET).length > 0
                        ? rec.sites(ValueKind.INDIRECT_CALL_TARGET)[0].values()
                        : rec.sites(ValueKind.VTABLE_TARGET)[0].values();
                assertThat(got).as("record %d", r).containsExactly(expectedValues.get(r));
            }
            assertThat(reader.vtableNames()).containsExactlyElementsOf(expectedVtables);
            for (Map.Entry<Long, String> e : expectedSymbols.entrySet()) {
                assertThat(reader.symbols().nameOf(e.getKey())).isEqualTo(e.getValue());
            }
            assertThat(reader.symbols().size()).isEqualTo(expectedSymbols.size());
        }
    }
}
