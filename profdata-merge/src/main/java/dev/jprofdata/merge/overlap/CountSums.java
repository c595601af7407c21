package dev.jprofdata.merge.overlap;

import dev.jprofdata.format.ValueKind;

/**
 * LLVM's {@code CountSumOrPercent}: a number of entries, an edge (counter) amount and one amount
 * per value kind. The same shape holds sums of counts, overlap scores and shares of the test
 * profile, depending on where it is used.
 *
 * @param entries a number of functions (program level) or counters (function level)
 * @param edges counter sum or share
 * @param values per value kind, indexed by {@link ValueKind#number()}; always {@link ValueKind#COUNT}
 *     entries
 */
public record CountSums(long entries, double edges, double[] values) {

    public static final CountSums ZERO = new CountSums(0, 0, new double[ValueKind.COUNT]);

    public CountSums {
        if (values.length != ValueKind.COUNT) {
            throw new IllegalArgumentException("one value amount per value kind");
        }
        values = values.clone();
    }

    @Override
    public double[] values() {
        return values.clone();
    }

    public double value(ValueKind kind) {
        return values[kind.number()];
    }
}
