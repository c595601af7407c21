package dev.jprofdata.merge.state;

/**
 * A map from long keys to non-negative int slots, open addressing with linear probing: the value
 * index of a busy value-profiling site, looked up once per incoming value of every input (boxed
 * {@code HashMap<Long, Integer>} lookups were the largest cost of merging value profiles).
 */
final class LongIndex {
    private long[] keys;
    private int[] slots; // slot + 1; 0 marks an empty entry
    private int size;

    LongIndex(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new long[capacity];
        slots = new int[capacity];
    }

    /** The slot stored for {@code key}, or -1. */
    int get(long key) {
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
    void put(long key, int slot) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        insert(key, slot);
        size++;
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

    /** Spreads the key's bits: values are addresses (aligned) or small sizes. */
    private static int mix(long key) {
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
