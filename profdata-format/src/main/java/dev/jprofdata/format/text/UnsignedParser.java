package dev.jprofdata.format.text;

/**
 * Parses unsigned integers the way LLVM's {@code StringRef::getAsInteger} does, which is stricter
 * than {@link Long#parseUnsignedLong}: no sign, no white space, the whole string must be digits of
 * the radix, and a value that does not fit the destination type is an error.
 *
 * <p>With radix 0 the radix is sensed from the prefix: {@code 0x}/{@code 0X} hexadecimal,
 * {@code 0b}/{@code 0B} binary, {@code 0o} (lower case only) or a {@code 0} followed by a digit
 * octal, anything else decimal.
 *
 * <p>The parser reports success as a boolean and keeps the value, because the text reader probes
 * lines that are usually not numbers (the optional value-profile block) and exceptions would make
 * that slow.
 */
final class UnsignedParser {
    /** Largest value of an unsigned 8-bit destination. */
    static final long U8 = 0xFFL;
    /** Largest value of an unsigned 32-bit destination. */
    static final long U32 = 0xFFFF_FFFFL;
    /** Largest value of an unsigned 64-bit destination (all bits set). */
    static final long U64 = -1L;

    private long value;

    /** The value of the last successful {@link #parse}. */
    long value() {
        return value;
    }

    /**
     * Parses {@code s} in {@code radix} (0 = auto-sense) and checks that it fits {@code max}
     * ({@link #U8}, {@link #U32} or {@link #U64}).
     *
     * @return true when {@code s} is a valid number in range
     */
    boolean parse(CharSequence s, int radix, long max) {
        return parse(s, 0, s.length(), radix, max);
    }

    /** {@link #parse(CharSequence, int, long)} of {@code s[from, to)}. */
    boolean parse(CharSequence s, int from, int to, int radix, long max) {
        int i = from;
        int n = to;
        if (radix == 0) {
            radix = 10;
            if (n - from >= 2 && s.charAt(from) == '0') {
                char p = s.charAt(from + 1);
                if (p == 'x' || p == 'X') {
                    radix = 16;
                    i = from + 2;
                } else if (p == 'b' || p == 'B') {
                    radix = 2;
                    i = from + 2;
                } else if (p == 'o') {
                    radix = 8;
                    i = from + 2;
                } else if (p >= '0' && p <= '9') {
                    radix = 8;
                    i = from + 1;
                }
            }
        }
        if (i == n) {
            return false; // nothing left after the prefix (or an empty string)
        }
        long result = 0;
        for (; i < n; i++) {
            int digit = digitValue(s.charAt(i));
            if (digit < 0 || digit >= radix) {
                return false;
            }
            long high = Math.multiplyHigh(result, radix)
                    + ((result >> 63) & radix); // unsigned high word of result * radix
            long low = result * radix;
            long next = low + digit;
            if (high != 0 || Long.compareUnsigned(next, low) < 0) {
                return false; // overflow of 64 bits
            }
            result = next;
        }
        if (max != U64 && Long.compareUnsigned(result, max) > 0) {
            return false;
        }
        value = result;
        return true;
    }

    private static int digitValue(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'Z') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
