package dev.jprofdata.format.indexed;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;

/**
 * Walks the items of the on-disk hash table sequentially from the start of its payload, the way
 * LLVM's iterable hash table does: a u16 item count opens each bucket, and each item is
 * {@code u64 keyHash, u64 keyLength, u64 dataLength, key, data}. The stored key hash is not checked.
 */
final class KeyCursor {
    private final MappedBytes in;
    private long position;
    private long entriesLeft;
    /** Items left in the current bucket; like LLVM's 64-bit counter a stored 0 never reaches 0 again. */
    private long bucketLeft;

    private long keyAt;
    private long keyLength;
    private long dataOffset;
    private long dataLength;

    KeyCursor(MappedBytes in, long payloadStart, long numEntries) {
        this.in = in;
        this.position = payloadStart;
        this.entriesLeft = numEntries;
    }

    /** Moves to the next item; false at the end of the table. */
    boolean advance() throws ProfileFormatException {
        if (entriesLeft == 0) {
            return false;
        }
        if (bucketLeft == 0) {
            bucketLeft = in.u16(position);
            position += 2;
        }
        long item = position;
        long keyLength = in.u64(item + 8);
        long length = in.u64(item + 16);
        long keyAt = item + 24;
        if (!in.contains(keyAt, keyLength) || !in.contains(keyAt + keyLength, length)) {
            throw in.error(item, Kind.TRUNCATED, IndexedFormat.TRUNCATED);
        }
        this.keyAt = keyAt;
        this.keyLength = keyLength;
        dataOffset = keyAt + keyLength;
        dataLength = length;
        position = dataOffset + length;
        bucketLeft--;
        entriesLeft--;
        return true;
    }

    /** The current key, built on each call (scans of counters never need it). */
    String key() throws ProfileFormatException {
        return in.latin1(keyAt, keyLength);
    }

    /** Where the current key's bytes start in the file. */
    long keyOffset() {
        return keyAt;
    }

    /** The current key's length, checked as {@link #key()} checks it. */
    int keyLength() throws ProfileFormatException {
        return in.nameLength(keyAt, keyLength);
    }

    long dataOffset() {
        return dataOffset;
    }

    long dataLength() {
        return dataLength;
    }
}
