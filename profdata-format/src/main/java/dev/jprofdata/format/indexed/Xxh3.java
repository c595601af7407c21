package dev.jprofdata.format.indexed;

/**
 * XXH3-64 with seed 0 and the default secret ({@code XXH3_64bits}), which LLVM's {@code StringMap}
 * uses to hash keys. Written from the published algorithm description; all lengths are supported
 * (the short-input paths are what vtable names normally take).
 */
public final class Xxh3 {
    private Xxh3() {
    }

    private static final long P32_1 = 0x9E3779B1L;
    private static final long P32_2 = 0x85EBCA77L;
    private static final long P32_3 = 0xC2B2AE3DL;
    private static final long P64_1 = 0x9E3779B185EBCA87L;
    private static final long P64_2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P64_3 = 0x165667B19E3779F9L;
    private static final long P64_4 = 0x85EBCA77C2B2AE63L;
    private static final long P64_5 = 0x27D4EB2F165667C5L;
    private static final long PRIME_MX1 = 0x165667919E3779F9L;
    private static final long PRIME_MX2 = 0x9FB21C651E98DF25L;

    private static final int STRIPE_LEN = 64;
    private static final int SECRET_CONSUME_RATE = 8;
    private static final int MIDSIZE_START_OFFSET = 3;
    private static final int MIDSIZE_LAST_OFFSET = 17;
    private static final int SECRET_SIZE_MIN = 136;
    private static final int SECRET_LASTACC_START = 7;
    private static final int SECRET_MERGEACCS_START = 11;

    /** The default 192-byte secret ({@code XXH3_kSecret}). */
    private static final byte[] SECRET = bytes(
            "b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671f"
            + "cb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c"
            + "3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8"
            + "a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364"
            + "eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e"
            + "2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e");

