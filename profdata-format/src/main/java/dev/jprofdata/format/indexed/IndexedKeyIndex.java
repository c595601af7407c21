package dev.jprofdata.format.indexed;

import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.io.MappedFaults;
import dev.jprofdata.format.util.LongIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The keys of a mapped indexed profile found by name, so that its records can be looked up one
 * function at a time instead of being held as objects (overlap's base profile: holding 500,000
 * functions' records cost more in garbage collection than reading them). Each key is one slot of
 * an open-addressing table held in one array of two words per slot: where its bytes are in the
 * file, their length and the hash of the name's bytes. Built by walking the keys in file order, as
 * the reader does; the file's own bucket array is not used, so a key the reader would return is
 * always found.
 */
public final class IndexedKeyIndex {
    private final MappedBytes in;
    private final int version;
    private final int mask;
    /**
     * Two words per slot, side by side so that a probe reads one cache line: where the key's bytes
     * start (0: an empty slot; the header comes first, so never a key), then the name's hash in
     * the high half and its length in the low half.
     */
    private final long[] slots;
    private int keys;
    private final KeyLayout layout = new KeyLayout();
    /** The name being looked for or put in, as bytes, and its length. */
    private byte[] probe = new byte[64];
    private int probeLength;
    /** A slot's key, copied out of the file to compare. */
    private byte[] stored = new byte[64];

    private IndexedKeyIndex(MappedBytes in, int version, int capacity) {
        this.in = in;
        this.version = version;
        this.mask = capacity - 1;
        this.slots = new long[2 * capacity];
    }

    /**
     * The index of {@code numEntries} keys walked from {@code payloadStart}; null when a name is
     * stored under two keys (a merge would add them up, which a lookup of one key cannot).
     */
    static IndexedKeyIndex build(MappedBytes in, int version, long payloadStart, long numEntries)
            throws ProfileFormatException {
        // Each key takes at least its 24-byte item header: the stored count cannot make the
        // table bigger than the file allows (a count beyond the items fails in the walk). The count
        // is unsigned: one with its top bit set is a huge count, not a negative one that would
        // make the sizes below overflow.
        long fit = in.size() / 24;
        long keys = Long.compareUnsigned(numEntries, fit) < 0 ? numEntries : fit;
        if (keys > (1 << 28)) {
            throw in.error(payloadStart, ProfileFormatException.Kind.MALFORMED,
                    IndexedFormat.MALFORMED + ": too many keys to index: " + numEntries);
        }
        // At most half full: short probe runs.
        int capacity = Integer.highestOneBit((int) Math.max(8, keys * 2 - 1)) << 1;
        IndexedKeyIndex index = new IndexedKeyIndex(in, version, capacity);
        KeyCursor cursor = new KeyCursor(in, payloadStart, numEntries);
        while (cursor.advance()) {
            // The key's bytes, hashed where they are: no string per key.
            index.probe(cursor.keyOffset(), cursor.keyLength());
            if (!index.insert(cursor.keyOffset())) {
                return null;
            }
        }
        return index;
    }

    /** Puts the key {@link #probe} holds, stored at {@code at}; false when that name is in already. */
    private boolean insert(long at) throws ProfileFormatException {
        int h = probeHash();
        for (int s = slot(h);; s = (s + 1) & mask) {
            if (slots[2 * s] == 0) {
                slots[2 * s] = at;
                slots[2 * s + 1] = (long) h << 32 | probeLength;
                keys++;
                return true;
            }
            if (holdsProbe(s, h)) {
                return false;
            }
        }
    }

    /** Number of keys (distinct names). */
    public int size() {
        return keys;
    }

    /**
     * The records stored under {@code name} (one per function hash, in the file's order), decoded
     * now with their value sites; null when no key has that name.
     */
    public List<ProfileRecord> recordsNamed(String name) throws ProfileFormatException {
        try {
            if (!probe(name)) {
                return null; // a char no byte stands for: no key has it
            }
            int h = probeHash();
            for (int s = slot(h); slots[2 * s] != 0; s = (s + 1) & mask) {
                if (holdsProbe(s, h)) {
                    long keyAt = slots[2 * s];
                    long dataAt = keyAt + probeLength;
                    long dataLength = in.u64(keyAt - 8);
                    return RecordDecoder.decode(in, version, name, dataAt, dataLength, layout, true, MemoryGuard.NONE);
                }
            }
            return null;
        } catch (InternalError e) {
            throw MappedFaults.truncated(in.file(), e);
        }
    }

    /** Every name, in no particular order. */
    public List<String> names() throws ProfileFormatException {
        List<String> out = new ArrayList<>(keys);
        for (int s = 0; s <= mask; s++) {
            if (slots[2 * s] != 0) {
                out.add(in.latin1(slots[2 * s], (int) slots[2 * s + 1]));
            }
        }
        return out;
    }

    /** Makes {@link #probe} the name {@code name}; false when a char of it is no byte (names are one byte per char). */
    private boolean probe(String name) {
        int n = name.length();
        probe = fit(probe, n);
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (c > 0xFF) {
                return false;
            }
            probe[i] = (byte) c;
        }
        probeLength = n;
        return true;
    }

    /** Makes {@link #probe} the {@code length} bytes stored at {@code at}. */
    private void probe(long at, int length) throws ProfileFormatException {
        probe = fit(probe, length);
        in.copy(at, probe, 0, length);
        probeLength = length;
    }

    /** The probed name's hash: the string hash of the name. */
    private int probeHash() {
        return Names.stringHash(probe, 0, probeLength);
    }

    /** Whether slot {@code s}'s key is the probed name, whose hash is {@code h}. */
    private boolean holdsProbe(int s, int h) throws ProfileFormatException {
        if (slots[2 * s + 1] != ((long) h << 32 | probeLength)) {
            return false;
        }
        int n = probeLength;
        stored = fit(stored, n);
        in.copy(slots[2 * s], stored, 0, n);
        return Arrays.equals(stored, 0, n, probe, 0, n);
    }

    private static byte[] fit(byte[] buffer, int n) {
        return buffer.length >= n ? buffer : new byte[Math.max(n, 2 * buffer.length)];
    }

    /** The first slot to try for a name's hash (mixed, as the project's other tables mix theirs). */
    private int slot(int h) {
        return LongIndex.spread(h) & mask;
    }
}
