package dev.jprofdata.spark;

import dev.jprofdata.format.offload.DeviceProfiles;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.MergeStateFormatException;
import dev.jprofdata.merge.NoProfileMergedException;
import dev.jprofdata.merge.PartialMerge;
import java.util.ArrayList;
import java.util.Comparator;
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

    /** How the inputs are laid out in partitions (tests try several). */
    public interface Layout {
        JavaRDD<SparkInput> lay(JavaSparkContext sc, List<SparkInput> inputs, int partitions);
    }

    /** Contiguous runs of inputs, as {@code parallelize} cuts a list. */
    public static final Layout CONTIGUOUS = JavaSparkContext::parallelize;

    /**
     * What a merge gave, as {@code jprofdata merge} splits it: the host part and the GPU device
     * part (either null when it has no inputs; with {@code --no-split} everything is one part).
     */
    public record Split(Part host, Part device) {
        /** Whether both parts have inputs (two outputs are written). */
        public boolean mixed() {
            return host != null && device != null;
        }

        /** The one part, when only one has inputs. */
        public Part only() {
            return host != null ? host : device;
        }
    }

    /**
     * One part of a merge: its inputs, and its result or why it was refused, with where each
     * failed input was read.
     */
    public record Part(List<SparkInput> inputs, MergeResult result, NoProfileMergedException refused,
            Map<String, String> failedOn) {
    }

    public static Split merge(JavaSparkContext sc, SparkMergeArgs args) throws MergeStateFormatException {
        return merge(sc, args, CONTIGUOUS);
    }

    /**
     * Merges the inputs of {@code args} as {@code jprofdata merge} does: host and device inputs
     * apart ({@code ProfileMerger.mergeSplit}'s rules: by name first, then an input named as a host
     * profile that holds device records moves to the device part), or all in one with
     * {@code --no-split}.
     */
    public static Split merge(JavaSparkContext sc, SparkMergeArgs args, Layout layout)
            throws MergeStateFormatException {
        List<SparkInput> inputs = InputListing.list(args, sc.hadoopConfiguration());
        if (inputs.isEmpty()) {
            throw new SparkMergeException("no input files specified");
        }
        Broadcast<SerializableConfiguration> conf = sc.broadcast(
                new SerializableConfiguration(sc.hadoopConfiguration()));
        if (args.noSplit()) {
            return new Split(part(run(sc, args, layout, conf, inputs, false), inputs, args), null);
        }
        List<SparkInput> host = new ArrayList<>();
        List<SparkInput> device = new ArrayList<>();
        for (SparkInput in : inputs) {
            boolean d = DeviceProfiles.isDeviceName(java.nio.file.Path.of(new org.apache.hadoop.fs.Path(in.uri()).getName()));
            (d ? device : host).add(in);
        }
        Combined hostRun = host.isEmpty() ? null : run(sc, args, layout, conf, host, true);
        List<SparkInput> hostKept = host;
        if (hostRun != null && !hostRun.merged().setApart().isEmpty()) {
            List<Integer> apart = hostRun.merged().setApart();
            hostKept = new ArrayList<>(host);
            for (int k = apart.size() - 1; k >= 0; k--) {
                device.add(hostKept.remove((int) apart.get(k)));
            }
            device.sort(Comparator.comparingInt(SparkInput::index));
            if (hostKept.isEmpty()) {
                hostRun = null;
            } else if (!hostRun.merged().kindDecisionsStandWithout(apart)) {
                hostRun = run(sc, args, layout, conf, hostKept, false);
                host = hostKept;
            }
        }
        Part hostPart = hostRun == null ? null : withInputs(part(hostRun, host, args), hostKept);
        Part devicePart = device.isEmpty() ? null : part(run(sc, args, layout, conf, device, false), device, args);
        return new Split(hostPart, devicePart);
    }

    /** A combined merge of some inputs, and where its failed inputs were read. */
    private record Combined(PartialMerge merged, Map<String, String> failedOn) {
    }

    /** {@code part} with {@code inputs} as the inputs it reports (a host part without those set apart). */
    private static Part withInputs(Part part, List<SparkInput> inputs) {
        return new Part(inputs, part.result(), part.refused(), part.failedOn());
    }

    /** Finishes {@code run}, a merge of {@code inputs}. */
    private static Part part(Combined run, List<SparkInput> inputs, SparkMergeArgs args) {
        List<String> names = inputs.stream().map(SparkInput::displayName).toList();
        try {
            return new Part(inputs, run.merged().finish(MergeOptionsOf.of(args), names), null, run.failedOn());
        } catch (NoProfileMergedException e) {
            return new Part(inputs, null, e, run.failedOn());
        }
    }

    /**
     * Merges {@code inputs} as one merge (each under its place in that list) on the executors and
     * combines the parts, with a second pass when inputs must be refused for their profile kind.
     */
    private static Combined run(JavaSparkContext sc, SparkMergeArgs args, Layout layout,
            Broadcast<SerializableConfiguration> conf, List<SparkInput> inputs, boolean setDeviceApart)
            throws MergeStateFormatException {
        int n = inputs.size();
        List<SparkInput> indexed = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            SparkInput in = inputs.get(k);
            indexed.add(new SparkInput(k, in.uri(), in.displayName(), in.weight()));
        }
        int partitions = Math.max(1, Math.min(n, args.partitions() > 0 ? args.partitions() : sc.defaultParallelism()));
        JavaRDD<SparkInput> laid = layout.lay(sc, indexed, partitions);
        Set<Integer> incompatible = new TreeSet<>();
        for (int pass = 1; ; pass++) {
            EncodedPart all = laid.mapPartitions(new PartTask(args, n, incompatible, setDeviceApart, conf))
                    .treeReduce(new PartCombiner(n), args.treeDepth());
            PartialMerge merged = all.decode(n, "the combined merge");
            Set<Integer> conflicts = merged.kindConflicts();
            if (conflicts.equals(incompatible)) {
                return new Combined(merged, all.failedOn());
            }
            if (pass >= 2) {
                // Refusing inputs never changes the decisions about the others, so the second
                // pass is final; a third would mean the inputs changed while the job ran.
                throw new SparkMergeException("the inputs' profile kinds changed while the job ran");
            }
            incompatible = conflicts;
        }
    }
}
