package dev.jprofdata.merge;

/**
 * An input's weight as llvm-profdata reads it from {@code --weighted-input=W,FILE} and from the
 * {@code W,FILE} lines of an input list: an unsigned 64-bit decimal number of at least 1, digits
 * only (no sign, space or prefix), so 1 to 2^64-1. Above 2^63-1 the long holds it as unsigned;
 * the merge multiplies with saturation. The command and the Spark job read weights through here.
 */
public final class InputWeight {
    /** LLVM's words for a weight it refuses. */
    public static final String NOT_POSITIVE = "input weight must be a positive integer";

    private InputWeight() {
    }

    /**
     * The weight {@code text} gives.
     *
     * @throws IllegalArgumentException ({@link #NOT_POSITIVE}) when it is not one
     */
    public static long parse(String text) {
        boolean digits = !text.isEmpty();
        for (int i = 0; i < text.length(); i++) {
            digits &= text.charAt(i) >= '0' && text.charAt(i) <= '9';
        }
        if (digits) {
            try {
                long w = Long.parseUnsignedLong(text);
                if (w != 0) {
                    return w;
                }
            } catch (NumberFormatException e) {
                // above 2^64-1: falls through to the error
            }
        }
        throw new IllegalArgumentException(NOT_POSITIVE);
    }
}
