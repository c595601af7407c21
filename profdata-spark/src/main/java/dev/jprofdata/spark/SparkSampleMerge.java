package dev.jprofdata.spark;

import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleWriteException;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.InputFailure;
import dev.jprofdata.merge.MergeReportLines;
import dev.jprofdata.merge.MergeStateFormatException;
import dev.jprofdata.merge.NoProfileMergedException;
import dev.jprofdata.merge.sample.SampleInputException;
import dev.jprofdata.merge.sample.SampleMergeException;
import dev.jprofdata.merge.sample.SampleMergeOptions;
import dev.jprofdata.merge.sample.SampleMergeResult;
import dev.jprofdata.merge.sample.SampleOutputChecks;
import dev.jprofdata.merge.sample.SamplePartialMerge;
import dev.jprofdata.merge.sample.SampleReplay;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;

/**
 * A sample-profile merge on Spark ({@code --sample}, spec/spark.md "Sample profiles"): every
 * partition of the inputs merged into a partial sample merge on the executors
 * ({@link SamplePartTask}), the parts combined with {@code treeReduce} ({@link SamplePartCombiner}),
 * then, only if some functions' contributions could not simply be added, those functions' inputs'
 * contributions taken out where the inputs are read ({@link ContributionTask}), brought together
 * per function by a shuffle and merged again input by input on the executors
 * ({@link ReplayTask}); finished, reported and written as {@code jprofdata merge --sample} does.
 */
final class SparkSampleMerge {
    private SparkSampleMerge() {
    }

    /** The merge of all inputs and where each failed input was read. */
    record Outcome(SampleMergeResult result, Map<String, String> failedOn) {
    }

    static Outcome merge(JavaSparkContext sc, SparkMergeArgs args, SparkMerge.Layout layout)
            throws MergeStateFormatException, NoProfileMergedException {
        List<SparkInput> listed = InputListing.list(args, sc.hadoopConfiguration());
        if (listed.isEmpty()) {
            throw new SparkMergeException("no input files specified");
        }
        Broadcast<SerializableConfiguration> conf = sc.broadcast(
                new SerializableConfiguration(sc.hadoopConfiguration()));
        int n = listed.size();
        List<SparkInput> inputs = new ArrayList<>(n);
        List<String> names = new ArrayList<>(n);
        long[] weights = new long[n];
        for (int k = 0; k < n; k++) {
            SparkInput in = listed.get(k);
            inputs.add(new SparkInput(k, in.uri(), in.displayName(), in.weight()));
            names.add(in.displayName());
            weights[k] = in.weight();
        }
        int partitions = Math.max(1, Math.min(n, args.partitions() > 0 ? args.partitions() : sc.defaultParallelism()));
        JavaRDD<SparkInput> laid = layout.lay(sc, inputs, partitions);
        EncodedPart all = laid.mapPartitions(new SamplePartTask(args, n, conf))
                .treeReduce(new SamplePartCombiner(args, n), args.treeDepth());
        SampleMergeOptions options = SampleOptionsOf.merge(args);
        SamplePartialMerge merged = all.decodeSample(n, "the combined merge", options);
        merged.checkStops();
        SampleReplay.Result replayed = null;
        SortedSet<Long> conflicts = merged.conflicts();
        if (!conflicts.isEmpty()) {
            Broadcast<long[]> keys = sc.broadcast(conflicts.stream().mapToLong(Long::longValue).toArray());
            Broadcast<int[]> failed = sc.broadcast(merged.failures().keySet().stream().mapToInt(Integer::intValue)
                    .toArray());
            Broadcast<long[]> weightOf = sc.broadcast(weights);
            List<byte[]> functions = laid.mapPartitionsToPair(new ContributionTask(args, keys, failed, conf))
                    .groupByKey(partitions).map(new ReplayTask(args, weightOf)).collect();
            replayed = SampleReplay.collect(conflicts, functions, names);
        }
        return new Outcome(merged.finish(options, replayed), all.failedOn());
    }

    /** Runs a sample merge, prints what merge --sample prints and writes the output; the exit code. */
    static int run(JavaSparkContext sc, SparkMergeArgs args, PrintStream err, SparkMerge.Layout layout) {
        FailureMode mode = MergeOptionsOf.failureMode(args.failureMode());
        Outcome outcome;
        try {
            outcome = merge(sc, args, layout);
        } catch (NoProfileMergedException e) {
            for (InputFailure f : e.failures()) {
                err.println("warning: " + f.file() + ": " + f.describe());
            }
            err.println("error: no profile can be merged");
            return 1;
        } catch (SampleInputException e) {
            err.println("jprofdata-spark: error: " + e.getMessage()
                    + (e.offset() >= 0 ? " (at byte " + e.offset() + ")" : ""));
            return 1;
        } catch (SampleMergeException | MergeStateFormatException e) {
            err.println("jprofdata-spark: error: " + e.getMessage());
            return 1;
        }
        SampleMergeResult result = outcome.result();
        result.reportLines().forEach(err::println);
        MergeReportLines.lossSummary(result.dataLoss(), mode).forEach(err::println);
        outcome.failedOn().forEach((file, executor) -> err.println("summary: " + file + " was read by " + executor));
        String refusal = MergeReportLines.droppedTooMuch(result.dataLoss(), args.maxDroppedFraction());
        if (refusal != null) {
            err.println(refusal);
            return 1;
        }
        if (result.filtered()) {
            err.println(result.filterMessage());
        }
        SampleProfile profile = result.profile();
        SampleFormat format = SampleOptionsOf.format(args);
        if (!SampleOutputChecks.writable(format, profile)) {
            err.println("jprofdata-spark: error: " + args.output() + ": " + SampleOutputChecks.UNSUPPORTED);
            return 1;
        }
        SampleArgs s = args.samples();
        boolean hasSymbols = profile.symbolList() != null && !profile.symbolList().isEmpty();
        for (String w : SampleOutputChecks.warnings(format, s.splitLayout(), hasSymbols, s.compressAllSections(),
                s.useMd5(), s.genPartialProfile())) {
            err.println("warning: " + w);
        }
        try {
            OutputWriter.writeSample(args, profile, SampleOptionsOf.write(args), sc.hadoopConfiguration());
        } catch (SampleWriteException e) {
            err.println("jprofdata-spark: error: " + args.output() + ": " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("jprofdata-spark: error: " + args.output() + ": " + e.getMessage());
            return 1;
        }
        return 0;
    }

    /** Warnings for instrumentation-only options given with {@code --sample}, as merge --sample words them. */
    static List<String> ignoredOptions(SparkMergeArgs args) {
        return SampleMergeOptions.INSTRUMENTATION_ONLY.stream().filter(args.given()::contains)
                .map(SampleMergeOptions::ignoredWithSample).toList();
    }
}
