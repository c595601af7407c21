package dev.jprofdata.merge.overlap;

/** C conversions of unsigned 64-bit integers held in longs. */
final class Unsigned {
    private Unsigned() {
    }

    /** {@code (double) u64}, rounded to nearest even like C. */
    static double asDouble(long value) {
        if (value >= 0) {
            return value;
        }
        // Halve keeping the lost bit as a sticky bit, so the single rounding step stays correct.
        return ((value >>> 1) | (value & 1)) * 2.0;
    }
}
