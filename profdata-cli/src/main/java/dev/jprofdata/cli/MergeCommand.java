package dev.jprofdata.cli;

import dev.jprofdata.format.io.OutputFailedException;
import dev.jprofdata.format.offload.DeviceProfiles;
import dev.jprofdata.format.offload.UniformityRule;
import dev.jprofdata.format.indexed.IndexedVersionPlan;
import dev.jprofdata.merge.DroppedTooMuchException;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.InputFailure;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeJob;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.NoProfileMergedException;
import dev.jprofdata.merge.ProfileMerger;
import dev.jprofdata.merge.OutputRules;
import dev.jprofdata.merge.ProfileOutput;
import dev.jprofdata.merge.FunctionNameFilter;
import dev.jprofdata.merge.MergeReportLines;
import dev.jprofdata.merge.RepeatedValues;
import dev.jprofdata.merge.ValueMerge;
import dev.jprofdata.merge.sample.SupplementJob;
import dev.jprofdata.format.sample.SampleProfile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jprofdata merge}: combine profiles into one indexed or text profile.
 *
 * <p>Its options are declared in code ({@link CommandSpecs}), which starts every merge sooner, and
 * read into the fields below by {@link #bind} when it runs.
 */
final class MergeCommand extends DeclaredCommand {

    private List<String> files;
    private String output;
    private List<String> weighted;
    private List<String> inputFiles;
    private boolean text;
    private boolean gcc;
    private boolean sample;
    private boolean sparse;
    private int numThreads;
    private String failureMode;
    private String valueMerge;
    private String function;
    private String noFunction;
    private String remappingFile;
    private int reservoirSize;
    private int maxTraceLength;
    private boolean keepVTableSymbols;
    private boolean writePrevVersion;
    private Integer indexVersion;
    private String forLlvm;
    private boolean dropUnsupported;
    private boolean dumpInputFileList;
    private boolean noUnifcnts;
    private String uniformityThreshold;
    private boolean noSplit;
    private boolean verbose;
    private String maxDroppedFraction;
    private String memoryBudget;
    private boolean quiet;

    MergeCommand(CliContext context) {
        super(context, "merge", "Merge raw, indexed and text instrumentation profiles into one profile.");
    }

    @Override
    void declareOptions(CommandSpec s) {
        s.addPositional(CommandSpecs.positionals("<filename...>", "Input profiles (weight 1): raw, indexed or text,"
                + " gzip/zstd compressed or not; a directory adds every file under it; - reads standard input."));
        s.addOption(CommandSpecs.value("<file>", "-", "Output file (- for stdout).", "-o", "--output").build());
        s.addOption(CommandSpecs.repeated("<weight>,<filename>",
                "An input whose counts are multiplied by an integer weight >= 1.", "--weighted-input").build());
        s.addOption(CommandSpecs.repeated("<file>",
                "A file listing inputs, one per line, optionally as <weight>,<filename>.", "-f", "--input-files")
                .build());
        s.addOption(CommandSpecs.flag("text", "Write a text profile.", "--text").build());
        s.addOption(CommandSpecs.flag("binary", "Write an indexed profile (the default); with --sample, the raw binary"
                + " sample format.", "--binary").build());
        s.addOption(CommandSpecs.flag("extbinary", "With --sample, write the extensible binary sample format (the"
                + " default there); for instrumentation profiles the same as --binary.", "--extbinary").build());
        s.addOption(CommandSpecs.hiddenFlag("gcc", "--gcc").build());
        s.addOption(CommandSpecs.flag("instr", "Instrumentation profiles (the default).", "--instr").build());
        s.addOption(CommandSpecs.flag("sample", "Sample profiles (AutoFDO, CSSPGO): text, binary, extensible binary"
                + " or GCC inputs.", "--sample").build());
        s.addOption(CommandSpecs.flag("sparse",
                "Leave out functions whose counters and bitmap bytes are all zero.", "--sparse").build());
        // Numbers are checked by LlvmValues (LLVM's wording), so they are declared as strings.
        s.addOption(CommandSpecs.value("<n>", "0",
                "Threads (0: min(cores, (inputs + 1) / 2)). The output never depends on it.", "-j", "--num-threads")
                .build());
        s.addOption(CommandSpecs.value("any|all|warn", "any",
                "Fail if any input fails (any), only if all fail (all), or never (warn).", "--failure-mode").build());
        s.addOption(CommandSpecs.value("exact|llvm", "exact", "How value sites (indirect-call targets, memop"
                + " sizes) are merged: exact (every count kept, cut to 255 values per site once, when written) or"
                + " llvm (as llvm-profdata --num-threads=1: cut after every input, repeated values kept apart;"
                + " for byte-for-byte comparisons).", "--value-merge").build());
        s.addOption(CommandSpecs.value("<regex>", null, "Keep only functions whose name matches.", "--function")
                .build());
        s.addOption(CommandSpecs.value("<regex>", null, "Drop functions whose name matches.", "--no-function").build());
        s.addOption(CommandSpecs.value("<file>", null, "Symbol remapping file.", "-r", "--remapping-file").build());
        s.addOption(CommandSpecs.value("<n>", "100", "Most temporal profile traces kept (default 100).",
                "--temporal-profile-trace-reservoir-size").build());
        s.addOption(CommandSpecs.value("<n>", "10000", "Longest temporal profile trace kept (default 10000).",
                "--temporal-profile-max-trace-length").build());
        s.addOption(CommandSpecs.flag("keepVTableSymbols", "Keep the inputs' vtable names in the indexed profile.",
                "--keep-vtable-symbols").build());
        s.addOption(CommandSpecs.flag("writePrevVersion",
                "Write indexed version 11 for older compilers.", "--write-prev-version").build());
        // Indexed format versions (spec/indexed-format.md, "Writing an older version").
        s.addOption(CommandSpecs.value("<n>", null, "Write indexed format version N (7-15): 7 for LLVM 14, 8 for 15,"
                + " 9 for 16, 10 for 17, 11 for 18, 12 for 19-21, 13 for 22; 14 and 15 for the offload-PGO fork.",
                "--index-version").type(Integer.class).build());
        s.addOption(CommandSpecs.value("<release>", null, "Write the newest indexed version LLVM release R (14-22)"
                + " reads.", "--for-llvm").build());
        s.addOption(CommandSpecs.flag("dropUnsupported", "Leave out what the chosen version"
                + " cannot hold (MC/DC bitmaps, vtable values, traces, GPU uniformity or wave counters) instead of"
                + " failing; says how much was dropped.", "--drop-unsupported").build());
        s.addOption(CommandSpecs.flag("dumpInputFileList", "Print each input as <weight>,<filename> and exit without"
                + " merging.", "--dump-input-file-list").build());
        // GPU device profiles (offload PGO, spec/offload.md).
        s.addOption(CommandSpecs.flag("noUnifcnts",
                "Do not read the .unifcnts side files of GPU device profiles.", "--no-unifcnts").build());
        s.addOption(CommandSpecs.value("<fraction>", "0.9", "Share of a GPU block's count that must come from full"
                + " waves for it to be uniform (default 0.9).", "--uniformity-threshold").build());
        s.addOption(CommandSpecs.flag("noSplit",
                "Write host and GPU device profiles into one output file.", "--no-split").build());
        s.addOption(CommandSpecs.flag("verbose",
                "Describe GPU device functions and side files while merging.", "--verbose").build());
        declareSampleOptions(s);
        // Robustness (spec/robustness.md).
        s.addOption(CommandSpecs.value("<fraction>", null, "Fail (exit 1, write nothing) if more than this share of"
                + " the inputs' total count was dropped.", "--max-dropped-fraction").build());
        s.addOption(CommandSpecs.value("<bytes>[K|M|G]", null, "Fail cleanly when the estimated merge state would"
                + " exceed this size (default: no limit).", "--memory-budget").build());
        // Progress on a terminal (issue 5, spec/performance.md).
        s.addOption(CommandSpecs.flag("quiet",
                "Never show the progress line (shown on a terminal when a merge takes over a second).", "--quiet")
                .build());
        s.usageMessage().footerHeading("%nEnvironment:%n").footer(
                "  JPROFDATA_PROGRESS=never   no progress line (as --quiet)",
                "  JPROFDATA_PROGRESS=always  the progress line even when stderr is no terminal");
    }

    /** The options of {@code merge --sample} (spec/sample-merge.md), with llvm-profdata's names. */
    private static void declareSampleOptions(CommandSpec s) {
        s.addOption(CommandSpecs.flag("compressAllSections",
                "With --sample --extbinary, compress every section (zlib).", "--compress-all-sections").build());
        s.addOption(CommandSpecs.flag("useMd5",
                "With --sample --extbinary, store function names as MD5 hashes.", "--use-md5").build());
        s.addOption(CommandSpecs.flag("genPartialProfile",
                "With --sample --extbinary, mark the profile as partial.", "--gen-partial-profile").build());
        s.addOption(CommandSpecs.flag("splitLayout", "With --sample --extbinary, put profiles with and without"
                + " inlinees in separate sections (--text: mark the latter !Flat).", "--split-layout").build());
        s.addOption(CommandSpecs.value("<file>", null, "With --sample, add the symbols listed in the file (one a"
                + " line) to the profile symbol list.", "--prof-sym-list").build());
        s.addOption(CommandSpecs.flag("dropProfileSymbolList",
                "With --sample, leave the inputs' profile symbol lists out.", "--drop-profile-symbol-list").build());
        s.addOption(CommandSpecs.value("flat|nest", null, "With --sample, convert the layout: flat (every function"
                + " at top level) or nest (CS contexts become inlinees).", "--convert-sample-profile-layout").build());
        s.addOption(CommandSpecs.flag("sampleMergeColdContext", "With --sample, merge cold CS contexts into their"
                + " last frames' profile.", "--sample-merge-cold-context").build());
        s.addOption(CommandSpecs.flag("sampleTrimColdContext",
                "With --sample, drop cold CS contexts.", "--sample-trim-cold-context").build());
        s.addOption(CommandSpecs.value("<n>", "1", "Frames kept when merging a cold context (default 1: the"
                + " function's base profile).", "--sample-frame-depth-for-cold-context").build());
        s.addOption(CommandSpecs.value("<bytes>", "0", "With --sample, drop the coldest functions until the output"
                + " fits in this many bytes (0: no limit).", "--output-size-limit").build());
        s.addOption(CommandSpecs.value("<file>", null, "Write the (single) instrumentation input adjusted by this"
                + " sample profile: functions hot or warm in it but cold in the instrumentation profile are raised.",
                "--supplement-instr-with-sample").build());
        s.addOption(CommandSpecs.value("<n>", "10", "With --supplement-instr-with-sample, leave functions with fewer"
                + " counters alone (default 10).", "--suppl-min-size-threshold").build());
        s.addOption(CommandSpecs.value("<ratio>", "0.7", "With --supplement-instr-with-sample, mark a function only"
                + " hot or warm when more than this share of its counters is zero (default 0.7).",
                "--zero-counter-threshold").build());
        s.addOption(CommandSpecs.value("<n>", "0", "With --supplement-instr-with-sample, the instrumentation cold"
                + " threshold (0: from its summary).", "--instr-prof-cold-threshold").build());
        // LLVM's hidden library options its own tests pass to llvm-profdata.
        s.addOption(CommandSpecs.hiddenFlag("generateMergedBaseProfiles", "--generate-merged-base-profiles").build());
        s.addOption(CommandSpecs.hiddenFlag("profileIsfs", "--profile-isfs").build());
        s.addOption(CommandSpecs.value("<pass>", "PassLast", null, "--fs-discriminator-pass").build());
        s.addOption(CommandSpecs.value("<n>", null, null, "--profile-summary-cold-count").build());
        s.addOption(CommandSpecs.value("<n>", null, null, "--profile-summary-hot-count").build());
        s.addOption(CommandSpecs.value("<n>", "999999", null, "--profile-summary-cutoff-cold").build());
        s.addOption(CommandSpecs.value("<n>", "990000", null, "--profile-summary-cutoff-hot").build());
        s.addOption(CommandSpecs.hiddenFlag("profileSummaryContextless", "--profile-summary-contextless").build());
        s.addOption(CommandSpecs.hiddenFlag("extbinaryWriteVtableTypeProf", "--extbinary-write-vtable-type-prof")
                .build());
    }

    /** Reads the parsed options into the fields, numbers checked as LLVM checks them. */
    private void bind() {
        files = positionals();
        output = string("--output");
        weighted = strings("--weighted-input");
        inputFiles = strings("--input-files");
        text = flag("--text");
        gcc = flag("--gcc");
        sample = flag("--sample");
        sparse = flag("--sparse");
        failureMode = string("--failure-mode");
        valueMerge = string("--value-merge");
        function = string("--function");
        noFunction = string("--no-function");
        remappingFile = string("--remapping-file");
        keepVTableSymbols = flag("--keep-vtable-symbols");
        writePrevVersion = flag("--write-prev-version");
        indexVersion = value("--index-version");
        forLlvm = string("--for-llvm");
        dropUnsupported = flag("--drop-unsupported");
        dumpInputFileList = flag("--dump-input-file-list");
        noUnifcnts = flag("--no-unifcnts");
        uniformityThreshold = string("--uniformity-threshold");
        noSplit = flag("--no-split");
        verbose = flag("--verbose");
        maxDroppedFraction = string("--max-dropped-fraction");
        memoryBudget = string("--memory-budget");
        quiet = flag("--quiet");
        // llvm-profdata checks the numbers as it parses, before anything runs; so do we.
        numThreads = (int) Math.min(Integer.MAX_VALUE, LlvmValues.uint32("--num-threads", string("--num-threads")));
        reservoirSize = clampToInt(LlvmValues.uint64("--temporal-profile-trace-reservoir-size",
                string("--temporal-profile-trace-reservoir-size"), "ulong"));
        maxTraceLength = clampToInt(LlvmValues.uint64("--temporal-profile-max-trace-length",
                string("--temporal-profile-max-trace-length"), "ulong"));
    }

    /** An unsigned 64-bit count as an int: no reservoir or trace in memory can exceed that anyway. */
    private static int clampToInt(long unsigned) {
        return Long.compareUnsigned(unsigned, Integer.MAX_VALUE) > 0 ? Integer.MAX_VALUE : (int) unsigned;
    }

    /** The indexed version to write (the library's rules for the version options); set once they are checked. */
    private IndexedVersionPlan versionPlan;

    @Override
    public Integer call() throws IOException {
        bind();
        CliContext ctx = context;
        if (gcc && !sample) {
            throw new CliException("unknown format is specified");
        }
        parseFailureMode(failureMode);
        parseValueMerge(valueMerge);
        InputCollector collector = new InputCollector(ctx);
        files.forEach(collector::addPlain);
        weighted.forEach(collector::addWeighted);
        inputFiles.forEach(collector::addListFile);
        try (collector) {
            return merge(ctx, collector.inputs());
        }
    }

    private int merge(CliContext ctx, List<MergeInput> inputs) throws IOException {
        FailureMode mode = parseFailureMode(failureMode);
        ValueMerge values = parseValueMerge(valueMerge);
        if (dumpInputFileList) {
            for (MergeInput in : inputs) {
                ctx.out().println(Long.toUnsignedString(in.weight()) + "," + in.displayName());
            }
            return 0;
        }
        if (inputs.isEmpty()) {
            throw new CliException("no input files specified. See jprofdata merge -help");
        }
        if (output.isEmpty()) {
            // Checked before the inputs are read; llvm-profdata fails only when it writes.
            throw new CliException(CliContext.EMPTY_NAME);
        }
        if (!output.equals("-")) {
            CommandOutput.target(ctx, output); // "-o dir/" fails now, not after the merge
        }
        String supplement = string("--supplement-instr-with-sample");
        if (supplement != null && !supplement.isEmpty()) {
            if (sample) {
                throw new CliException("-supplement-instr-with-sample can only work with -instr. ");
            }
            versionPlan = versionPlan();
            return supplement(ctx, inputs, supplement);
        }
        if (sample) {
            return new SampleMergeRun(ctx, this).run(inputs, mode, output);
        }
        versionPlan = versionPlan();
        if (!text && output.equals("-") && System.console() != null) {
            throw new CliException("cannot write a non-text format profile to the terminal");
        }
        MergeOptions.Builder options = MergeOptions.builder()
                .numThreads(numThreads)
                .failureMode(mode)
                .sparse(sparse)
                .traceReservoirSize(reservoirSize)
                .maxTraceLength(maxTraceLength)
                .keepVTableSymbols(keepVTableSymbols)
                .valueMerge(values);
        if (function != null || noFunction != null) {
            options.nameFilter(nameFilter(function, noFunction));
        }
        if (remappingFile != null) {
            options.remapper(RemappingFile.read(ctx.resolve(remappingFile), remappingFile));
        }
        options.readUnifcnts(!noUnifcnts).verbose(verbose);
        options.memoryBudget(RobustnessOptions.parseBudget(memoryBudget));
        RobustnessOptions.parseFraction(maxDroppedFraction);
        try {
            options.uniformityRule(UniformityRule.parse(uniformityThreshold));
        } catch (IllegalArgumentException e) {
            throw new CliException("for the --uniformity-threshold option: " + e.getMessage());
        }
        MergeOptions merge = options.build();
        OutputRules rules = new OutputRules(profileOutput(), dropUnsupported, maxDroppedFraction);
        boolean toStdout = output.equals("-");
        Path target = toStdout ? null : CommandOutput.target(ctx, output);
        try (MergeProgress progress = MergeProgress.forMerge(ctx.err(), inputs, quiet)) {
            // Host and GPU device inputs merged apart, each host input read once (spec/offload.md).
            MergeJob job = new MergeJob(new ProfileMerger(merge, progress), rules, !noSplit && !toStdout);
            Reports reports = new Reports(ctx.err(), progress, mode, merge.valueMerge());
            if (toStdout) {
                // A stream that throws on a failed write: PrintStream would swallow a full disk.
                job.write(inputs, StandardOutput.checked(ctx.out()), reports);
                return 0;
            }
            MergeJob.Written written = job.write(inputs, target, reports);
            if (written.split()) {
                ctx.out().println("host profile: " + output + " (" + written.inputs() + " inputs)");
                ctx.out().println("device profile: " + DeviceProfiles.deviceOutputFor(output) + " ("
                        + written.deviceInputs() + " inputs)");
            }
            return 0;
        } catch (dev.jprofdata.merge.MemoryBudgetExceededException e) {
            throw new CliException(e.getMessage() + "; nothing was written");
        } catch (NoProfileMergedException e) {
            return 1; // reported as it happened (Reports.refused)
        } catch (DroppedTooMuchException e) {
            ctx.err().println(e.getMessage());
            return 1;
        } catch (IndexedVersionPlan.DataWouldBeLostException e) {
            throw new CliException(e.report("summary: ", "add --drop-unsupported"));
        } catch (OutputFailedException e) {
            throw new OutputFailure(toStdout ? e.target().toString()
                    : e.target().equals(DeviceProfiles.deviceOutputFor(target)) ? DeviceProfiles.deviceOutputFor(output)
                    : output, e);
        }
    }

    /**
     * {@code --supplement-instr-with-sample}: the one instrumentation input, adjusted by the sample
     * profile ({@link SampleSupplement}), written as this merge writes.
     */
    private int supplement(CliContext ctx, List<MergeInput> inputs, String sampleFile) throws IOException {
        if (output.equals("-")) {
            throw new CliException("cannot write indexed profdata format to stdout");
        }
        if (inputs.size() != 1) {
            throw new CliException("expect one input to be an instr profile");
        }
        if (inputs.get(0).weight() != 1) {
            throw new CliException("expect instr profile doesn't have weight");
        }
        long minSize = LlvmValues.uint32("--suppl-min-size-threshold", string("--suppl-min-size-threshold"));
        long coldThreshold = LlvmValues.uint32("--instr-prof-cold-threshold", string("--instr-prof-cold-threshold"));
        float zeroThreshold = LlvmValues.float32("--zero-counter-threshold", string("--zero-counter-threshold"));
        SampleProfile sampleProfile = SampleMergeRun.readOne(ctx, this, sampleFile);
        SupplementJob job = new SupplementJob(new OutputRules(profileOutput(), dropUnsupported, null), minSize,
                zeroThreshold, coldThreshold);
        try {
            job.write(inputs.get(0), sampleProfile, CommandOutput.target(ctx, output), new SupplementJob.Observer() {
                @Override
                public void adjusted(List<String> warnings) {
                    warnings.forEach(w -> ctx.err().println("warning: " + w));
                }

                @Override
                public void prepared(List<String> leftOut) {
                    leftOut.forEach(line -> ctx.err().println("summary: " + line));
                }
            });
        } catch (NoProfileMergedException e) {
            InputFailure f = e.failures().get(0);
            throw new CliException(f.file() + ": " + f.describe());
        } catch (IndexedVersionPlan.DataWouldBeLostException e) {
            throw new CliException(e.report("summary: ", "add --drop-unsupported"));
        } catch (OutputFailedException e) {
            throw new OutputFailure(output, e);
        }
        return 0;
    }

    /**
     * What merge prints as the job goes (MergeJob.Observer): the progress line cleared first, then
     * the report of each part, and what the output's version left out.
     */
    private final class Reports implements MergeJob.Observer {
        private final PrintStream err;
        private final MergeProgress progress;
        private final FailureMode mode;
        private final ValueMerge values;

        Reports(PrintStream err, MergeProgress progress, FailureMode mode, ValueMerge values) {
            this.err = err;
            this.progress = progress;
            this.mode = mode;
            this.values = values;
        }

        @Override
        public void merged(List<MergeInput> inputs, MergeResult result) {
            progress.close();
            MergeReportLines.of(result, mode, function != null || noFunction != null).forEach(err::println);
            if (verbose) {
                result.details().forEach(err::println);
            }
            String uniformity = MergeReportLines.uniformityDropped(result.contents(), text, writePrevVersion);
            if (uniformity != null) {
                err.println(uniformity);
            }
            if (values == ValueMerge.LLVM) {
                MergeReport.repeatedValues(err, RepeatedValues.of(result.contents()), text);
            }
        }

        @Override
        public void refused(List<MergeInput> inputs, NoProfileMergedException refused) {
            progress.close();
            MergeReportLines.refused(refused, inputs.size(), mode).forEach(err::println);
        }

        @Override
        public void prepared(List<String> leftOut) {
            leftOut.forEach(line -> err.println("summary: " + line));
        }
    }

    /** The plan {@code --index-version}, {@code --for-llvm} and {@code --write-prev-version} choose. */
    private IndexedVersionPlan versionPlan() {
        try {
            return IndexedVersionPlan.ofOptions(indexVersion, forLlvm, writePrevVersion, text);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
    }

    /**
     * Text (compressed by the output's name: "-o x.proftext.zst", issue 7) or indexed of the chosen
     * version.
     */
    private ProfileOutput profileOutput() {
        return text ? ProfileOutput.asText() : ProfileOutput.indexed(versionPlan);
    }

    /** {@code --function} / {@code --no-function} ({@link FunctionNameFilter}); a bad expression is LLVM's one line. */
    static java.util.function.Predicate<String> nameFilter(String function, String noFunction) {
        try {
            return FunctionNameFilter.of(function, noFunction);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
    }

    private static FailureMode parseFailureMode(String text) {
        return switch (text) {
            case "any" -> FailureMode.ANY;
            case "all" -> FailureMode.ALL;
            case "warn" -> FailureMode.WARN;
            default -> throw new CliException("for the --failure-mode option: Cannot find option named '" + text + "'!");
        };
    }

    private static ValueMerge parseValueMerge(String text) {
        ValueMerge m = ValueMerge.ofOptionName(text);
        if (m == null) {
            throw new CliException("for the --value-merge option: Cannot find option named '" + text + "'!");
        }
        return m;
    }

    /** How merge reports what happened on stderr. */
    static final class MergeReport {
        private MergeReport() {
        }

        /**
         * With {@code --value-merge=llvm}: how many duplicate values were kept apart (llvm-profdata
         * says nothing), and llvm-profdata's own warning where it gives one (a text profile with a
         * memop size twice in a site).
         */
        static void repeatedValues(PrintStream err, RepeatedValues repeated, boolean text) {
            if (!repeated.any()) {
                return;
            }
            long copies = repeated.extraCopies();
            long sites = repeated.sites();
            err.println("warning: " + copies + " duplicate value" + (copies == 1 ? "" : "s") + " in " + sites
                    + " value site" + (sites == 1 ? "" : "s")
                    + " kept apart, as llvm-profdata keeps them (--value-merge=exact adds them up)");
            if (text && repeated.sizeSites() > 0) {
                err.println("warning: " + RepeatedValues.LLVM_TEXT_WARNING);
            }
        }
    }
}
