package dev.jprofdata.spark;

import dev.jprofdata.merge.PartialMerge;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.api.java.function.Function2;

/**
 * Combines two partial merges of one merge (a step of the tree reduction): decodes both, combines
 * them and encodes the result. Combining is associative and commutative, so the tree's shape
 * changes nothing in the output.
 */
final class PartCombiner implements Function2<EncodedPart, EncodedPart, EncodedPart> {
    private static final long serialVersionUID = 1L;

    private final int inputCount;

    PartCombiner(int inputCount) {
        this.inputCount = inputCount;
    }

    @Override
    public EncodedPart call(EncodedPart a, EncodedPart b) throws Exception {
        PartialMerge merged = a.decode(inputCount, "a partial merge").combine(b.decode(inputCount, "a partial merge"));
        Map<String, String> failedOn = new TreeMap<>(a.failedOn());
        failedOn.putAll(b.failedOn());
        return new EncodedPart(merged.encode(), failedOn);
    }
}
