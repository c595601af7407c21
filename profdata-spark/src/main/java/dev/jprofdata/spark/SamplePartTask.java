package dev.jprofdata.spark;

import dev.jprofdata.merge.InputFailure;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.sample.SamplePartialMerge;
import dev.jprofdata.merge.sample.SamplePartialMerger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
        List<SparkInput> mine = new ArrayList<>();
        partition.forEachRemaining(mine::add);
        if (mine.isEmpty()) {
            return List.<EncodedPart>of().iterator();
        }
        mine.sort(Comparator.comparingInt(SparkInput::index));
        try (LocalCopies copies = new LocalCopies(conf.value().value())) {
            List<MergeInput> inputs = new ArrayList<>(mine.size());
            int[] indices = new int[mine.size()];
            for (int k = 0; k < mine.size(); k++) {
                SparkInput in = mine.get(k);
                inputs.add(new MergeInput(copies.localPath(in.uri()), in.displayName(), in.weight()));
                indices[k] = in.index();
            }
            SamplePartialMerge part = new SamplePartialMerger(SampleOptionsOf.merge(args)).merge(inputs, indices,
                    inputCount);
            Map<String, String> failedOn = new TreeMap<>();
            String where = PartTask.where();
            for (InputFailure f : part.failures().values()) {
                failedOn.put(f.file(), where);
            }
            return List.of(new EncodedPart(part.encode(), failedOn)).iterator();
        }
    }
}
