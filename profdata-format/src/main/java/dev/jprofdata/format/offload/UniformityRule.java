package dev.jprofdata.format.offload;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * When a block counts as uniform: its total is 0, or its uniform count is at least
 * {@code threshold × total}. The threshold is held as an exact fraction and compared in 128-bit
 * integer arithmetic ({@code U·den >= T·num}), so 0.9 means exactly 9/10 for every count, also above
 * 2^53 where the fork's {@code double} division rounds.
 *
 * @param numerator threshold numerator, {@code 0 <= numerator <= denominator}
 * @param denominator threshold denominator, positive
 */
public record UniformityRule(long numerator, long denominator) {
    /** The design's 90 % rule. */
    public static final UniformityRule DEFAULT = new UniformityRule(9, 10);

    public UniformityRule {
        if (denominator <= 0 || numerator < 0 || numerator > denominator) {
            throw new IllegalArgumentException("threshold must be between 0 and 1");
        }
    }

    /**
     * Parses a decimal threshold such as {@code 0.9} or {@code 0.95} (0 to 1, at most 9 decimals).
     *
     * @throws IllegalArgumentException when the text is not such a number
     */
    public static UniformityRule parse(String text) {
        BigDecimal d;
        try {
            d = new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a number between 0 and 1");
        }
        if (d.signum() < 0 || d.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("'" + text + "' is not a number between 0 and 1");
        }
        d = d.stripTrailingZeros();
        int scale = Math.max(0, d.scale());
        if (scale > 9) {
            throw new IllegalArgumentException("'" + text + "' has more than 9 decimals");
        }
        long den = BigInteger.TEN.pow(scale).longValueExact();
        long num = d.movePointRight(scale).longValueExact();
        return new UniformityRule(num, den);
    }

    /** Whether a block with unsigned {@code total} executions, {@code uniform} of them by full waves, is uniform. */
    public boolean isUniform(long total, long uniform) {
        if (total == 0) {
            return true;
        }
        BigInteger lhs = unsigned(uniform).multiply(BigInteger.valueOf(denominator));
        BigInteger rhs = unsigned(total).multiply(BigInteger.valueOf(numerator));
        return lhs.compareTo(rhs) >= 0;
    }

    /** The packed bits for per-block totals and uniform counts of equal length. */
    public byte[] bits(long[] totals, long[] uniform) {
        byte[] bits = UniformityBits.allUniform(totals.length);
        for (int i = 0; i < totals.length; i++) {
            if (!isUniform(totals[i], uniform[i])) {
                UniformityBits.clear(bits, i);
            }
        }
        return bits;
    }

    @Override
    public String toString() {
        return BigDecimal.valueOf(numerator).divide(BigDecimal.valueOf(denominator)).toPlainString();
    }

    private static BigInteger unsigned(long v) {
        BigInteger b = BigInteger.valueOf(v & Long.MAX_VALUE);
        return v < 0 ? b.setBit(63) : b;
    }
}
