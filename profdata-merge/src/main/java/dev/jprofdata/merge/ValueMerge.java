package dev.jprofdata.merge;

/**
 * How value sites (indirect-call targets, memop sizes, vtables) are merged ({@code --value-merge};
 * spec/merge.md, "Value sites").
 */
public enum ValueMerge {
    /**
     * The default: every value keeps its whole count while merging, in any order and on any number
     * of threads; a value that appears twice in one input's site is one value; each site is cut to
     * its 255 most frequent values once, when the output is written.
     */
    EXACT,
    /**
     * As llvm-profdata 22 with {@code --num-threads=1} merges them, for byte-for-byte comparisons
     * with it: records are applied in input order, each site is cut to 255 values after every
     * record (counts of the values cut are lost), and a value that appears twice in a site stays
     * twice. The result does not depend on the thread count either.
     */
    LLVM;

    /** The option's spelling: {@code exact} or {@code llvm}. */
    public String optionName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The mode named {@code exact} or {@code llvm}; null for anything else. */
    public static ValueMerge ofOptionName(String name) {
        for (ValueMerge m : values()) {
            if (m.optionName().equals(name)) {
                return m;
            }
        }
        return null;
    }
}
