package dev.jprofdata.merge.state;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.RecordBatch;
import java.util.Arrays;

/**
 * The keys of {@link FunctionColumns}: each (name, hash) pair once, numbered in the order they were
 * added (the slot), with whether its data lives in the columns or has been demoted to the object
 * graph, found by the name's string or by its bytes in a batch.
 */
final class FunctionKeys {
    /**
     * Open addressing by name: the name's spread hash in the high half, slot + 1 in the low half
     * (0 = empty), so that a probe compares hashes without touching the slots. Keys of one name
     * probe from the same place.
     */
    private long[] table = new long[1 << 10];
    private int size;

    private String[] names = new String[256];
    private long[] hashes = new long[256];
    /** {@code spread(name.hashCode())}, for rehashing. */
    private int[] nameHashes = new int[256];
    /**
     * Where each name's bytes (one per char) are in {@link #nameBytes}, appended slot after slot:
     * batches are looked up by bytes, without a string per record.
     */
    private int[] nameAt = new int[256];
    private byte[] nameBytes = new byte[1 << 12];
    private int nameBytesUsed;
    /** Demoted: the key's data is in the state's object graph. */
    private boolean[] demoted = new boolean[256];
    /** The first slot made for its name (finishing lists each name once). */
    private boolean[] firstOfName = new boolean[256];
    /** Another slot has the same name (another hash). */
    private boolean[] sharedName = new boolean[256];
    /** The slot found or added last: where the next lookup looks first. */
    private int lastFound = -1;

    /** The slot of (name, hash), or -1. */
    int find(String name, long hash) {
        int guess = lastFound + 1; // see find(RecordBatch, int)
        if (guess < size && hashes[guess] == hash && names[guess].equals(name)) {
            lastFound = guess;
            return guess;
        }
        int mask = table.length - 1;
        int h = spread(name.hashCode());
        for (int i = h & mask; ; i = (i + 1) & mask) {
            long e = table[i];
            if (e == 0) {
                return -1;
            }
            int s = (int) e - 1;
            if ((int) (e >>> 32) == h && hashes[s] == hash && names[s].equals(name)) {
                lastFound = s;
                return s;
            }
        }
    }

    /** The slot of record {@code i} of {@code batch} (its name bytes and hash), or -1. */
    int find(RecordBatch batch, int i) {
        byte[] bytes = batch.names();
        int from = batch.nameStart(i);
        int to = batch.nameEnd(i);
        long hash = batch.hash(i);
        // Profiles of one program list their functions in the same order (an indexed file in its
        // hash table's order): the slot after the last one found is usually the one, and looking
        // there first reads the slots in order instead of probing the table at random.
        int guess = lastFound + 1;
        if (guess < size && hashes[guess] == hash && sameBytes(guess, bytes, from, to)) {
            lastFound = guess;
            return guess;
        }
        int h = spread(Names.stringHash(bytes, from, to));
        int mask = table.length - 1;
        for (int t = h & mask; ; t = (t + 1) & mask) {
            long e = table[t];
            if (e == 0) {
                return -1;
            }
            int s = (int) e - 1;
            if ((int) (e >>> 32) == h && hashes[s] == hash && sameBytes(s, bytes, from, to)) {
                lastFound = s;
                return s;
            }
        }
    }

    private boolean sameBytes(int s, byte[] bytes, int from, int to) {
        int at = nameAt[s];
        int end = s + 1 < size ? nameAt[s + 1] : nameBytesUsed;
        return Arrays.equals(nameBytes, at, end, bytes, from, to);
    }


    /** Whether a key of {@code name} holds data in the columns (not demoted). */
    boolean holdsName(String name) {
        int h = spread(name.hashCode());
        return liveEntry(name, h, h & (table.length - 1)) >= 0;
    }

    /** The slots of {@code name} that are not demoted, in no particular order. */
    int[] slotsOf(String name) {
        int[] found = new int[2];
        int n = 0;
        int mask = table.length - 1;
        int h = spread(name.hashCode());
        for (int i = liveEntry(name, h, h & mask); i >= 0; i = liveEntry(name, h, (i + 1) & mask)) {
            if (n == found.length) {
                found = Arrays.copyOf(found, n * 2);
            }
            found[n++] = (int) table[i] - 1;
        }
        return Arrays.copyOf(found, n);
    }

