package dev.jprofdata.format.offload;

/**
 * The packed uniformity bit vector: one bit per counter index, LSB first (block i is bit i % 8 of
 * byte i / 8), 1 = uniform, {@code ceil(n / 8)} bytes, unused high bits of the last byte 1.
 */
public final class UniformityBits {
    private UniformityBits() {
    }

    /** {@code ceil(n / 8)} bytes of 0xFF: every block uniform. */
    public static byte[] allUniform(int n) {
        byte[] bits = new byte[(n + 7) / 8];
        java.util.Arrays.fill(bits, (byte) 0xFF);
        return bits;
    }

    public static void clear(byte[] bits, int i) {
        bits[i >> 3] &= (byte) ~(1 << (i & 7));
    }

    public static boolean get(byte[] bits, int i) {
        return ((bits[i >> 3] >> (i & 7)) & 1) != 0;
    }

    /** Sets the unused high bits of the last byte for {@code n} blocks (the format wants them 1). */
    public static void fillUnused(byte[] bits, int n) {
        if (n % 8 != 0 && bits.length > 0) {
            bits[bits.length - 1] |= (byte) (0xFF << (n % 8));
        }
    }

    /** Number of uniform blocks among the first {@code n}. */
    public static int countUniform(byte[] bits, int n) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (get(bits, i)) {
                k++;
            }
        }
        return k;
    }

    /** {@code [U, D, ...]}: the fork's {@code Block uniformity:} list for {@code from <= i < n}. */
    public static String pattern(byte[] bits, int from, int n) {
        StringBuilder b = new StringBuilder("[");
        for (int i = from; i < n; i++) {
            b.append(i == from ? "" : ", ").append(bits == null || (i >> 3) >= bits.length || get(bits, i) ? 'U' : 'D');
        }
        return b.append(']').toString();
    }
}
