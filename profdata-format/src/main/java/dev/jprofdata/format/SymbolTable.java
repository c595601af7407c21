package dev.jprofdata.format;

import dev.jprofdata.format.util.LongIndex;
import java.util.Arrays;

/**
 * Maps MD5 name hashes back to names, for printing indirect-call and vtable targets. Later
 * additions of the same hash keep the first name (hash collisions are not resolvable anyway).
 *
 * <p>Names are kept in an array found through a {@link LongIndex}: a text profile adds every
 * function name as it is read, and a boxed map was a fifth of reading one.
 */
public final class SymbolTable {
    private final LongIndex index = new LongIndex(64);
    private String[] names = new String[64];
    private int size;

    public void add(String name) {
        add(Names.md5(name), name);
    }

    public void add(long hash, String name) {
        if (index.putIfAbsent(hash, size) >= 0) {
            return; // the first name stays
        }
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
        }
        names[size++] = name;
    }

    /** The name for {@code hash}, or {@code null} when unknown. */
    public String nameOf(long hash) {
        int slot = index.get(hash);
        return slot < 0 ? null : names[slot];
    }

    public int size() {
        return size;
    }
}