    /**
     * The first table entry from {@code i} on, before the probe sequence of {@code name} (spread
     * hash {@code h}) ends, that holds a live slot of {@code name}; -1 when there is none.
     */
    private int liveEntry(String name, int h, int i) {
        int mask = table.length - 1;
        for (; ; i = (i + 1) & mask) {
            long e = table[i];
            if (e == 0) {
                return -1;
            }
            int s = (int) e - 1;
            if ((int) (e >>> 32) == h && !demoted[s] && names[s].equals(name)) {
                return i;
            }
        }
    }

    /**
     * Adds (name, hash), which {@code find} did not find, as the next slot and returns it; the
     * caller grows its own columns to {@link #capacity()} first.
     */
    int add(String name, long hash) {
        if ((size + 1) * 2 > table.length) {
            rehash(table.length * 2);
        }
        int s = size++;
        names[s] = name;
        hashes[s] = hash;
        if (nameBytes.length - nameBytesUsed < name.length()) {
            nameBytes = Arrays.copyOf(nameBytes, ColumnArena.grown(nameBytes.length, nameBytesUsed, name.length()));
        }
        nameAt[s] = nameBytesUsed;
        for (int c = 0; c < name.length(); c++) {
            nameBytes[nameBytesUsed++] = (byte) name.charAt(c);
        }
        int h = spread(name.hashCode());
        nameHashes[s] = h;
        demoted[s] = false;
        int mask = table.length - 1;
        boolean first = true;
        int i = h & mask;
        for (; table[i] != 0; i = (i + 1) & mask) {
            int other = (int) table[i] - 1;
            if ((int) (table[i] >>> 32) == h && names[other].equals(name)) {
                first = false;
                sharedName[other] = true;
            }
        }
        table[i] = ((long) h << 32) | (s + 1L);
        firstOfName[s] = first;
        sharedName[s] = !first;
        lastFound = s;
        return s;
    }

    /** Slots the columns must have room for before the next {@link #add}. */
    int capacity() {
        if (size == names.length) {
            int n = names.length * 2;
            names = Arrays.copyOf(names, n);
            hashes = Arrays.copyOf(hashes, n);
            nameHashes = Arrays.copyOf(nameHashes, n);
            nameAt = Arrays.copyOf(nameAt, n);
            demoted = Arrays.copyOf(demoted, n);
            firstOfName = Arrays.copyOf(firstOfName, n);
            sharedName = Arrays.copyOf(sharedName, n);
        }
        return names.length;
    }

    private void rehash(int capacity) {
        long[] t = new long[capacity];
        int mask = capacity - 1;
        for (int s = 0; s < size; s++) {
            int i = nameHashes[s] & mask;
            while (t[i] != 0) {
                i = (i + 1) & mask;
            }
            t[i] = ((long) nameHashes[s] << 32) | (s + 1L);
        }
        table = t;
    }

    /** Mixes a string hash so that its low bits, which pick the table entry, depend on all of it. */
    private static int spread(int h) {
        int x = (h ^ (h >>> 16)) * 0x9E3779B1;
        return x ^ (x >>> 15);
    }

    /** Number of slots, demoted or not. */
    int size() {
        return size;
    }

    String name(int slot) {
        return names[slot];
    }

    long hash(int slot) {
        return hashes[slot];
    }

    boolean isDemoted(int slot) {
        return demoted[slot];
    }

    void demote(int slot) {
        demoted[slot] = true;
    }

    boolean isFirstOfName(int slot) {
        return firstOfName[slot];
    }

    /** Whether slot {@code slot} is not demoted and the only slot of its name. */
    boolean isOnlyOfName(int slot) {
        return !demoted[slot] && !sharedName[slot];
    }

    /** Lets go of the lookup table once no key is looked up any more (the names stay). */
    void releaseTable() {
        table = null;
        nameBytes = null;
    }
}
