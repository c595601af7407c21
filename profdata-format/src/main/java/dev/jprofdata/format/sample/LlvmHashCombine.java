package dev.jprofdata.format.sample;

/**
 * LLVM 22's {@code hash_combine_range} over a sequence of 64-bit values (a CityHash variant with
 * LLVM's fixed release-build seed), which LLVM uses to key context-sensitive profiles in its
 * profile map. Only the map's iteration order depends on it, and that order decides the order of
 * the ext-binary FunctionMetadata section, so it has to be reproduced bit for bit.
 *
 * <p>The values are laid out as little-endian bytes. Up to 64 bytes are hashed by the "short"
 * functions chosen by length; longer input runs a 56-byte state over 64-byte chunks, the last
 * chunk being the final partial fill rotated to the end of the previous chunk's bytes (LLVM
 * re-uses its buffer without clearing it).
 */
final class LlvmHashCombine {
    private LlvmHashCombine() {
    }

    private static final long SEED = 0xff51afd7ed558ccdL;
    private static final long K0 = 0xc3a5c85c97cb3127L;
    private static final long K1 = 0xb492b66fbe98f273L;
    private static final long K2 = 0x9ae16a3b2f90404fL;
    private static final long K3 = 0xc949d7c7509e6557L;

    /** The hash of {@code values} as LLVM's {@code hash_combine_range} over {@code size_t} values. */
    static long hashValues(long[] values) {
        if (values.length * 8 <= 64) {
            byte[] b = new byte[values.length * 8];
            for (int i = 0; i < values.length; i++) {
                putLong(b, i * 8, values[i]);
            }
            return hashShort(b, 0, b.length, SEED);
        }
        byte[] buffer = new byte[64];
        int next = 0;
        for (int i = 0; i < 8; i++) {
            putLong(buffer, i * 8, values[next++]);
        }
        State state = State.create(buffer, SEED);
        long length = 64;
        while (next < values.length) {
            int filled = 0;
            while (next < values.length && filled < 64) {
                putLong(buffer, filled, values[next++]);
                filled += 8;
            }
            rotateLeft(buffer, filled);
            state.mix(buffer, 0);
            length += filled;
        }
        return state.finalizeHash(length);
    }

