package dev.jprofdata.merge.state;

import dev.jprofdata.merge.MergeStateFormatException;

import java.nio.charset.StandardCharsets;

/**
 * Reads what {@link StateBytesOut} wrote, from one byte array. Every length is checked against the
 * bytes that remain before anything is allocated for it (an element takes at least one byte), so a
 * damaged or hostile encoding costs at most a small multiple of its own size in memory, and every
 * problem is a {@link MergeStateFormatException} naming the source and the byte offset.
 */
public final class StateBytesIn {
    private final byte[] bytes;
    private final String source;
    private int at;

    public StateBytesIn(byte[] bytes, String source) {
        this.bytes = bytes;
        this.source = source;
    }

    public long number() throws MergeStateFormatException {
        int start = at;
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (at >= bytes.length) {
                throw problem(start, "the encoding ends inside a number");
            }
            byte b = bytes[at++];
            if (shift == 63 && (b & 0x7E) != 0) {
                break; // more than 64 bits
            }
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
        throw problem(start, "a number longer than 64 bits");
    }

    /** A position written with {@link StateBytesOut#positionOrNone}. */
    public long positionOrNone() throws MergeStateFormatException {
        return number() - 1;
    }

    /** A number that must lie in [0, {@code max}]; {@code what} names it in the error. */
    public int small(int max, String what) throws MergeStateFormatException {
        int start = at;
        long v = number();
        if (v < 0 || v > max) {
            throw problem(start, what + " " + Long.toUnsignedString(v) + " is out of range (at most " + max + ")");
        }
        return (int) v;
    }

    /**
     * A count of elements that take at least {@code bytesEach} bytes each: never more than the
     * bytes left allow.
     */
    public int length(int bytesEach, String what) throws MergeStateFormatException {
        int start = at;
        long v = number();
        long room = (bytes.length - at) / bytesEach;
        if (v < 0 || v > room) {
            throw problem(start, what + " " + Long.toUnsignedString(v) + " exceeds what the remaining "
                    + (bytes.length - at) + " bytes can hold");
        }
        return (int) v;
    }

    public long word() throws MergeStateFormatException {
        if (bytes.length - at < 8) {
            throw problem(at, "the encoding ends inside a 64-bit word");
        }
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v |= (bytes[at++] & 0xFFL) << (8 * i);
        }
        return v;
    }

    public boolean flag() throws MergeStateFormatException {
        if (at >= bytes.length) {
            throw problem(at, "the encoding ends inside a flag");
        }
        int start = at;
        byte b = bytes[at++];
        if (b != 0 && b != 1) {
            throw problem(start, "a flag byte of " + b);
        }
        return b == 1;
    }

    public byte[] rawBytes(String what) throws MergeStateFormatException {
        int n = length(1, what);
        byte[] out = new byte[n];
        System.arraycopy(bytes, at, out, 0, n);
        at += n;
        return out;
    }

    public String text(String what) throws MergeStateFormatException {
        return new String(rawBytes(what), StandardCharsets.UTF_8);
    }

    public long[] numbers(String what) throws MergeStateFormatException {
        int n = length(1, what);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = number();
        }
        return out;
    }

    /** Reads {@code n} numbers (a count already checked). */
    public long[] numbers(int n) throws MergeStateFormatException {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = number();
        }
        return out;
    }

    public int offset() {
        return at;
    }

    public boolean atEnd() {
        return at == bytes.length;
    }

    public String source() {
        return source;
    }

    /** An error at byte {@code offset}. */
    public MergeStateFormatException problem(int offset, String reason) {
        return new MergeStateFormatException(source, offset, reason);
    }
}
