package dev.jprofdata.merge.state;

/** How the merge state's shared arrays grow. */
final class ColumnArena {
    private ColumnArena() {
    }

    /** Largest array a column may be (a little under the JVM's limit). */
    private static final int MAX = Integer.MAX_VALUE - 8;

    /**
     * A capacity of at least {@code used + n} for an array of {@code capacity}: doubled, but never
     * past the largest array; an {@link OutOfMemoryError} (the merge reports it with the input)
     * when even that is too small.
     */
    static int grown(int capacity, int used, int n) {
        long need = (long) used + n;
        if (need > MAX) {
            throw new OutOfMemoryError("merge state: more than 2^31 entries in one column");
        }
        return (int) Math.max(need, Math.min((long) capacity * 2, MAX));
    }
}
