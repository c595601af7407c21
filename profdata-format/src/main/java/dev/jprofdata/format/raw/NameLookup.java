package dev.jprofdata.format.raw;

import java.util.Map;

/**
 * MD5 name reference to name, as a primitive open-addressing table: every record of every input
 * looks its name up here, and boxing the key for a {@code HashMap} cost more than decoding the
 * record.
 */
final class NameLookup {
    private final long[] keys;
    private final String[] values;
    private final boolean[] used;
    private final int mask;

    NameLookup(Map<Long, String> names) {
        int capacity = Integer.highestOneBit(Math.max(4, names.size() * 2 - 1)) << 1;
        keys = new long[capacity];
        values = new String[capacity];
        used = new boolean[capacity];
        mask = capacity - 1;
        for (Map.Entry<Long, String> e : names.entrySet()) {
            int at = slot(e.getKey());
            while (used[at]) {
                at = (at + 1) & mask;
            }
            used[at] = true;
            keys[at] = e.getKey();
            values[at] = e.getValue();
        }
    }

    /** The name for {@code ref}, or {@code missing}. */
    String get(long ref, String missing) {
        int at = slot(ref);
        while (used[at]) {
            if (keys[at] == ref) {
                return values[at];
            }
            at = (at + 1) & mask;
        }
        return missing;
    }

    private int slot(long key) {
        // MD5 bits are already uniform, but references built by hand (tests, fuzzing) are not.
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h >>> 40) & mask;
    }
}
