package dev.jprofdata.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of the Spark merge job: the options of {@code jprofdata merge} it supports, with
 * their names and meanings (README, "Merging on Apache Spark"), and the job's own ({@code --master},
 * {@code --partitions}, {@code --tree-depth}). Sent to the executors with the tasks, so plain data.
 *
 * @param inputs positional inputs (files, directories, globs; any Hadoop file system URI)
 * @param weightedInputs {@code --weighted-input} entries, as {@code W,PATH}
 * @param inputFiles {@code -f}/{@code --input-files} lists
 * @param partitions number of parts the inputs are cut into (0: Spark's default parallelism)
 * @param samples {@code --sample} and the options of sample merges
 * @param given the options given on the command line, by name, in order
 */
public record SparkMergeArgs(
        String output,
        String master,
        List<String> inputs,
        List<String> weightedInputs,
        List<String> inputFiles,
        boolean text,
        String failureMode,
        String maxDroppedFraction,
        boolean sparse,
        String function,
        String noFunction,
        Integer indexVersion,
        String forLlvm,
        boolean writePrevVersion,
        boolean dropUnsupported,
        boolean keepVTableSymbols,
        boolean noUnifcnts,
        String uniformityThreshold,
        int traceReservoirSize,
        int maxTraceLength,
        boolean noSplit,
        int partitions,
        int treeDepth,
        SampleArgs samples,
        List<String> given) implements Serializable {

    public SparkMergeArgs {
        inputs = List.copyOf(inputs);
        weightedInputs = List.copyOf(weightedInputs);
        inputFiles = List.copyOf(inputFiles);
        given = List.copyOf(given);
    }

    /** The usage text printed for {@code --help} and after a bad option. */
    public static final String USAGE = String.join("\n",
            "usage: jprofdata-spark [--master URL] -o OUTPUT [options] INPUT...",
            "  INPUT                      a file, a directory (every file under it) or a glob, on any Hadoop",
            "                             file system (file:, hdfs:, s3a:, ...)",
            "  -o, --output FILE          the merged profile (written atomically; any Hadoop file system)",
            "  --weighted-input W,FILE    an input whose counts are multiplied by W >= 1",
            "  -f, --input-files FILE     a list of inputs, one per line, optionally W,FILE",
            "  --text                     write a text profile (default: indexed)",
            "  --failure-mode any|all|warn, --max-dropped-fraction F, --sparse,",
            "  --function RE, --no-function RE, --index-version N, --for-llvm R, --write-prev-version,",
            "  --drop-unsupported, --keep-vtable-symbols, --no-unifcnts, --uniformity-threshold F,",
            "  --temporal-profile-trace-reservoir-size N, --temporal-profile-max-trace-length N, --no-split",
            "                             as jprofdata merge",
            "  --sample                   merge sample profiles (text, binary, extbinary, gcov); then also",
            "  --binary, --extbinary, --compress-all-sections, --use-md5, --gen-partial-profile,",
            "  --split-layout, --drop-profile-symbol-list, --profile-isfs, --fs-discriminator-pass P,",
            "  --sample-merge-cold-context, --sample-trim-cold-context,",
            "  --sample-frame-depth-for-cold-context N, --convert-sample-profile-layout L,",
            "  --generate-merged-base-profiles   as jprofdata merge --sample",
            "  --master URL               Spark master (default: spark-submit's, or local[*])",
            "  --partitions N             parts the inputs are cut into (default: Spark's parallelism)",
            "  --tree-depth N             depth of the tree that combines the parts (default 2)");

    /** Parses {@code args}; a bad option is a {@link SparkMergeException} with its message. */
    public static SparkMergeArgs parse(String[] args) {
        Parser p = new Parser(args);
        return p.parse();
    }

    /** One pass over the arguments; {@code --name=value} and {@code --name value} both work. */
    private static final class Parser {
        private final String[] args;
        private int at;
        private String output;
        private String master;
        private final List<String> inputs = new ArrayList<>();
        private final List<String> weighted = new ArrayList<>();
        private final List<String> lists = new ArrayList<>();
        private boolean text;
        private String failureMode = "any";
        private String maxDroppedFraction;
        private boolean sparse;
        private String function;
        private String noFunction;
        private Integer indexVersion;
        private String forLlvm;
        private boolean writePrevVersion;
        private boolean dropUnsupported;
        private boolean keepVTableSymbols;
        private boolean noUnifcnts;
        private String uniformityThreshold = "0.9";
        private int reservoir = 100;
        private int maxTraceLength = 10000;
        private boolean noSplit;
        private int partitions;
        private int treeDepth = 2;
        private boolean sample;
        private String sampleFormat = "extbinary";
        private boolean compressAllSections;
        private boolean useMd5;
        private boolean genPartialProfile;
        private boolean splitLayout;
        private boolean dropProfileSymbolList;
        private boolean profileIsFs;
        private String fsDiscriminatorPass = "PassLast";
        private boolean mergeColdContext;
        private boolean trimColdContext;
        private int coldContextFrameDepth = 1;
        private String convertLayout;
        private boolean generateMergedBaseProfiles;
        private final List<String> given = new ArrayList<>();

        Parser(String[] args) {
            this.args = args;
        }

        SparkMergeArgs parse() {
            boolean onlyInputs = false;
            for (at = 0; at < args.length; at++) {
                String arg = args[at];
                if (onlyInputs || !arg.startsWith("-") || arg.equals("-")) {
                    inputs.add(arg);
                    continue;
                }
                if (arg.equals("--")) {
                    onlyInputs = true;
                    continue;
                }
                String name = arg;
                String inline = null;
                int eq = arg.indexOf('=');
                if (arg.startsWith("--") && eq > 0) {
                    name = arg.substring(0, eq);
                    inline = arg.substring(eq + 1);
                }
                option(name, inline);
            }
            if (output == null) {
                throw new SparkMergeException("no output given (-o FILE)");
            }
            if (inputs.isEmpty() && weighted.isEmpty() && lists.isEmpty()) {
                throw new SparkMergeException("no input files specified");
            }
            return new SparkMergeArgs(output, master, inputs, weighted, lists, text, failureMode, maxDroppedFraction,
                    sparse, function, noFunction, indexVersion, forLlvm, writePrevVersion, dropUnsupported,
                    keepVTableSymbols, noUnifcnts, uniformityThreshold, reservoir, maxTraceLength, noSplit, partitions,
                    treeDepth, new SampleArgs(sample, text ? "text" : sampleFormat, compressAllSections, useMd5,
                            genPartialProfile, splitLayout, dropProfileSymbolList, profileIsFs, fsDiscriminatorPass,
                            mergeColdContext, trimColdContext, coldContextFrameDepth, convertLayout,
                            generateMergedBaseProfiles), given);
        }

        private void option(String name, String inline) {
            given.add(name);
            switch (name) {
                case "-o", "--output" -> output = value(name, inline);
                case "--master" -> master = value(name, inline);
                case "--weighted-input" -> weighted.add(value(name, inline));
                case "-f", "--input-files" -> lists.add(value(name, inline));
                case "--text" -> text = flag(name, inline);
                case "--failure-mode" -> {
                    failureMode = value(name, inline);
                    if (!List.of("any", "all", "warn").contains(failureMode)) {
                        throw new SparkMergeException("for the --failure-mode option: Cannot find option named '"
                                + failureMode + "'!");
                    }
                }
                case "--max-dropped-fraction" -> maxDroppedFraction = value(name, inline);
                case "--sparse" -> sparse = flag(name, inline);
                case "--function" -> function = value(name, inline);
                case "--no-function" -> noFunction = value(name, inline);
                case "--index-version" -> indexVersion = number(name, value(name, inline), 0);
                case "--for-llvm" -> forLlvm = value(name, inline);
                case "--write-prev-version" -> writePrevVersion = flag(name, inline);
                case "--drop-unsupported" -> dropUnsupported = flag(name, inline);
                case "--keep-vtable-symbols" -> keepVTableSymbols = flag(name, inline);
                case "--no-unifcnts" -> noUnifcnts = flag(name, inline);
                case "--uniformity-threshold" -> uniformityThreshold = value(name, inline);
                case "--temporal-profile-trace-reservoir-size" -> reservoir = number(name, value(name, inline), 0);
                case "--temporal-profile-max-trace-length" -> maxTraceLength = number(name, value(name, inline), 0);
                case "--no-split" -> noSplit = flag(name, inline);
                case "--partitions" -> partitions = number(name, value(name, inline), 1);
                case "--tree-depth" -> treeDepth = number(name, value(name, inline), 1);
                case "--sample" -> sample = flag(name, inline);
                case "--binary" -> sampleFormat = flag(name, inline) ? "binary" : sampleFormat;
                case "--extbinary" -> sampleFormat = flag(name, inline) ? "extbinary" : sampleFormat;
                case "--compress-all-sections" -> compressAllSections = flag(name, inline);
                case "--use-md5" -> useMd5 = flag(name, inline);
                case "--gen-partial-profile" -> genPartialProfile = flag(name, inline);
                case "--split-layout" -> splitLayout = flag(name, inline);
                case "--drop-profile-symbol-list" -> dropProfileSymbolList = flag(name, inline);
                case "--profile-isfs" -> profileIsFs = flag(name, inline);
                case "--fs-discriminator-pass" -> fsDiscriminatorPass = value(name, inline);
                case "--sample-merge-cold-context" -> mergeColdContext = flag(name, inline);
                case "--sample-trim-cold-context" -> trimColdContext = flag(name, inline);
                case "--sample-frame-depth-for-cold-context" -> coldContextFrameDepth = number(name, value(name, inline), 0);
                case "--convert-sample-profile-layout" -> convertLayout = value(name, inline);
                case "--generate-merged-base-profiles" -> generateMergedBaseProfiles = flag(name, inline);
                default -> throw new SparkMergeException("unknown option " + name + "\n" + USAGE);
            }
        }

        private String value(String name, String inline) {
            if (inline != null) {
                return inline;
            }
            if (at + 1 >= args.length) {
                throw new SparkMergeException(name + " needs a value");
            }
            return args[++at];
        }

        private static boolean flag(String name, String inline) {
            if (inline != null) {
                throw new SparkMergeException(name + " takes no value");
            }
            return true;
        }

        private static int number(String name, String text, int min) {
            try {
                int n = Integer.parseInt(text);
                if (n >= min) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // below
            }
            throw new SparkMergeException("for the " + name + " option: '" + text + "' is not a number >= " + min);
        }
    }
}
