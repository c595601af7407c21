package dev.jprofdata.spark;

import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.sample.SamplePartialMerger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;

/**
 * The second step of a sample merge on Spark, run only when some functions' contributions cannot
 * simply be added: each task reads its inputs again and hands on only their contributions to those
 * functions ({@link SamplePartialMerger#contributions}), for the driver to merge input by input.
 */
final class ContributionTask implements FlatMapFunction<Iterator<SparkInput>, byte[]> {
    private static final long serialVersionUID = 1L;

    private final SparkMergeArgs args;
    private final Broadcast<long[]> keys;
    private final Broadcast<SerializableConfiguration> conf;

    ContributionTask(SparkMergeArgs args, Broadcast<long[]> keys, Broadcast<SerializableConfiguration> conf) {
        this.args = args;
        this.keys = keys;
        this.conf = conf;
    }

    @Override
    public Iterator<byte[]> call(Iterator<SparkInput> partition) throws Exception {
        List<SparkInput> mine = new ArrayList<>();
        partition.forEachRemaining(mine::add);
        if (mine.isEmpty()) {
            return List.<byte[]>of().iterator();
        }
        mine.sort(Comparator.comparingInt(SparkInput::index));
        Set<Long> wanted = new TreeSet<>();
        for (long k : keys.value()) {
            wanted.add(k);
        }
        try (LocalCopies copies = new LocalCopies(conf.value().value())) {
            List<MergeInput> inputs = new ArrayList<>(mine.size());
            int[] indices = new int[mine.size()];
            for (int k = 0; k < mine.size(); k++) {
                SparkInput in = mine.get(k);
                inputs.add(new MergeInput(copies.localPath(in.uri()), in.displayName(), in.weight()));
                indices[k] = in.index();
            }
            byte[] bytes = new SamplePartialMerger(SampleOptionsOf.merge(args)).contributions(inputs, indices, wanted);
            return List.of(bytes).iterator();
        }
    }
}
