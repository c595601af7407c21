package dev.jprofdata.spark;

import dev.jprofdata.merge.InputFailure;
import dev.jprofdata.merge.PartialMerge;
import dev.jprofdata.merge.PartialMerger;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;

/**
 * One Spark task: merges the inputs of its partition into one partial merge with the library's
 * readers ({@link PartialMerger}), each input under its index in the whole merge, and hands on its
 * bytes. An empty partition gives nothing.
 */
final class PartTask implements FlatMapFunction<Iterator<SparkInput>, EncodedPart> {
    private static final long serialVersionUID = 1L;

    private final SparkMergeArgs args;
    private final int inputCount;
    private final TreeSet<Integer> incompatible;
    private final boolean setDeviceApart;
    private final Broadcast<SerializableConfiguration> conf;

    /** {@code setDeviceApart}: inputs that hold GPU device records are set apart, not merged. */
    PartTask(SparkMergeArgs args, int inputCount, Set<Integer> incompatible, boolean setDeviceApart,
            Broadcast<SerializableConfiguration> conf) {
        this.args = args;
        this.inputCount = inputCount;
        this.incompatible = new TreeSet<>(incompatible);
        this.setDeviceApart = setDeviceApart;
        this.conf = conf;
    }

    @Override
    public Iterator<EncodedPart> call(Iterator<SparkInput> partition) throws Exception {
        TaskInputs local = TaskInputs.of(partition, conf.value().value());
        if (local == null) {
            return List.<EncodedPart>of().iterator();
        }
        try (local) {
            PartialMerge part = new PartialMerger(MergeOptionsOf.of(args), inputCount).merge(local.inputs(),
                    local.indices(), incompatible, setDeviceApart);
            return List.of(EncodedPart.readHere(part.encode(), part.failures().stream().map(InputFailure::file)
                    .toList())).iterator();
        }
    }
}
