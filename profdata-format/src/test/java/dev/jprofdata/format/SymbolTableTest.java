package dev.jprofdata.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The primitive symbol table against a plain map with LLVM's rule: the first name of a hash stays. */
class SymbolTableTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void behavesLikeAFirstWinsMap(int seed) {
        Random random = new Random(seed);
        SymbolTable table = new SymbolTable();
        Map<Long, String> expected = new HashMap<>();
        int n = 1 + random.nextInt(20_000);
        for (int i = 0; i < n; i++) {
            // Few distinct hashes on some seeds (many repeats), hashes that share low bits on others.
            long hash = seed % 2 == 0 ? random.nextInt(500) : (long) random.nextInt(5_000) << 40;
            String name = "f" + i;
            table.add(hash, name);
            expected.putIfAbsent(hash, name);
        }
        assertThat(table.size()).isEqualTo(expected.size());
        for (Map.Entry<Long, String> e : expected.entrySet()) {
            assertThat(table.nameOf(e.getKey())).isEqualTo(e.getValue());
        }
        assertThat(table.nameOf(-7L)).isNull();
    }

    @Test
    void namesAreFoundByTheirMd5() {
        SymbolTable table = new SymbolTable();
        table.add("main");
        table.add("_Z3foov");
        assertThat(table.nameOf(Names.md5("main"))).isEqualTo("main");
        assertThat(table.nameOf(Names.md5("_Z3foov"))).isEqualTo("_Z3foov");
        assertThat(table.nameOf(Names.md5("bar"))).isNull();
    }

    /**
     * Names added without a hash are hashed later, when the table is first read; additions of
     * both kinds, with reads between them at random, keep the first name of every hash as if each
     * had been indexed at once.
     */
    @ParameterizedTest
    @ValueSource(ints = {11, 12, 13, 14, 15, 16})
    void lazilyHashedNamesKeepTheFirstNameRule(int seed) {
        Random random = new Random(seed);
        SymbolTable table = new SymbolTable();
        Map<Long, String> expected = new HashMap<>();
        String[] pool = new String[50];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = "fn" + random.nextInt(1_000);
        }
        for (int i = 0; i < 5_000; i++) {
            String name = pool[random.nextInt(pool.length)] + "#" + random.nextInt(4);
            if (random.nextBoolean()) {
                table.add(name);
                expected.putIfAbsent(Names.md5(name), name);
            } else {
                // The hash of another name (as a colliding target would have), or of this one.
                String other = pool[random.nextInt(pool.length)] + "#" + random.nextInt(4);
                long hash = Names.md5(random.nextBoolean() ? other : name);
                table.add(hash, "target" + i);
                expected.putIfAbsent(hash, "target" + i);
            }
            if (random.nextInt(100) == 0) {
                long probe = Names.md5(pool[random.nextInt(pool.length)] + "#" + random.nextInt(4));
                assertThat(table.nameOf(probe)).isEqualTo(expected.get(probe));
            }
        }
        assertThat(table.size()).isEqualTo(expected.size());
        for (Map.Entry<Long, String> e : expected.entrySet()) {
            assertThat(table.nameOf(e.getKey())).isEqualTo(e.getValue());
        }
    }

    @Test
    void aHashAddedLaterLosesToAWaitingName() {
        SymbolTable table = new SymbolTable();
        table.add("x");
        table.add(Names.md5("x"), "y");
        assertThat(table.nameOf(Names.md5("x"))).isEqualTo("x");
        SymbolTable reversed = new SymbolTable();
        reversed.add(Names.md5("x"), "y");
        reversed.add("x");
        assertThat(reversed.nameOf(Names.md5("x"))).isEqualTo("y");
        assertThat(reversed.size()).isEqualTo(1);
    }
}
