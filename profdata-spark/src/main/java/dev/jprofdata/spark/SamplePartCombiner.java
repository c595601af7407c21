package dev.jprofdata.spark;

import dev.jprofdata.merge.sample.SampleMergeOptions;
import dev.jprofdata.merge.sample.SamplePartialMerge;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.api.java.function.Function2;

/**
 * Combines two partial sample merges (a step of the tree reduction): decodes both, combines them
 * and encodes the result. Combining is associative and commutative — functions whose order of
 * merging matters are marked to be merged again input by input — so the tree's shape and the order
 * in which Spark hands over the parts change nothing in the output.
 */
final class SamplePartCombiner implements Function2<EncodedPart, EncodedPart, EncodedPart> {
    private static final long serialVersionUID = 1L;

    private final SparkMergeArgs args;
    private final int inputCount;
    /** Built once per task on the executor, not once per decoded part. */
    private transient SampleMergeOptions options;

    SamplePartCombiner(SparkMergeArgs args, int inputCount) {
        this.args = args;
        this.inputCount = inputCount;
    }

    @Override
    public EncodedPart call(EncodedPart a, EncodedPart b) throws Exception {
        if (options == null) {
            options = SampleOptionsOf.merge(args);
        }
        SamplePartialMerge merged = a.decodeSample(inputCount, "a partial merge", options)
                .combine(b.decodeSample(inputCount, "a partial merge", options));
        Map<String, String> failedOn = new TreeMap<>(a.failedOn());
        failedOn.putAll(b.failedOn());
        return new EncodedPart(merged.encode(), failedOn);
    }
}
