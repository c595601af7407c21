package dev.jprofdata.format;

import java.util.Objects;

/**
 * Maps MD5 name hashes back to names, for printing indirect-call and vtable targets. Later
 * additions of the same hash keep the first name (hash collisions are not resolvable anyway).
 *
 * <p>An open-addressing table of primitive hashes: a text profile adds every function name as it
 * is read, and a boxed map was a fifth of reading one.
 */
public final class SymbolTable {
    private long[] hashes = new long[64];
    private String[] names = new String[64];
    private int size;

    public void add(String name) {
        add(Names.md5(name), name);
    }

    public void add(long hash, String name) {
        Objects.requireNonNull(name, "name"); // null marks a free slot
        int mask = names.length - 1;
        int i = slot(hash) & mask;
        while (names[i] != null) {
            if (hashes[i] == hash) {
                return; // the first name stays
            }
            i = (i + 1) & mask;
        }
        hashes[i] = hash;
        names[i] = name;
        if (2 * ++size > names.length) {
            grow();
        }
    }

    /** The name for {@code hash}, or {@code null} when unknown. */
    public String nameOf(long hash) {
        int mask = names.length - 1;
        for (int i = slot(hash) & mask; names[i] != null; i = (i + 1) & mask) {
            if (hashes[i] == hash) {
                return names[i];
            }
        }
        return null;
    }

    public int size() {
        return size;
    }

    private void grow() {
        long[] oldHashes = hashes;
        String[] oldNames = names;
        hashes = new long[oldHashes.length * 2];
        names = new String[oldNames.length * 2];
        int mask = names.length - 1;
        for (int j = 0; j < oldNames.length; j++) {
            if (oldNames[j] != null) {
                int i = slot(oldHashes[j]) & mask;
                while (names[i] != null) {
                    i = (i + 1) & mask;
                }
                hashes[i] = oldHashes[j];
                names[i] = oldNames[j];
            }
        }
    }

    /** MD5 bits are already uniform; the high half is folded in for tables of any size. */
    private static int slot(long hash) {
        return (int) (hash ^ (hash >>> 32));
    }
}
