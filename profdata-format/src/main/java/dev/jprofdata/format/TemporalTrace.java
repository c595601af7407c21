package dev.jprofdata.format;

import java.util.Arrays;

/**
 * One temporal profile trace: the MD5 name hashes of functions in first-call order, with a weight.
 * The array is owned by the trace.
 */
public record TemporalTrace(long weight, long[] functionHashes) {

    public int length() {
        return functionHashes.length;
    }

    public TemporalTrace truncatedTo(int maxLength) {
        if (functionHashes.length <= maxLength) {
            return this;
        }
        return new TemporalTrace(weight, Arrays.copyOf(functionHashes, maxLength));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TemporalTrace t && weight == t.weight && Arrays.equals(functionHashes, t.functionHashes);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(weight) * 31 + Arrays.hashCode(functionHashes);
    }
}
