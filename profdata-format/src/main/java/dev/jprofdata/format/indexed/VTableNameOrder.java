package dev.jprofdata.format.indexed;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The iteration order of LLVM 22's {@code StringSet<>} (a {@code StringMap}), which decides the
 * order in which {@code InstrProfWriter} stores vtable names.
 *
 * <p>Each name's full hash is the low 32 bits of {@link Xxh3#hash64 XXH3-64}. The table starts
 * with 16 buckets; a name goes to {@code hash & (buckets-1)}, probing quadratically (+1, +2, ...)
 * past occupied buckets. After a new name is placed, if {@code 4*items > 3*buckets} the table
 * doubles and the old buckets are re-placed in index order with the same probing. Iteration visits
 * buckets in index order. Repeated names are ignored.
 */
public final class VTableNameOrder {
    private VTableNameOrder() {
    }

    private static final int INITIAL_BUCKETS = 16;

    /** The distinct {@code names} (ISO-8859-1 strings), given in insertion order, in iteration order. */
    public static List<String> iterationOrder(List<String> names) {
        return iterationOrder(names, b -> (int) Xxh3.hash64(b));
    }

    /**
     * The same for a {@code StringMap} of LLVM 16 and older, whose full hash was
     * {@code djbHash(name, 0)}: {@code h = h * 33 + byte} from 0 (see {@link #djbHash}). The indexed
     * writers of LLVM 14-16 insert names into the on-disk hash table in this order.
     */
    public static List<String> legacyIterationOrder(List<String> names) {
        return iterationOrder(names, VTableNameOrder::djbHash);
    }

    /** LLVM's {@code djbHash(bytes, 0)}, as StringMap used it up to LLVM 16. */
    static int djbHash(byte[] bytes) {
        int h = 0;
        for (byte b : bytes) {
            h = (h << 5) + h + (b & 0xFF);
        }
        return h;
    }

    private static List<String> iterationOrder(List<String> names, java.util.function.ToIntFunction<byte[]> hash) {
        int[] table = new int[INITIAL_BUCKETS];
        Arrays.fill(table, -1);
        int[] hashes = new int[names.size()];
        int items = 0;
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            hashes[i] = hash.applyAsInt(name.getBytes(StandardCharsets.ISO_8859_1));
            int mask = table.length - 1;
            int b = hashes[i] & mask;
            boolean present = false;
            for (int probe = 1; table[b] >= 0; b = (b + probe++) & mask) {
                int other = table[b];
                if (hashes[other] == hashes[i] && names.get(other).equals(name)) {
                    present = true;
                    break;
                }
            }
            if (present) {
                continue;
            }
            table[b] = i;
            items++;
            if (4L * items > 3L * table.length) {
                table = rehash(table, hashes, table.length * 2);
            }
        }
        List<String> order = new ArrayList<>(items);
        for (int slot : table) {
            if (slot >= 0) {
                order.add(names.get(slot));
            }
        }
        return order;
    }

    private static int[] rehash(int[] table, int[] hashes, int newSize) {
        int[] fresh = new int[newSize];
        Arrays.fill(fresh, -1);
        int mask = newSize - 1;
        for (int slot : table) {
            if (slot < 0) {
                continue;
            }
            int b = hashes[slot] & mask;
            for (int probe = 1; fresh[b] >= 0; probe++) {
                b = (b + probe) & mask;
            }
            fresh[b] = slot;
        }
        return fresh;
    }
}
