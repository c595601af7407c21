package dev.jprofdata.format.sample.binary;

import java.util.Arrays;

/**
 * A growing byte buffer with the encodings of LLVM's binary sample profiles: minimal ULEB128,
 * little-endian u64 (also patched in place, for the ext-binary section table) and NUL-terminated
 * names.
 */
public final class SampleBinaryOutput {
    private byte[] bytes = new byte[256];
    private int size;

    public int size() {
        return size;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            long wanted = Math.max((long) bytes.length * 2, (long) size + more);
            if (wanted > Integer.MAX_VALUE - 8) {
                throw new OutOfMemoryError("sample profile output over 2 GiB");
            }
            bytes = Arrays.copyOf(bytes, (int) wanted);
        }
    }

    public void byteValue(int b) {
        ensure(1);
        bytes[size++] = (byte) b;
    }

    /** Unsigned LEB128, the shortest encoding (as LLVM's {@code encodeULEB128} without padding). */
    public void uleb(long value) {
        ensure(10);
        long v = value;
        do {
            int b = (int) (v & 0x7F);
            v >>>= 7;
            bytes[size++] = (byte) (v != 0 ? b | 0x80 : b);
        } while (v != 0);
    }

    public void u64(long value) {
        ensure(8);
        setU64(size, value);
        size += 8;
    }

    /** Overwrites the u64 at {@code at}, which must already have been written. */
    public void setU64(int at, long value) {
        for (int i = 0; i < 8; i++) {
            bytes[at + i] = (byte) (value >>> (8 * i));
        }
    }

    public void bytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, bytes, size, b.length);
        size += b.length;
    }

    /** The bytes of a name followed by a NUL. */
    public void cString(byte[] name) {
        bytes(name);
        byteValue(0);
    }
}
