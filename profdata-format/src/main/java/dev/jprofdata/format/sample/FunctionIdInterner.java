package dev.jprofdata.format.sample;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands out one {@link FunctionId} object per name, so that the profiles of several inputs read
 * with the same interner share their names: a merge then compares and hashes names by identity
 * almost always (equal names are the same object) and computes each MD5 once. Thread-safe (a
 * merge reads ahead on other threads). It keeps every name it has seen, so it should live as long
 * as one merge, not longer.
 */
public final class FunctionIdInterner {
    private final ConcurrentHashMap<String, FunctionId> names = new ConcurrentHashMap<>();

    /** The shared {@link FunctionId} of {@code name}. */
    public FunctionId of(String name) {
        FunctionId id = names.get(name);
        if (id == null) {
            FunctionId fresh = FunctionId.of(name);
            id = names.putIfAbsent(name, fresh);
            if (id == null) {
                id = fresh;
            }
        }
        return id;
    }

    /** How many names it holds. */
    public int size() {
        return names.size();
    }
}
