package dev.jprofdata.merge.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Names come out in {@link String#compareTo} order, whatever prefixes, NULs and high bytes they share. */
class NameOrderTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void seededNamesSortAsStringsDo(long seed) {
        Random random = new Random(seed);
        // Few distinct chars, NUL and bytes above 127 included, and shared prefixes of every length
        // around the eight and sixteen chars of the key.
        char[] alphabet = {0, 1, 'a', 'b', '_', 'Z', 0x7F, 0x80, 0xE9, 0xFF};
        String[] prefixes = {"", "_ZN4llvm", "_ZN4llv", "_ZN4llvm3", "_ZN4llvm12DenseMa", "_ZN4llvm12DenseM", "f", "f7534.co", "f7534.c"};
        Set<String> unique = new HashSet<>();
        int n = random.nextInt(20_000);
        while (unique.size() < n) {
            StringBuilder name = new StringBuilder(prefixes[random.nextInt(prefixes.length)]);
            int extra = random.nextInt(random.nextInt(3) == 0 ? 2 : 14);
            for (int i = 0; i < extra; i++) {
                name.append(alphabet[random.nextInt(alphabet.length)]);
            }
            unique.add(name.toString());
        }
        List<String> names = new ArrayList<>(unique);
        Collections.shuffle(names, random);
        if (seed % 3 == 0) {
            Collections.sort(names);
            Collections.reverse(names); // worst order for a run-detecting merge sort
        }
        List<String> expected = new ArrayList<>(names);
        Collections.sort(expected);
        NameOrder.sort(names);
        assertThat(names).isEqualTo(expected);
    }

    @Test
    void keysNeverOrderNamesTheOtherWayRound() {
        Random random = new Random(42);
        char[] alphabet = {0, 1, 'a', 0x80, 0xFF};
        for (int i = 0; i < 100_000; i++) {
            String a = randomName(random, alphabet);
            String b = randomName(random, alphabet);
            long[] high = new long[2];
            long[] low = new long[2];
            assertThat(NameOrder.keyInto(a, high, low, 0) && NameOrder.keyInto(b, high, low, 1)).isTrue();
            int byKey = Long.compareUnsigned(high[0], high[1]);
            if (byKey == 0) {
                byKey = Long.compareUnsigned(low[0], low[1]);
            }
            if (byKey != 0) {
                assertThat(Integer.signum(byKey)).as("%s vs %s", a, b).isEqualTo(Integer.signum(a.compareTo(b)));
            }
        }
    }

    @Test
    void namesWithCharsAbove255StillSort() {
        List<String> names = new ArrayList<>(List.of("\u0100b", "a", "\u00ffz", "\u0101", "ab"));
        NameOrder.sort(names);
        assertThat(names).containsExactly("a", "ab", "\u00ffz", "\u0100b", "\u0101");
    }

    private static String randomName(Random random, char[] alphabet) {
        StringBuilder s = new StringBuilder();
        int length = random.nextInt(19);
        for (int i = 0; i < length; i++) {
            s.append(alphabet[random.nextInt(alphabet.length)]);
        }
        return s.toString();
    }
}
