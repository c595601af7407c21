package dev.jprofdata.spark;

import dev.jprofdata.merge.sample.SampleMergeOptions;
import dev.jprofdata.merge.sample.SampleReplay;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import scala.Tuple2;

/**
 * Merges one function of a sample merge again, input by input, from the chunks of its
 * contributions that every task handed on ({@link SampleReplay#replay}): a function's merge
 * touches only that function, so the functions are merged apart on the executors and the driver
 * only gathers them.
 */
final class ReplayTask implements Function<Tuple2<Long, Iterable<byte[]>>, byte[]> {
    private static final long serialVersionUID = 1L;

    private final SparkMergeArgs args;
    private final Broadcast<long[]> weights;
    /** Built once per task on the executor, not once per function. */
    private transient SampleMergeOptions options;

    ReplayTask(SparkMergeArgs args, Broadcast<long[]> weights) {
        this.args = args;
        this.weights = weights;
    }

    @Override
    public byte[] call(Tuple2<Long, Iterable<byte[]>> function) throws Exception {
        if (options == null) {
            options = SampleOptionsOf.merge(args);
        }
        return SampleReplay.replay(options, function._1(), function._2(), weights.value());
    }
}
