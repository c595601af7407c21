package dev.jprofdata.format.sample;

/**
 * A place in a function: a line offset from the function's first line (or a pseudo-probe id) and a
 * discriminator, both unsigned 32-bit values held in ints. Ordered by line, then discriminator,
 * unsigned. Printed {@code line} or {@code line.discriminator} when the discriminator is not zero.
 */
public record LineLocation(int line, int discriminator) implements Comparable<LineLocation> {
    public static final LineLocation ZERO = new LineLocation(0, 0);

    public static LineLocation of(long line, long discriminator) {
        return new LineLocation((int) line, (int) discriminator);
    }

    public long lineValue() {
        return Integer.toUnsignedLong(line);
    }

    public long discriminatorValue() {
        return Integer.toUnsignedLong(discriminator);
    }

    /** Line and discriminator in one unsigned 64-bit value (discriminator high), as LLVM hashes it. */
    public long packed() {
        return (discriminatorValue() << 32) | lineValue();
    }

    /**
     * Line and discriminator in one 64-bit value (line high) whose unsigned order is this class's
     * order; the form {@link FunctionSamples} keeps its locations in.
     */
    public long sortKey() {
        return sortKey(line, discriminator);
    }

    /** {@link #sortKey()} of a line and discriminator. */
    public static long sortKey(int line, int discriminator) {
        return ((long) line << 32) | Integer.toUnsignedLong(discriminator);
    }

    /** The location of a {@link #sortKey()}. */
    public static LineLocation ofSortKey(long key) {
        return key == 0 ? ZERO : new LineLocation((int) (key >>> 32), (int) key);
    }

    @Override
    public int compareTo(LineLocation o) {
        int c = Integer.compareUnsigned(line, o.line);
        return c != 0 ? c : Integer.compareUnsigned(discriminator, o.discriminator);
    }

    @Override
    public String toString() {
        return discriminator == 0 ? Integer.toUnsignedString(line)
                : Integer.toUnsignedString(line) + "." + Integer.toUnsignedString(discriminator);
    }
}
