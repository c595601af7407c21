package dev.jprofdata.format.util;

/**
 * A map from long keys to non-negative int slots, open addressing with linear probing, for tables
 * keyed by 64-bit numbers that are hit once per counter or value: the value index of a busy
 * value-profiling site, the histogram of a summary, the symbol table's name hashes. Boxed
 * {@code HashMap<Long, ...>} lookups were the largest cost of each. Callers keep their values in
 * arrays indexed by the slots.
 */
public final class LongIndex {
    private long[] keys;
    private int[] slots; // slot + 1; 0 marks an empty entry
    private int size;

    public LongIndex(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new long[capacity];
        slots = new int[capacity];
    }

    /** The slot stored for {@code key}, or -1. */
    public int get(long key) {
        int mask = keys.length - 1;
        for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
            int s = slots[i];
            if (s == 0) {
                return -1;
            }
            if (keys[i] == key) {
                return s - 1;
            }
        }
    }

    /** Stores {@code slot} for {@code key}, which must not be present yet. */
    public void put(long key, int slot) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        insert(key, slot);
        size++;
    }

    /**
     * The slot stored for {@code key}; when there is none, stores {@code slot} for it and returns
     * -1 (one probe where {@link #get} then {@link #put} would take two).
     */
    public int putIfAbsent(long key, int slot) {
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        for (int s = slots[i]; s != 0; s = slots[i]) {
            if (keys[i] == key) {
                return s - 1;
            }
            i = (i + 1) & mask;
        }
        keys[i] = key;
        slots[i] = slot + 1;
        if (2 * ++size > keys.length) {
            grow();
        }
        return -1;
    }

    private void insert(long key, int slot) {
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (slots[i] != 0) {
            i = (i + 1) & mask;
        }
        keys[i] = key;
        slots[i] = slot + 1;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldSlots = slots;
        keys = new long[oldKeys.length * 2];
        slots = new int[oldSlots.length * 2];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldSlots[i] != 0) {
                insert(oldKeys[i], oldSlots[i] - 1);
            }
        }
    }

    private static int mix(long key) {
        return spread(key);
    }

    /**
     * Spreads the key's bits for a power-of-two table: keys are often addresses (aligned) or small
     * sizes. Tables that keep their keys elsewhere use it too.
     */
    public static int spread(long key) {
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
