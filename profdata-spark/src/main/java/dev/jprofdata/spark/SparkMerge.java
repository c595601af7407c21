package dev.jprofdata.spark;

import dev.jprofdata.format.offload.DeviceProfiles;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.MergeStateFormatException;
import dev.jprofdata.merge.NoProfileMergedException;
import dev.jprofdata.merge.PartialMerge;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;

/**
 * The driver's side of a Spark merge (spec/spark.md): lists the inputs, has every partition of them
 * merged into a partial merge on the executors ({@link PartTask}), combines the parts with
 * {@code treeReduce} ({@link PartCombiner}) and finishes the merge as {@code jprofdata merge} does.
 * When the combined parts show that some inputs' profile kinds cannot be merged with those before
 * them (a decision taken in input order), the parts are merged again with those inputs refused; the
 * second pass is final.
 */
public final class SparkMerge {
    private SparkMerge() {
    }

    /**
     * Whether every input is named as a GPU device profile. {@code jprofdata merge} writes host and
     * device inputs to two outputs (spec/offload.md); this job writes one, so inputs named as both
     * kinds are refused unless {@code --no-split} asks for one output, as it does of merge.
     */
    private static boolean allDevice(List<SparkInput> inputs) {
        boolean device = false;
        boolean host = false;
        for (SparkInput in : inputs) {
            boolean d = DeviceProfiles.isDeviceName(java.nio.file.Path.of(new org.apache.hadoop.fs.Path(in.uri()).getName()));
            device |= d;
            host |= !d;
        }
        if (device && host) {
            throw new SparkMergeException("the inputs mix host and GPU device profiles, which jprofdata merge writes"
                    + " to two outputs: merge each kind in a job of its own, or add --no-split for one output");
        }
        return device;
    }

    /** How the inputs are laid out in partitions (tests try several). */
    public interface Layout {
        JavaRDD<SparkInput> lay(JavaSparkContext sc, List<SparkInput> inputs, int partitions);
    }

    /** Contiguous runs of inputs, as {@code parallelize} cuts a list. */
    public static final Layout CONTIGUOUS = JavaSparkContext::parallelize;

    /** The merge's result, its inputs, and where each input that failed was read. */
    public record Merged(MergeResult result, List<SparkInput> inputs, Map<String, String> failedOn) {
    }

    /** A merge the failure mode refused, with where each failed input was read. */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient NoProfileMergedException cause;
        private final transient List<SparkInput> inputs;
        private final transient Map<String, String> failedOn;

        Refused(NoProfileMergedException cause, List<SparkInput> inputs, Map<String, String> failedOn) {
            super(cause.getMessage(), cause);
            this.cause = cause;
            this.inputs = inputs;
            this.failedOn = failedOn;
        }

        public NoProfileMergedException refusal() {
            return cause;
        }

        public List<SparkInput> inputs() {
            return inputs;
        }

        public Map<String, String> failedOn() {
            return failedOn;
        }
    }

    public static Merged merge(JavaSparkContext sc, SparkMergeArgs args) throws Refused, MergeStateFormatException {
        return merge(sc, args, CONTIGUOUS);
    }

    public static Merged merge(JavaSparkContext sc, SparkMergeArgs args, Layout layout)
            throws Refused, MergeStateFormatException {
        List<SparkInput> inputs = InputListing.list(args, sc.hadoopConfiguration());
        if (inputs.isEmpty()) {
            throw new SparkMergeException("no input files specified");
        }
        // Host inputs are merged as merge's host part: one found to hold device records is set apart.
        boolean setDeviceApart = !args.noSplit() && !allDevice(inputs);
        int n = inputs.size();
        int partitions = Math.max(1, Math.min(n, args.partitions() > 0 ? args.partitions() : sc.defaultParallelism()));
        Broadcast<SerializableConfiguration> conf = sc.broadcast(
                new SerializableConfiguration(sc.hadoopConfiguration()));
        JavaRDD<SparkInput> laid = layout.lay(sc, inputs, partitions);
        Set<Integer> incompatible = new TreeSet<>();
        for (int pass = 1; ; pass++) {
            EncodedPart all = laid.mapPartitions(new PartTask(args, n, incompatible, setDeviceApart, conf))
                    .treeReduce(new PartCombiner(n), args.treeDepth());
            PartialMerge merged = all.decode(n, "the combined merge");
            if (!merged.setApart().isEmpty()) {
                throw new SparkMergeException(inputs.get(merged.setApart().get(0)).displayName()
                        + " holds GPU device records, which jprofdata merge writes to a device output of their own;"
                        + " this job writes one output: add --no-split to merge host and device records into it, or"
                        + " merge the device profiles in a job of their own");
            }
            Set<Integer> conflicts = merged.kindConflicts();
            if (!conflicts.equals(incompatible) && pass > 2) {
                // Refusing inputs never changes the decisions about the others, so the second
                // pass is final; a third means the inputs changed while the job ran.
                throw new SparkMergeException("the inputs' profile kinds changed while the job ran");
            }
            if (conflicts.equals(incompatible)) {
                List<String> names = inputs.stream().map(SparkInput::displayName).toList();
                try {
                    return new Merged(merged.finish(MergeOptionsOf.of(args), names), inputs, all.failedOn());
                } catch (NoProfileMergedException e) {
                    throw new Refused(e, inputs, all.failedOn());
                }
            }
            incompatible = conflicts;
        }
    }
}
