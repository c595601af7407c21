package dev.jprofdata.format;

import dev.jprofdata.format.util.LongIndex;
import java.util.Arrays;

/**
 * Maps MD5 name hashes back to names, for printing indirect-call and vtable targets. Later
 * additions of the same hash keep the first name (hash collisions are not resolvable anyway).
 *
 * <p>Names are kept in an array found through a {@link LongIndex}: a text profile adds every
 * function name as it is read, and a boxed map was a fifth of reading one.
 *
 * <p>Names added without their hash ({@link #add(String)}) are hashed only when the table is first
 * asked something: a text profile adds every function name, but only a report that prints value
 * targets or traces ever looks one up, and hashing and indexing 382,000 names was a quarter of a
 * {@code show} of 66 MB of text. Until then additions wait in order, so the first-name rule holds
 * exactly as if each had been indexed at once.
 */
public final class SymbolTable {
    private final LongIndex index = new LongIndex(64);
    private String[] names = new String[64];
    private int size;

    /** Additions not indexed yet, in order; a pending hash counts only where {@link #hashKnown} says so. */
    private String[] pendingNames = new String[0];
    private long[] pendingHashes = new long[0];
    private boolean[] hashKnown = new boolean[0];
    private int pending;

    /** An empty table. */
    public SymbolTable() {
    }

    /** Adds {@code name} under its MD5, computed when the table is first read. */
    public void add(String name) {
        queue(0, name, false);
    }

    public void add(long hash, String name) {
        if (pending == 0) {
            insert(hash, name);
        } else {
            queue(hash, name, true); // behind the names still waiting, to keep the order
        }
    }

    /** The name for {@code hash}, or {@code null} when unknown. */
    public String nameOf(long hash) {
        indexPending();
        int slot = index.get(hash);
        return slot < 0 ? null : names[slot];
    }

    /** How many distinct hashes the table holds. */
    public int size() {
        indexPending();
        return size;
    }

    private void queue(long hash, String name, boolean known) {
        if (pending == pendingNames.length) {
            int capacity = Math.max(64, pending * 2);
            pendingNames = Arrays.copyOf(pendingNames, capacity);
            pendingHashes = Arrays.copyOf(pendingHashes, capacity);
            hashKnown = Arrays.copyOf(hashKnown, capacity);
        }
        pendingNames[pending] = name;
        pendingHashes[pending] = hash;
        hashKnown[pending] = known;
        pending++;
    }

    private void indexPending() {
        for (int i = 0; i < pending; i++) {
            String name = pendingNames[i];
            insert(hashKnown[i] ? pendingHashes[i] : Names.md5(name), name);
            pendingNames[i] = null;
        }
        pending = 0;
    }

    private void insert(long hash, String name) {
        if (index.putIfAbsent(hash, size) >= 0) {
            return; // the first name stays
        }
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
        }
        names[size++] = name;
    }
}
