package dev.jprofdata.format.indexed;

import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.io.MappedFaults;
import java.util.ArrayList;
import java.util.List;

/**
 * The keys of a mapped indexed profile found by name, so that its records can be looked up one
 * function at a time instead of being held as objects (overlap's base profile: holding 500,000
 * functions' records cost more in garbage collection than reading them). Each key is one slot of
 * an open-addressing table of primitive arrays: where its bytes are in the file, their length and
 * the name's string hash. Built by walking the keys in file order, as the reader does; the file's
 * own bucket array is not used, so a key the reader would return is always found.
 */
public final class IndexedKeyIndex {
    private final MappedBytes in;
    private final int version;
    private final int mask;
    /** 64 less the table's size in bits: a slot is the top bits of a name's scrambled hash. */
    private final int shift;
    /** Per slot: where the key's bytes start (0: an empty slot; the header comes first, so never a key). */
    private final long[] keyAt;
    private final int[] keyLength;
    private final int[] nameHash;
    private int keys;
    private final KeyLayout layout = new KeyLayout();
    private byte[] scratch = new byte[64];

    private IndexedKeyIndex(MappedBytes in, int version, int capacity) {
        this.in = in;
        this.version = version;
        this.mask = capacity - 1;
        this.shift = 64 - Integer.numberOfTrailingZeros(capacity);
        this.keyAt = new long[capacity];
        this.keyLength = new int[capacity];
        this.nameHash = new int[capacity];
    }

    /**
     * The index of {@code numEntries} keys walked from {@code payloadStart}; null when a name is
     * stored under two keys (a merge would add them up, which a lookup of one key cannot).
     */
    static IndexedKeyIndex build(MappedBytes in, int version, long payloadStart, long numEntries)
            throws ProfileFormatException {
        // Each key takes at least its 24-byte item header: the stored count cannot make the
        // table bigger than the file allows (a count beyond the items fails in the walk).
        long keys = Math.min(numEntries, in.size() / 24);
        if (keys > (1 << 28)) {
            throw in.error(payloadStart, ProfileFormatException.Kind.MALFORMED,
                    IndexedFormat.MALFORMED + ": too many keys to index: " + numEntries);
        }
        int capacity = Integer.highestOneBit((int) Math.max(16, keys * 2)) << 1;
        IndexedKeyIndex index = new IndexedKeyIndex(in, version, capacity);
        KeyCursor cursor = new KeyCursor(in, payloadStart, numEntries);
        while (cursor.advance()) {
            String name = cursor.key();
            if (!index.insert(name, cursor.keyOffset(), name.length())) {
                return null;
            }
        }
        return index;
    }

    private boolean insert(String name, long at, int length) throws ProfileFormatException {
        int h = name.hashCode();
        for (int s = slot(h);; s = (s + 1) & mask) {
            if (keyAt[s] == 0) {
                keyAt[s] = at;
                keyLength[s] = length;
                nameHash[s] = h;
                keys++;
                return true;
            }
            if (nameHash[s] == h && holds(s, name)) {
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
            int h = name.hashCode();
            for (int s = slot(h); keyAt[s] != 0; s = (s + 1) & mask) {
                if (nameHash[s] == h && holds(s, name)) {
                    long dataAt = keyAt[s] + keyLength[s];
                    long dataLength = in.u64(keyAt[s] - 8);
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
            if (keyAt[s] != 0) {
                out.add(in.latin1(keyAt[s], keyLength[s]));
            }
        }
        return out;
    }

    /** Whether slot {@code s}'s key is {@code name} (names are one byte per char). */
    private boolean holds(int s, String name) throws ProfileFormatException {
        int n = keyLength[s];
        if (n != name.length()) {
            return false;
        }
        if (scratch.length < n) {
            scratch = new byte[Math.max(n, 2 * scratch.length)];
        }
        in.copy(keyAt[s], scratch, 0, n);
        for (int i = 0; i < n; i++) {
            if ((scratch[i] & 0xFF) != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first slot to try for a name's string hash: its top bits after a multiplication that
     * mixes every bit of it (string hashes of similar names differ in few bits).
     */
    private int slot(int h) {
        return (int) ((h * 0x9E3779B97F4A7C15L) >>> shift);
    }
}
