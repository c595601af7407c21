package dev.jprofdata.format;

/**
 * LLVM's name hash, the first 8 bytes of a name's MD5 digest read as a little-endian integer
 * (RFC 1321), computed straight from the name: a merge hashes every output name, most of them
 * shorter than one 64-byte block, and {@link java.security.MessageDigest} costs a byte copy of the
 * string, a digest array and its own bookkeeping per name (and runs without its compiler intrinsic
 * when only the first JIT tier is used, as the launcher does for many commands). Held to the JDK's
 * MD5 by {@code Md5Test}.
 */
final class Md5 {
    private Md5() {
    }

    /** Per-round left rotations, four per round. */
    private static final int[] SHIFT = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};
    /** The sine-derived constants: floor(abs(sin(i + 1)) * 2^32). */
    private static final int[] K = new int[64];

    static {
        for (int i = 0; i < 64; i++) {
            K[i] = (int) (long) Math.floor(Math.abs(Math.sin(i + 1)) * 4294967296.0);
        }
    }

    /** The hash of {@code name}, whose chars are bytes (ISO-8859-1, as names are carried). */
    static long first8(String name) {
        int length = name.length();
        int[] block = new int[16];
        int[] state = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
        int at = 0;
        while (length - at >= 64) {
            for (int w = 0; w < 16; w++) {
                int p = at + 4 * w;
                block[w] = (name.charAt(p) & 0xFF) | (name.charAt(p + 1) & 0xFF) << 8
                        | (name.charAt(p + 2) & 0xFF) << 16 | (name.charAt(p + 3) & 0xFF) << 24;
            }
            compress(state, block);
            at += 64;
        }
        // The tail, the 0x80 marker, zero padding and the length in bits, in one or two blocks.
        java.util.Arrays.fill(block, 0);
        int tail = length - at;
        for (int i = 0; i < tail; i++) {
            block[i >>> 2] |= (name.charAt(at + i) & 0xFF) << (8 * (i & 3));
        }
        finish(state, block, tail, length);
        return (state[0] & 0xFFFF_FFFFL) | (long) state[1] << 32;
    }

    /** The hash of {@code length} bytes of {@code bytes} from {@code offset}. */
    static long first8(byte[] bytes, int offset, int length) {
        int[] block = new int[16];
        int[] state = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
        int at = 0;
        while (length - at >= 64) {
            for (int w = 0; w < 16; w++) {
                int p = offset + at + 4 * w;
                block[w] = (bytes[p] & 0xFF) | (bytes[p + 1] & 0xFF) << 8 | (bytes[p + 2] & 0xFF) << 16
                        | (bytes[p + 3] & 0xFF) << 24;
            }
            compress(state, block);
            at += 64;
        }
        java.util.Arrays.fill(block, 0);
        int tail = length - at;
        for (int i = 0; i < tail; i++) {
            block[i >>> 2] |= (bytes[offset + at + i] & 0xFF) << (8 * (i & 3));
        }
        finish(state, block, tail, length);
        return (state[0] & 0xFFFF_FFFFL) | (long) state[1] << 32;
    }

    /** Pads the last {@code tail} bytes (already in {@code block}) and compresses what is left. */
    private static void finish(int[] state, int[] block, int tail, int length) {
        block[tail >>> 2] |= 0x80 << (8 * (tail & 3));
        if (tail >= 56) {
            compress(state, block);
            java.util.Arrays.fill(block, 0);
        }
        long bits = 8L * length;
        block[14] = (int) bits;
        block[15] = (int) (bits >>> 32);
        compress(state, block);
    }

    private static void compress(int[] state, int[] x) {
        int a = state[0];
        int b = state[1];
        int c = state[2];
        int d = state[3];
        for (int i = 0; i < 64; i++) {
            int f;
            int g;
            if (i < 16) {
                f = (b & c) | (~b & d);
                g = i;
            } else if (i < 32) {
                f = (d & b) | (~d & c);
                g = (5 * i + 1) & 15;
            } else if (i < 48) {
                f = b ^ c ^ d;
                g = (3 * i + 5) & 15;
            } else {
                f = c ^ (b | ~d);
                g = (7 * i) & 15;
            }
            int rotated = Integer.rotateLeft(a + f + K[i] + x[g], SHIFT[(i >>> 4) * 4 + (i & 3)]);
            a = d;
            d = c;
            c = b;
            b = b + rotated;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
    }
}
