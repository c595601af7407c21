package dev.jprofdata.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The few C {@code printf} conversions llvm-profdata's reports use, reproduced exactly.
 *
 * <p>Java's {@code String.format} differs from C: {@code %g} never strips trailing zeros and
 * switches to exponent notation at other thresholds, and {@code %f} rounds the shortest decimal
 * string rather than the exact binary value. Here every conversion rounds the <em>exact</em>
 * binary value of the double half-to-even, which is what glibc does in the default rounding mode.
 */
public final class CFormat {
    private CFormat() {
    }

    /** C {@code %.<precision>f}. */
    public static String fixed(double value, int precision) {
        String quick = fixedQuick(value, precision);
        return quick != null ? quick : fixedExact(value, precision);
    }

    /** Powers of ten a double holds exactly, for {@link #fixedQuick}. */
    private static final double[] TENS = {1, 10, 100, 1e3, 1e4, 1e5, 1e6};

    /**
     * {@link #fixedExact}'s text without its arithmetic where that is certain: a value from 0 to
     * 1e9 whose scaled value ({@code value * 10^precision}, one correctly rounded multiplication,
     * so within half an ulp of the exact product) is more than an ulp away from a half: the exact
     * product then lies between the same two halves, and rounds to the same integer. Null
     * otherwise (a tie or near one, a negative value, more than 6 digits). Report lines print
     * hundreds of thousands of percentages; the exact way costs a BigDecimal each.
     */
    static String fixedQuick(double value, int precision) {
        if (!(value >= 0 && value < 1e9) || precision >= TENS.length || Double.doubleToRawLongBits(value) < 0) {
            return null;
        }
        double scaled = value * TENS[precision];
        double floor = Math.floor(scaled);
        if (Math.abs(scaled - floor - 0.5) <= Math.ulp(scaled)) {
            return null;
        }
        long units = (long) floor + (scaled - floor > 0.5 ? 1 : 0);
        if (precision == 0) {
            return Long.toString(units);
        }
        long scale = (long) TENS[precision];
        StringBuilder sb = new StringBuilder(24).append(units / scale).append('.');
        String fraction = Long.toString(units % scale);
        for (int i = fraction.length(); i < precision; i++) {
            sb.append('0');
        }
        return sb.append(fraction).toString();
    }

    /** C {@code %.<precision>f} by exact decimal arithmetic on the double's binary value. */
    static String fixedExact(double value, int precision) {
        if (!Double.isFinite(value)) {
            return nonFinite(value);
        }
        String body = new BigDecimal(Math.abs(value)).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
        return signOf(value) + body;
    }

    /** C {@code %.<precision>g} (also what {@code %0.6g} prints: the 0 flag needs a width). */
    public static String general(double value, int precision) {
        if (!Double.isFinite(value)) {
            return nonFinite(value);
        }
        int p = precision == 0 ? 1 : precision;
        String sign = signOf(value);
        if (value == 0) {
            return sign + "0";
        }
        BigDecimal rounded = new BigDecimal(Math.abs(value)).round(new MathContext(p, RoundingMode.HALF_EVEN));
        // The exponent the %e style would print, taken after rounding (999999.5 -> 1e+06).
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent < p && exponent >= -4) {
            // Rescaling is exact: the rounded value has at most p significant digits.
            return sign + stripFraction(rounded.setScale(p - 1 - exponent, RoundingMode.UNNECESSARY).toPlainString());
        }
        StringBuilder digits = new StringBuilder(rounded.unscaledValue().toString());
        while (digits.length() < p) {
            digits.append('0');
        }
        String mantissa = stripFraction(digits.length() == 1 ? digits.toString() : digits.charAt(0) + "." + digits.substring(1));
        int absExp = Math.abs(exponent);
        return sign + mantissa + "e" + (exponent < 0 ? '-' : '+') + (absExp < 10 ? "0" : "") + absExp;
    }

    /** C {@code %<width>lld}: the 64 bits read as signed, right-aligned. */
    public static String signedDecimal(long value, int width) {
        return padLeft(Long.toString(value), width);
    }

    /** C {@code %<width>llu}: the 64 bits read as unsigned, right-aligned. */
    public static String unsignedDecimal(long value, int width) {
        return padLeft(Long.toUnsignedString(value), width);
    }

    /** C {@code 0x%016llx}. */
    public static String hex16(long value) {
        StringBuilder out = new StringBuilder(18).append("0x");
        for (int shift = 60; shift >= 0; shift -= 4) {
            out.append(Character.forDigit((int) (value >>> shift) & 0xF, 16));
        }
        return out.toString();
    }

    /** C's conversion of an unsigned 64-bit integer to double (round to nearest even). */
    public static double unsignedToDouble(long value) {
        if (value >= 0) {
            return value;
        }
        // Halve keeping the lost bit as a sticky bit, so the single rounding step stays correct.
        return ((value >>> 1) | (value & 1)) * 2.0;
    }

    /** C's conversion of an unsigned 64-bit integer to float (round to nearest even). */
    public static float unsignedToFloat(long value) {
        if (value >= 0) {
            return value;
        }
        return ((float) ((value >>> 1) | (value & 1))) * 2f;
    }

    private static String padLeft(String s, int width) {
        if (s.length() >= width) {
            return s;
        }
        return " ".repeat(width - s.length()) + s;
    }

    /** Removes trailing zeros of a fraction, and the point if nothing is left after it. */
    private static String stripFraction(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }

    /** C prints a minus sign whenever the sign bit is set, even for values that round to zero. */
    private static String signOf(double value) {
        return (Double.doubleToRawLongBits(value) < 0) ? "-" : "";
    }

    private static String nonFinite(double value) {
        if (Double.isNaN(value)) {
            return "nan";
        }
        return value > 0 ? "inf" : "-inf";
    }
}