    private static byte[] bytes(String hex) {
        byte[] b = new byte[hex.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    public static long hash64(byte[] input) {
        int len = input.length;
        if (len <= 16) {
            return hashUpTo16(input, len);
        }
        if (len <= 128) {
            return hash17To128(input, len);
        }
        if (len <= 240) {
            return hash129To240(input, len);
        }
        return hashLong(input, len);
    }

    private static long hashUpTo16(byte[] in, int len) {
        if (len > 8) {
            long bitflip1 = le64(SECRET, 24) ^ le64(SECRET, 32);
            long bitflip2 = le64(SECRET, 40) ^ le64(SECRET, 48);
            long lo = le64(in, 0) ^ bitflip1;
            long hi = le64(in, len - 8) ^ bitflip2;
            long acc = len + Long.reverseBytes(lo) + hi + mulFold64(lo, hi);
            return avalanche(acc);
        }
        if (len >= 4) {
            long in1 = le32(in, 0);
            long in2 = le32(in, len - 4);
            long bitflip = le64(SECRET, 8) ^ le64(SECRET, 16);
            long keyed = (in2 + (in1 << 32)) ^ bitflip;
            return rrmxmx(keyed, len);
        }
        if (len > 0) {
            int c1 = in[0] & 0xFF;
            int c2 = in[len >> 1] & 0xFF;
            int c3 = in[len - 1] & 0xFF;
            long combined = ((long) c1 << 16) | ((long) c2 << 24) | c3 | ((long) len << 8);
            long bitflip = (le32(SECRET, 0) ^ le32(SECRET, 4));
            return avalanche64(combined ^ bitflip);
        }
        return avalanche64(le64(SECRET, 56) ^ le64(SECRET, 64));
    }

    private static long hash17To128(byte[] in, int len) {
        long acc = len * P64_1;
        if (len > 32) {
            if (len > 64) {
                if (len > 96) {
                    acc += mix16(in, 48, 96);
                    acc += mix16(in, len - 64, 112);
                }
                acc += mix16(in, 32, 64);
                acc += mix16(in, len - 48, 80);
            }
            acc += mix16(in, 16, 32);
            acc += mix16(in, len - 32, 48);
        }
        acc += mix16(in, 0, 0);
        acc += mix16(in, len - 16, 16);
        return avalanche(acc);
    }

    private static long hash129To240(byte[] in, int len) {
        long acc = len * P64_1;
        int rounds = len / 16;
        for (int i = 0; i < 8; i++) {
            acc += mix16(in, 16 * i, 16 * i);
        }
        acc = avalanche(acc);
        for (int i = 8; i < rounds; i++) {
            acc += mix16(in, 16 * i, 16 * (i - 8) + MIDSIZE_START_OFFSET);
        }
        acc += mix16(in, len - 16, SECRET_SIZE_MIN - MIDSIZE_LAST_OFFSET);
        return avalanche(acc);
    }

    private static long hashLong(byte[] in, int len) {
        long[] acc = {P32_3, P64_1, P64_2, P64_3, P64_4, P32_2, P64_5, P32_1};
        int stripesPerBlock = (SECRET.length - STRIPE_LEN) / SECRET_CONSUME_RATE;
        int blockLen = STRIPE_LEN * stripesPerBlock;
        int blocks = (len - 1) / blockLen;
        for (int n = 0; n < blocks; n++) {
            accumulate(acc, in, n * blockLen, stripesPerBlock);
            scramble(acc, SECRET.length - STRIPE_LEN);
        }
        int stripes = ((len - 1) - blockLen * blocks) / STRIPE_LEN;
        accumulate(acc, in, blocks * blockLen, stripes);
        accumulate512(acc, in, len - STRIPE_LEN, SECRET.length - STRIPE_LEN - SECRET_LASTACC_START);
        long result = len * P64_1;
        for (int i = 0; i < 4; i++) {
            result += mulFold64(acc[2 * i] ^ le64(SECRET, SECRET_MERGEACCS_START + 16 * i),
                    acc[2 * i + 1] ^ le64(SECRET, SECRET_MERGEACCS_START + 16 * i + 8));
        }
        return avalanche(result);
    }

    private static void accumulate(long[] acc, byte[] in, int offset, int stripes) {
        for (int n = 0; n < stripes; n++) {
            accumulate512(acc, in, offset + n * STRIPE_LEN, n * SECRET_CONSUME_RATE);
        }
    }

    private static void accumulate512(long[] acc, byte[] in, int offset, int secretOffset) {
        for (int i = 0; i < 8; i++) {
            long data = le64(in, offset + 8 * i);
            long key = data ^ le64(SECRET, secretOffset + 8 * i);
            acc[i ^ 1] += data;
            acc[i] += (key & 0xFFFF_FFFFL) * (key >>> 32);
        }
    }

    private static void scramble(long[] acc, int secretOffset) {
        for (int i = 0; i < 8; i++) {
            long a = acc[i];
            a ^= a >>> 47;
            a ^= le64(SECRET, secretOffset + 8 * i);
            a *= P32_1;
            acc[i] = a;
        }
    }

    private static long mix16(byte[] in, int offset, int secretOffset) {
        long lo = le64(in, offset);
        long hi = le64(in, offset + 8);
        return mulFold64(lo ^ le64(SECRET, secretOffset), hi ^ le64(SECRET, secretOffset + 8));
    }

    /** Low 64 bits xor high 64 bits of the full 128-bit product. */
    private static long mulFold64(long a, long b) {
        // Java 17 has only the signed high product; correct it for unsigned operands.
        long high = Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
        return (a * b) ^ high;
    }

    private static long avalanche(long h) {
        h ^= h >>> 37;
        h *= PRIME_MX1;
        return h ^ (h >>> 32);
    }

    private static long avalanche64(long h) {
        h ^= h >>> 33;
        h *= P64_2;
        h ^= h >>> 29;
        h *= P64_3;
        return h ^ (h >>> 32);
    }

    private static long rrmxmx(long h, int len) {
        h ^= Long.rotateLeft(h, 49) ^ Long.rotateLeft(h, 24);
        h *= PRIME_MX2;
        h ^= (h >>> 35) + len;
        h *= PRIME_MX2;
        return h ^ (h >>> 28);
    }

    private static long le64(byte[] b, int i) {
        return (b[i] & 0xFFL) | (b[i + 1] & 0xFFL) << 8 | (b[i + 2] & 0xFFL) << 16 | (b[i + 3] & 0xFFL) << 24
                | (b[i + 4] & 0xFFL) << 32 | (b[i + 5] & 0xFFL) << 40 | (b[i + 6] & 0xFFL) << 48
                | (b[i + 7] & 0xFFL) << 56;
    }

    private static long le32(byte[] b, int i) {
        return (b[i] & 0xFFL) | (b[i + 1] & 0xFFL) << 8 | (b[i + 2] & 0xFFL) << 16 | (b[i + 3] & 0xFFL) << 24;
    }
}
