package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileRecord;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Per-name record order: the hashes in text-input order (LLVM's insertion order) must come out in
 * the order llvm-profdata 22 stored them.
 */
class SmallDenseMapOrderTest {

    @ParameterizedTest
    @ValueSource(strings = {"nhashes_2", "nhashes_3", "nhashes_4", "nhashes_5", "nhashes_47", "nhashes_48",
        "nhashes_49", "nhashes_100", "collide3", "collide3rev"})
    void textInsertionOrderGivesStoredOrder(String name) throws Exception {
        // Text records are "name, # Func Hash:, hash, ..."; a name precedes its hash by two lines.
        Map<String, List<Long>> inserted = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(TestFiles.file("synth/" + name + ".proftext"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).equals("# Func Hash:")) {
                inserted.computeIfAbsent(lines.get(i - 1), k -> new ArrayList<>())
                        .add(Long.parseUnsignedLong(lines.get(i + 1)));
            }
        }
        Map<String, List<Long>> stored = new LinkedHashMap<>();
        try (IndexedProfileReader r = IndexedProfileReader.open(TestFiles.file("synth/" + name + ".profdata"), name)) {
            for (ProfileRecord rec; (rec = r.next()) != null;) {
                stored.computeIfAbsent(rec.name(), k -> new ArrayList<>()).add(rec.hash());
            }
        }
        assertThat(stored.keySet()).containsExactlyInAnyOrderElementsOf(inserted.keySet());
        int multi = 0;
        for (Map.Entry<String, List<Long>> e : inserted.entrySet()) {
            long[] keys = e.getValue().stream().mapToLong(Long::longValue).toArray();
            List<Long> emulated = new ArrayList<>();
            for (int i : SmallDenseMapOrder.iterationOrder(keys)) {
                emulated.add(keys[i]);
            }
            assertThat(emulated).as(e.getKey()).isEqualTo(stored.get(e.getKey()));
            multi += keys.length > 1 ? 1 : 0;
        }
        assertThat(multi).isPositive();
    }

    /**
     * A key with one record iterates as just that record, whatever its hash, in both orders: the
     * writer uses a shared {0} for such keys instead of asking (IndexedProfileWriter.ONLY_RECORD).
     */
    @Test
    void oneKeyIteratesAsItself() {
        java.util.Random random = new java.util.Random(28);
        for (int i = 0; i < 2000; i++) {
            long hash = i < 64 ? 1L << i : random.nextLong();
            assertThat(SmallDenseMapOrder.iterationOrder(new long[] {hash}, false)).containsExactly(0);
            assertThat(SmallDenseMapOrder.iterationOrder(new long[] {hash}, true)).containsExactly(0);
        }
    }

    @Test
    void duplicateKeysAreRejected() {
        assertThatThrownBy(() -> SmallDenseMapOrder.iterationOrder(new long[] {5, 6, 5}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
