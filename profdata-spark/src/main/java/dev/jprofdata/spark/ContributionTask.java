package dev.jprofdata.spark;

import dev.jprofdata.merge.sample.SamplePartialMerger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.api.java.function.PairFlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;
import scala.Tuple2;

/**
 * The second step of a sample merge on Spark, run only when some functions' contributions cannot
 * simply be added: each task reads its inputs again and hands on their contributions to those
 * functions, one chunk of bytes per function ({@link SamplePartialMerger#contributions}), keyed by
 * the function so that Spark brings each function's chunks together ({@link ReplayTask}).
 */
final class ContributionTask implements PairFlatMapFunction<Iterator<SparkInput>, Long, byte[]> {
    private static final long serialVersionUID = 1L;

    private final SparkMergeArgs args;
    private final Broadcast<long[]> keys;
    private final Broadcast<int[]> failed;
    private final Broadcast<SerializableConfiguration> conf;

    ContributionTask(SparkMergeArgs args, Broadcast<long[]> keys, Broadcast<int[]> failed,
            Broadcast<SerializableConfiguration> conf) {
        this.args = args;
        this.keys = keys;
        this.failed = failed;
        this.conf = conf;
    }

    @Override
    public Iterator<Tuple2<Long, byte[]>> call(Iterator<SparkInput> partition) throws Exception {
        TaskInputs local = TaskInputs.of(partition, conf.value().value());
        if (local == null) {
            return List.<Tuple2<Long, byte[]>>of().iterator();
        }
        Set<Long> wanted = new TreeSet<>();
        for (long k : keys.value()) {
            wanted.add(k);
        }
        Set<Integer> failedBefore = new TreeSet<>();
        for (int i : failed.value()) {
            failedBefore.add(i);
        }
        try (local) {
            Map<Long, byte[]> chunks = new SamplePartialMerger(SampleOptionsOf.merge(args)).contributions(
                    local.inputs(), local.indices(), wanted, failedBefore);
            List<Tuple2<Long, byte[]>> out = new ArrayList<>(chunks.size());
            chunks.forEach((key, bytes) -> out.add(new Tuple2<>(key, bytes)));
            return out.iterator();
        }
    }
}
