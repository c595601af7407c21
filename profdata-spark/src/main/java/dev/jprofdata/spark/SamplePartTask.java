package dev.jprofdata.spark;

import dev.jprofdata.merge.InputFailure;
import dev.jprofdata.merge.sample.SamplePartialMerge;
import dev.jprofdata.merge.sample.SamplePartialMerger;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;

/**
 * One Spark task of a sample-profile merge: merges the inputs of its partition into one partial
 * sample merge ({@link SamplePartialMerger}), each input under its index in the whole merge, and
 * hands on its bytes. An empty partition gives nothing.
 */
final class SamplePartTask implements FlatMapFunction<Iterator<SparkInput>, EncodedPart> {
    private static final long serialVersionUID = 1L;

    private final SparkMergeArgs args;
    private final int inputCount;
    private final Broadcast<SerializableConfiguration> conf;

    SamplePartTask(SparkMergeArgs args, int inputCount, Broadcast<SerializableConfiguration> conf) {
        this.args = args;
        this.inputCount = inputCount;
        this.conf = conf;
    }

    @Override
    public Iterator<EncodedPart> call(Iterator<SparkInput> partition) throws Exception {
        TaskInputs local = TaskInputs.of(partition, conf.value().value());
        if (local == null) {
            return List.<EncodedPart>of().iterator();
        }
        try (local) {
            SamplePartialMerge part = new SamplePartialMerger(SampleOptionsOf.merge(args)).merge(local.inputs(),
                    local.indices(), inputCount);
            return List.of(EncodedPart.readHere(part.encode(), part.failures().values().stream()
                    .map(InputFailure::file).toList())).iterator();
        }
    }
}
