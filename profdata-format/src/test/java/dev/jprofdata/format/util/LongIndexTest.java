package dev.jprofdata.format.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link LongIndex} answers as a {@code HashMap<Long, Integer>} would, through growth and collisions. */
class LongIndexTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void agreesWithAHashMap(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Map<Long, Integer> expected = new HashMap<>();
        LongIndex index = new LongIndex(1 + rnd.nextInt(40));
        int n = 1 + rnd.nextInt(5000);
        for (int slot = 0; slot < n; slot++) {
            // Addresses (aligned, clustered), small sizes, 0 and negative values: the keys value
            // profiles hold.
            long key = switch (rnd.nextInt(4)) {
                case 0 -> 0x5555_0000_0000L + 16L * rnd.nextInt(1 << 16);
                case 1 -> rnd.nextInt(300);
                case 2 -> -rnd.nextInt(5);
                default -> rnd.nextLong();
            };
            if (!expected.containsKey(key)) {
                expected.put(key, slot);
                index.put(key, slot);
            }
        }
        for (Map.Entry<Long, Integer> e : expected.entrySet()) {
            assertThat(index.get(e.getKey())).isEqualTo(e.getValue());
        }
        for (int i = 0; i < 1000; i++) {
            long probe = rnd.nextLong();
            assertThat(index.get(probe)).isEqualTo(expected.getOrDefault(probe, -1));
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13})
    void putIfAbsentKeepsTheFirstSlot(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Map<Long, Integer> expected = new HashMap<>();
        LongIndex index = new LongIndex(1);
        for (int slot = 0; slot < 20_000; slot++) {
            long key = rnd.nextInt(3) == 0 ? rnd.nextLong() : rnd.nextInt(2_000);
            Integer earlier = expected.putIfAbsent(key, slot);
            assertThat(index.putIfAbsent(key, slot)).isEqualTo(earlier == null ? -1 : earlier);
        }
        for (Map.Entry<Long, Integer> e : expected.entrySet()) {
            assertThat(index.get(e.getKey())).isEqualTo(e.getValue());
        }
    }
}
