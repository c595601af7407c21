package dev.jprofdata.merge.state;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The bytes of an encoded merge state as they are written: unsigned LEB128 numbers (small numbers,
 * the usual lengths, counts and positions, take one or two bytes), fixed little-endian words for
 * hashes, and length-prefixed byte strings. The layout itself is {@link StateEncoder}'s.
 */
public final class StateBytesOut {
    private byte[] bytes = new byte[256];
    private int size;

    /** An unsigned 64-bit number in LEB128 (1 to 10 bytes). */
    public void number(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes[size++] = (byte) v;
    }

    /** A position that may be -1 (none), written as one more than it is. */
    public void positionOrNone(long position) {
        number(position + 1);
    }

    /** A 64-bit word, little-endian (hashes: LEB128 would make them longer). */
    public void word(long v) {
        ensure(8);
        for (int i = 0; i < 8; i++) {
            bytes[size++] = (byte) (v >>> (8 * i));
        }
    }

    public void flag(boolean b) {
        ensure(1);
        bytes[size++] = (byte) (b ? 1 : 0);
    }

    public void rawBytes(byte[] b) {
        number(b.length);
        ensure(b.length);
        System.arraycopy(b, 0, bytes, size, b.length);
        size += b.length;
    }

    public void text(String s) {
        rawBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    /** A length-prefixed array of LEB128 numbers. */
    public void numbers(long[] values) {
        number(values.length);
        for (long v : values) {
            number(v);
        }
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    public int size() {
        return size;
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            long want = Math.max((long) size + more, 2L * bytes.length);
            if (want > Integer.MAX_VALUE - 8) {
                want = Integer.MAX_VALUE - 8;
                if (size + more > want) {
                    throw new IllegalStateException("an encoded merge state would exceed 2 GB");
                }
            }
            bytes = Arrays.copyOf(bytes, (int) want);
        }
    }
}
