package dev.jprofdata.format.indexed;

import java.util.Arrays;

/**
 * Emulates the iteration order of LLVM's {@code SmallDenseMap<uint64_t, InstrProfRecord, 4>},
 * the per-name container of {@code InstrProfWriter}: the indexed writer emits the records sharing a
 * name in this order, so byte identity depends on it.
 *
 * <p>The map starts with 4 inline buckets. A key's home bucket is the low 32 bits of
 * {@code mix(key)} masked to the table size, where {@code mix} multiplies by
 * {@code 0xbf58476d1ce4e5b9} and xors in the product shifted right by 31 (LLVM 19 and later;
 * LLVM 18 and older use {@code key * 37}, see {@link #legacyHash}); collisions probe
 * quadratically (+1, +2, +3, ...). Before a new key is placed, if {@code 4*(size+1) >= 3*buckets}
 * the table grows to {@code max(64, 2*buckets)} and the old entries are re-placed in old bucket
 * order. Iteration visits buckets in index order. No key is ever removed, so there are no
 * tombstones.
 *
 * <p>LLVM reserves the keys {@code ~0} and {@code ~0 - 1} as empty and tombstone markers and loses
 * records with those hashes; here they are treated like any other key.
 */
public final class SmallDenseMapOrder {
    private SmallDenseMapOrder() {
    }

    private static final int INLINE_BUCKETS = 4;
    private static final int MIN_LARGE_BUCKETS = 64;

    /** LLVM 22's (and 19's) {@code DenseMapInfo<uint64_t>::getHashValue}. */
    static int hash(long key) {
        long x = key * 0xbf58476d1ce4e5b9L;
        x ^= x >>> 31;
        return (int) x;
    }

    /** LLVM 14-16's {@code DenseMapInfo<unsigned long>::getHashValue}: {@code (unsigned)(Val * 37)}. */
    static int legacyHash(long key) {
        return (int) (key * 37L);
    }

    /**
     * Whether the llvm-profdata that natively writes indexed {@code version} hashes with
     * {@link #legacyHash}: LLVM 18 and older (versions up to 11). LLVM 19 switched to {@link #hash}
     * (llvm-project PR 95734/96173, June 2024), checked with llvm-profdata 14, 15, 16, 19 and 22.
     */
    public static boolean legacyHashFor(int version) {
        return !IndexedLayout.Part.NEW_RECORD_ORDER.in(version);
    }

    /** {@link #iterationOrder(long[], boolean)} with LLVM 22's hash. */
    public static int[] iterationOrder(long[] keys) {
        return iterationOrder(keys, false);
    }

    /**
     * The iteration order of a map into which {@code keys} were inserted in the given order.
     *
     * @param keys distinct keys in insertion (first-seen) order
     * @return indices into {@code keys} in iteration order
     * @throws IllegalArgumentException if a key repeats
     */
    public static int[] iterationOrder(long[] keys, boolean legacy) {
        int[] table = new int[INLINE_BUCKETS];
        Arrays.fill(table, -1);
        int size = 0;
        for (int i = 0; i < keys.length; i++) {
            if (find(table, keys, keys[i], legacy) >= 0) {
                throw new IllegalArgumentException("duplicate key 0x" + Long.toHexString(keys[i]));
            }
            if (4L * (size + 1) >= 3L * table.length) {
                table = grow(table, keys, legacy);
            }
            table[emptySlot(table, keys[i], keys, legacy)] = i;
            size++;
        }
        int[] order = new int[size];
        int n = 0;
        for (int slot : table) {
            if (slot >= 0) {
                order[n++] = slot;
            }
        }
        return order;
    }

    private static int[] grow(int[] table, long[] keys, boolean legacy) {
        int target = Math.max(MIN_LARGE_BUCKETS, table.length * 2);
        int[] bigger = new int[target];
        Arrays.fill(bigger, -1);
        for (int slot : table) {
            if (slot >= 0) {
                bigger[emptySlot(bigger, keys[slot], keys, legacy)] = slot;
            }
        }
        return bigger;
    }

    private static int find(int[] table, long[] keys, long key, boolean legacy) {
        int mask = table.length - 1;
        int b = (legacy ? legacyHash(key) : hash(key)) & mask;
        for (int probe = 1; table[b] >= 0; b = (b + probe++) & mask) {
            if (keys[table[b]] == key) {
                return b;
            }
        }
        return -1;
    }

    private static int emptySlot(int[] table, long key, long[] keys, boolean legacy) {
        int mask = table.length - 1;
        int b = (legacy ? legacyHash(key) : hash(key)) & mask;
        for (int probe = 1; table[b] >= 0; probe++) {
            b = (b + probe) & mask;
        }
        return b;
    }
}
