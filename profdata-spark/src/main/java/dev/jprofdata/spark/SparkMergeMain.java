package dev.jprofdata.spark;

import dev.jprofdata.merge.MergeStateFormatException;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The Spark merge job's entry point ({@code spark-submit --class dev.jprofdata.spark.SparkMergeMain},
 * or profdata-spark/jprofdata-spark): merges the inputs on the cluster, prints what
 * {@code jprofdata merge} prints, writes the output; exit code 0, or 1 with one line saying why.
 */
public final class SparkMergeMain {
    private SparkMergeMain() {
    }

    public static void main(String[] argv) {
        System.exit(run(argv, System.err));
    }

    /** Runs the job; the exit code. */
    public static int run(String[] argv, PrintStream err) {
        if (argv.length == 1 && (argv[0].equals("--help") || argv[0].equals("-h"))) {
            err.println(SparkMergeArgs.USAGE);
            return 0;
        }
        SparkMergeArgs args;
        try {
            args = SparkMergeArgs.parse(argv);
            // Bad values fail before Spark starts.
            if (args.samples().sample()) {
                SampleOptionsOf.merge(args);
            } else {
                MergeOptionsOf.of(args);
                OutputWriter.plan(args);
            }
            SparkMergeReport.checkFraction(args.maxDroppedFraction());
        } catch (SparkMergeException e) {
            err.println("jprofdata-spark: error: " + e.getMessage());
            return 1;
        }
        SparkConf conf = new SparkConf().setAppName("jprofdata merge");
        if (args.master() != null) {
            // Started by jprofdata-spark, not spark-submit: the executors of a cluster get this
            // job's jar from the driver.
            conf.setMaster(args.master());
            String jar = JavaSparkContext.jarOfClass(SparkMergeMain.class).length > 0
                    ? JavaSparkContext.jarOfClass(SparkMergeMain.class)[0] : null;
            if (jar != null && !args.master().startsWith("local")) {
                conf.setJars(new String[] {jar});
            }
        } else if (!conf.contains("spark.master")) {
            conf.setMaster("local[*]");
        }
        try (JavaSparkContext sc = new JavaSparkContext(conf)) {
            sc.setLogLevel("WARN");
            return run(sc, args, err);
        }
    }

    /** Runs the job on {@code sc}; the exit code. */
    public static int run(JavaSparkContext sc, SparkMergeArgs args, PrintStream err) {
        return run(sc, args, System.out, err, SparkMerge.CONTIGUOUS);
    }

    /** Runs the job on {@code sc}, the inputs laid out in partitions by {@code layout}; the exit code. */
    public static int run(JavaSparkContext sc, SparkMergeArgs args, PrintStream err, SparkMerge.Layout layout) {
        return run(sc, args, System.out, err, layout);
    }

    /**
     * Runs the job on {@code sc}; as {@code jprofdata merge}, the names of the two outputs of a
     * split merge go to {@code out}, everything else to {@code err}. The exit code.
     */
    public static int run(JavaSparkContext sc, SparkMergeArgs args, PrintStream out, PrintStream err,
            SparkMerge.Layout layout) {
        if (args.samples().sample()) {
            SparkSampleMerge.ignoredOptions(args).forEach(err::println);
            try {
                return SparkSampleMerge.run(sc, args, err, layout);
            } catch (SparkMergeException e) {
                err.println("jprofdata-spark: error: " + e.getMessage());
                return 1;
            } catch (Exception e) {
                err.println("jprofdata-spark: error: the Spark job failed: " + rootMessage(e));
                return 1;
            }
        }
        try {
            SparkMerge.Split split = SparkMerge.merge(sc, args, layout);
            if (!split.mixed()) {
                if (!report(split.only(), args, err)) {
                    return 1;
                }
                OutputWriter.write(args, split.only().result().contents(), sc.hadoopConfiguration(), err);
                return 0;
            }
            if (!report(split.host(), args, err) || !report(split.device(), args, err)) {
                return 1;
            }
            String deviceOutput = OutputWriter.write(args, split.host().result().contents(),
                    split.device().result().contents(), sc.hadoopConfiguration(), err);
            out.println("host profile: " + args.output() + " (" + split.host().inputs().size() + " inputs)");
            out.println("device profile: " + deviceOutput + " (" + split.device().inputs().size() + " inputs)");
            return 0;
        } catch (SparkMergeException | MergeStateFormatException e) {
            err.println("jprofdata-spark: error: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("jprofdata-spark: error: " + args.output() + ": " + e.getMessage());
            return 1;
        } catch (Exception e) {
            // A failed Spark job (SparkException, undeclared by Scala): the tasks' own error, in one line.
            err.println("jprofdata-spark: error: the Spark job failed: " + rootMessage(e));
            return 1;
        }
    }

    /** Prints what one part of the merge gave; false when nothing can be written (already said why). */
    private static boolean report(SparkMerge.Part part, SparkMergeArgs args, PrintStream err) {
        if (part.refused() != null) {
            SparkMergeReport.refused(err, part.refused(), part.inputs().size(),
                    MergeOptionsOf.failureMode(args.failureMode()), part.failedOn());
            return false;
        }
        return SparkMergeReport.result(err, part.result(), args, part.failedOn());
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.toString() : root.getMessage();
    }
}
