package dev.jprofdata.format;

import java.util.HashMap;
import java.util.Map;

/**
 * Maps MD5 name hashes back to names, for printing indirect-call and vtable targets. Later
 * additions of the same hash keep the first name (hash collisions are not resolvable anyway).
 */
public final class SymbolTable {
    private final Map<Long, String> byHash = new HashMap<>();

    public void add(String name) {
        byHash.putIfAbsent(Names.md5(name), name);
    }

    public void add(long hash, String name) {
        byHash.putIfAbsent(hash, name);
    }

    /** The name for {@code hash}, or {@code null} when unknown. */
    public String nameOf(long hash) {
        return byHash.get(hash);
    }

    public int size() {
        return byHash.size();
    }
}
