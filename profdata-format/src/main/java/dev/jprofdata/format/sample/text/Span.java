package dev.jprofdata.format.sample.text;

/**
 * A piece of a line with the position arithmetic of LLVM's {@code StringRef}: positions are
 * unsigned 64-bit values where {@link #NPOS} (all ones) means "not found", arithmetic on them wraps,
 * and {@link #substr} clamps start and length to the piece. LLVM's text reader computes positions
 * this way, including on lines where a search found nothing, and which odd lines it accepts (a
 * header with one colon, a body line with none) follows from it; doing the same arithmetic here is
 * what makes those lines read as they do in LLVM.
 */
final class Span {
    static final long NPOS = -1L;

    private final String s;
    private final int start;
    private final int length;

    Span(String s) {
        this(s, 0, s.length());
    }

    private Span(String s, int start, int length) {
        this.s = s;
        this.start = start;
        this.length = length;
    }

    long size() {
        return length;
    }

    boolean isEmpty() {
        return length == 0;
    }

    /** The character at {@code i}, or 0 past the end (LLVM would read the byte after the line, never a digit). */
    char at(long i) {
        return Long.compareUnsigned(i, length) < 0 ? s.charAt(start + (int) i) : 0;
    }

    private static long minU(long a, long b) {
        return Long.compareUnsigned(a, b) <= 0 ? a : b;
    }

    Span substr(long from) {
        return substr(from, NPOS);
    }

    Span substr(long from, long n) {
        long st = minU(from, length);
        long len = minU(n, length - st);
        return new Span(s, start + (int) st, (int) len);
    }

    long find(char c) {
        return find(c, 0);
    }

    long find(char c, long from) {
        for (long i = minU(from, length); i < length; i++) {
            if (s.charAt(start + (int) i) == c) {
                return i;
            }
        }
        return NPOS;
    }

    /** The last {@code c} before position {@code before} (all of the piece for {@link #NPOS}). */
    long rfind(char c, long before) {
        for (long i = minU(before, length); i != 0; ) {
            i--;
            if (s.charAt(start + (int) i) == c) {
                return i;
            }
        }
        return NPOS;
    }

    long rfind(char c) {
        return rfind(c, NPOS);
    }

    long findFirstNotOf(char c) {
        for (int i = 0; i < length; i++) {
            if (s.charAt(start + i) != c) {
                return i;
            }
        }
        return NPOS;
    }

    boolean startsWith(String prefix) {
        return length >= prefix.length() && s.startsWith(prefix, start);
    }

    boolean contentEquals(String other) {
        return length == other.length() && s.startsWith(other, start);
    }

    /** Without leading and trailing blanks (space, tab, newline, vertical tab, form feed, carriage return). */
    Span trim() {
        int b = 0;
        int e = length;
        while (b < e && isBlank(s.charAt(start + b))) {
            b++;
        }
        while (e > b && isBlank(s.charAt(start + e - 1))) {
            e--;
        }
        return new Span(s, start + b, e - b);
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** True when the piece is an unsigned decimal number that fits 64 bits (digits only, not empty). */
    boolean isU64() {
        if (length == 0) {
            return false;
        }
        long v = 0;
        for (int i = 0; i < length; i++) {
            char c = s.charAt(start + i);
            if (c < '0' || c > '9') {
                return false;
            }
            long hi = Math.multiplyHigh(v, 10) + ((v >> 63) & 10);
            long next = v * 10 + (c - '0');
            if (hi != 0 || Long.compareUnsigned(next, v * 10) < 0) {
                return false;
            }
            v = next;
        }
        return true;
    }

    /** The value of a piece {@link #isU64} accepted. */
    long u64() {
        long v = 0;
        for (int i = 0; i < length; i++) {
            v = v * 10 + (s.charAt(start + i) - '0');
        }
        return v;
    }

    /** True when the piece is an unsigned decimal number that fits 32 bits. */
    boolean isU32() {
        return isU64() && Long.compareUnsigned(u64(), 0xFFFFFFFFL) <= 0;
    }

    /**
     * The piece as a signed 32-bit decimal number (an optional leading {@code -}), or 0 when it is
     * not one: how a line number of a calling-context frame is read.
     */
    int signedIntOrZero() {
        if (length > 0 && s.charAt(start) == '-') {
            Span rest = new Span(s, start + 1, length - 1);
            if (!rest.isU64() || Long.compareUnsigned(rest.u64(), 1L << 31) > 0) {
                return 0;
            }
            return (int) -rest.u64();
        }
        if (!isU64() || Long.compareUnsigned(u64(), Integer.MAX_VALUE) > 0) {
            return 0;
        }
        return (int) u64();
    }

    @Override
    public String toString() {
        return s.substring(start, start + length);
    }
}