    /** Moves the first {@code n} bytes to the end (what {@code std::rotate(b, b + n, end)} does). */
    private static void rotateLeft(byte[] b, int n) {
        if (n == 0 || n == b.length) {
            return;
        }
        byte[] copy = b.clone();
        System.arraycopy(copy, n, b, 0, b.length - n);
        System.arraycopy(copy, 0, b, b.length - n, n);
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    private static long fetch64(byte[] b, int at) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[at + i] & 0xFF);
        }
        return v;
    }

    private static long fetch32(byte[] b, int at) {
        long v = 0;
        for (int i = 3; i >= 0; i--) {
            v = (v << 8) | (b[at + i] & 0xFF);
        }
        return v;
    }

    private static long shiftMix(long v) {
        return v ^ (v >>> 47);
    }

    private static long hash16(long low, long high) {
        long mul = 0x9ddfea08eb382d69L;
        long a = (low ^ high) * mul;
        a ^= a >>> 47;
        long b = (high ^ a) * mul;
        b ^= b >>> 47;
        return b * mul;
    }

    private static long hashShort(byte[] s, int at, int len, long seed) {
        if (len >= 4 && len <= 8) {
            long a = fetch32(s, at);
            return hash16(len + (a << 3), seed ^ fetch32(s, at + len - 4));
        }
        if (len > 8 && len <= 16) {
            long a = fetch64(s, at);
            long b = fetch64(s, at + len - 8);
            return hash16(seed ^ a, Long.rotateRight(b + len, len)) ^ b;
        }
        if (len > 16 && len <= 32) {
            long a = fetch64(s, at) * K1;
            long b = fetch64(s, at + 8);
            long c = fetch64(s, at + len - 8) * K2;
            long d = fetch64(s, at + len - 16) * K0;
            return hash16(Long.rotateRight(a - b, 43) + Long.rotateRight(c ^ seed, 30) + d,
                    a + Long.rotateRight(b ^ K3, 20) - c + len + seed);
        }
        if (len > 32) {
            return hash33to64(s, at, len, seed);
        }
        if (len != 0) {
            int a = s[at] & 0xFF;
            int b = s[at + (len >> 1)] & 0xFF;
            int c = s[at + len - 1] & 0xFF;
            long y = Integer.toUnsignedLong(a + (b << 8));
            long z = Integer.toUnsignedLong(len + (c << 2));
            return shiftMix(y * K2 ^ z * K3 ^ seed) * K2;
        }
        return K2 ^ seed;
    }

    private static long hash33to64(byte[] s, int at, int len, long seed) {
        long z = fetch64(s, at + 24);
        long a = fetch64(s, at) + (len + fetch64(s, at + len - 16)) * K0;
        long b = Long.rotateRight(a + z, 52);
        long c = Long.rotateRight(a, 37);
        a += fetch64(s, at + 8);
        c += Long.rotateRight(a, 7);
        a += fetch64(s, at + 16);
        long vf = a + z;
        long vs = b + Long.rotateRight(a, 31) + c;
        a = fetch64(s, at + 16) + fetch64(s, at + len - 32);
        z = fetch64(s, at + len - 8);
        b = Long.rotateRight(a + z, 52);
        c = Long.rotateRight(a, 37);
        a += fetch64(s, at + len - 24);
        c += Long.rotateRight(a, 7);
        a += fetch64(s, at + len - 16);
        long wf = a + z;
        long ws = b + Long.rotateRight(a, 31) + c;
        long r = shiftMix((vf + ws) * K2 + (wf + vs) * K0);
        return shiftMix((seed ^ (r * K0)) + vs) * K2;
    }

    /** The 56-byte running state for input longer than 64 bytes. */
    private static final class State {
        long h0;
        long h1;
        long h2;
        long h3;
        long h4;
        long h5;
        long h6;

        static State create(byte[] s, long seed) {
            State st = new State();
            st.h0 = 0;
            st.h1 = seed;
            st.h2 = hash16(seed, K1);
            st.h3 = Long.rotateRight(seed ^ K1, 49);
            st.h4 = seed * K1;
            st.h5 = shiftMix(seed);
            st.h6 = hash16(st.h4, st.h5);
            st.mix(s, 0);
            return st;
        }

        void mix(byte[] s, int at) {
            h0 = Long.rotateRight(h0 + h1 + h3 + fetch64(s, at + 8), 37) * K1;
            h1 = Long.rotateRight(h1 + h4 + fetch64(s, at + 48), 42) * K1;
            h0 ^= h6;
            h1 += h3 + fetch64(s, at + 40);
            h2 = Long.rotateRight(h2 + h5, 33) * K1;
            h3 = h4 * K1;
            h4 = h0 + h5;
            // First 32 bytes into (h3, h4).
            h3 += fetch64(s, at);
            long c = fetch64(s, at + 24);
            h4 = Long.rotateRight(h4 + h3 + c, 21);
            long d = h3;
            h3 += fetch64(s, at + 8) + fetch64(s, at + 16);
            h4 += Long.rotateRight(h3, 44) + d;
            h3 += c;
            h5 = h2 + h6;
            h6 = h1 + fetch64(s, at + 16);
            // Last 32 bytes into (h5, h6).
            h5 += fetch64(s, at + 32);
            long c2 = fetch64(s, at + 56);
            h6 = Long.rotateRight(h6 + h5 + c2, 21);
            long d2 = h5;
            h5 += fetch64(s, at + 40) + fetch64(s, at + 48);
            h6 += Long.rotateRight(h5, 44) + d2;
            h5 += c2;
            long t = h2;
            h2 = h0;
            h0 = t;
        }

        long finalizeHash(long length) {
            return hash16(hash16(h3, h5) + shiftMix(h1) * K1 + h2,
                    hash16(h4, h6) + shiftMix(length) * K1 + h0);
        }
    }
}
