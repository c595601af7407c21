package dev.jprofdata.format.raw;

import dev.jprofdata.format.Names;
import java.util.List;

/**
 * MD5 name reference to name, as a primitive open-addressing table: every record of every input
 * looks its name up here, and boxing the key for a {@code HashMap} cost more than decoding the
 * record. It is the only form a profile's decoded names are kept in: a merge of ten programs' runs
 * holds ten of them, and a boxed map beside each was 320,000 objects of 20,000 names each.
 */
final class NameLookup {
    /** Receives the names of a lookup ({@link #forEach}). */
    interface Visitor {
        void visit(long ref, String name);
    }

    private final long[] keys;
    private final String[] values;
    private final boolean[] used;
    private final int mask;

    /** An empty lookup with room for {@code expected} names. */
    NameLookup(int expected) {
        int capacity = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
        keys = new long[capacity];
        values = new String[capacity];
        used = new boolean[capacity];
        mask = capacity - 1;
    }

    /** The names of a profile's function and vtable names sections, each under its MD5. */
    static NameLookup of(List<String> functionNames, List<String> vtableNames) {
        return of(functionNames, vtableNames, null);
    }

    /**
     * {@link #of(List, List)}, taking a name that {@code cache} (may be null) already knows from
     * an earlier program with its reference and the string kept for it, instead of digesting it
     * again and holding a second copy ({@link KnownNames}).
     */
    static NameLookup of(List<String> functionNames, List<String> vtableNames, NameTableCache cache) {
        NameLookup lookup = new NameLookup(functionNames.size() + vtableNames.size());
        KnownNames.Found found = new KnownNames.Found();
        for (String name : functionNames) {
            if (cache != null && cache.known().find(name, found)) {
                lookup.put(found.ref, found.name);
            } else {
                lookup.put(Names.md5(name), name);
            }
        }
        for (String name : vtableNames) {
            lookup.put(Names.md5(name), name);
        }
        return lookup;
    }

    /**
     * Adds {@code name} under {@code ref}; on a collision LLVM's sorted table answers with the
     * smaller name, and so does this. At most as many names as the lookup was made for.
     */
    void put(long ref, String name) {
        int at = slot(ref);
        while (used[at]) {
            if (keys[at] == ref) {
                if (name.compareTo(values[at]) < 0) {
                    values[at] = name;
                }
                return;
            }
            at = (at + 1) & mask;
        }
        used[at] = true;
        keys[at] = ref;
        values[at] = name;
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

    /** Every reference with its name, in no particular order (each reference once). */
    void forEach(Visitor visitor) {
        for (int i = 0; i < keys.length; i++) {
            if (used[i]) {
                visitor.visit(keys[i], values[i]);
            }
        }
    }

    private int slot(long key) {
        // MD5 bits are already uniform, but references built by hand (tests, fuzzing) are not.
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h >>> 40) & mask;
    }
}
