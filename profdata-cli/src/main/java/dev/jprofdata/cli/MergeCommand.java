package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.indexed.IndexedProfileWriter;
import dev.jprofdata.format.io.AtomicOutput;
import dev.jprofdata.format.offload.DeviceProfiles;
import dev.jprofdata.format.offload.UniformityRule;
import dev.jprofdata.format.text.TextProfileWriter;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.InputFailure;
import dev.jprofdata.merge.DeviceRecordsFoundException;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.MergeProblem;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.NoProfileMergedException;
import dev.jprofdata.merge.ProfileMerger;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jprofdata merge}: combine profiles into one indexed or text profile. */
@Command(name = "merge", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Merge raw, indexed and text instrumentation profiles into one profile.")
final class MergeCommand extends SubcommandBase {

    @Parameters(paramLabel = "<filename...>", arity = "0..*", description = "Input files or directories (weight 1).")
    List<String> files = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "<file>", description = "Output file (- for stdout).")
    String output = "-";

    @Option(names = "--weighted-input", paramLabel = "<weight>,<filename>",
            description = "An input whose counts are multiplied by an integer weight >= 1.")
    List<String> weighted = new ArrayList<>();

    @Option(names = {"-f", "--input-files"}, paramLabel = "<file>",
            description = "A file listing inputs, one per line, optionally as <weight>,<filename>.")
    List<String> inputFiles = new ArrayList<>();

    @Option(names = "--text", arity = "0..1", fallbackValue = "true", description = "Write a text profile.")
    boolean text;

    @Option(names = {"--binary", "--extbinary"}, arity = "0..1", fallbackValue = "true",
            description = "Write an indexed profile (the default).")
    boolean binary;

    @Option(names = "--gcc", arity = "0..1", fallbackValue = "true", hidden = true)
    boolean gcc;

    @Option(names = "--instr", arity = "0..1", fallbackValue = "true", description = "Instrumentation profiles (the default).")
    boolean instr;

    @Option(names = "--sample", arity = "0..1", fallbackValue = "true", hidden = true)
    boolean sample;

    @Option(names = "--sparse", arity = "0..1", fallbackValue = "true",
            description = "Leave out functions whose counters and bitmap bytes are all zero.")
    boolean sparse;

    @Option(names = {"-j", "--num-threads"}, paramLabel = "<n>",
            description = "Threads (0: min(cores, (inputs + 1) / 2)). The output never depends on it.")
    int numThreads;

    @Option(names = "--failure-mode", paramLabel = "any|all|warn",
            description = "Fail if any input fails (any), only if all fail (all), or never (warn).")
    String failureMode = "any";

    @Option(names = "--function", paramLabel = "<regex>", description = "Keep only functions whose name matches.")
    String function;

    @Option(names = "--no-function", paramLabel = "<regex>", description = "Drop functions whose name matches.")
    String noFunction;

    @Option(names = {"-r", "--remapping-file"}, paramLabel = "<file>", description = "Symbol remapping file.")
    String remappingFile;

    @Option(names = "--temporal-profile-trace-reservoir-size", paramLabel = "<n>",
            description = "Most temporal profile traces kept (default 100).")
    int reservoirSize = 100;

    @Option(names = "--temporal-profile-max-trace-length", paramLabel = "<n>",
            description = "Longest temporal profile trace kept (default 10000).")
    int maxTraceLength = 10000;

    @Option(names = "--keep-vtable-symbols", arity = "0..1", fallbackValue = "true", hidden = true)
    boolean keepVTableSymbols;

    @Option(names = "--write-prev-version", arity = "0..1", fallbackValue = "true",
            description = "Write indexed version 11 for older compilers.")
    boolean writePrevVersion;

    // Indexed format versions (spec/indexed-format.md, "Writing an older version").
    @Option(names = "--index-version", paramLabel = "<n>",
            description = "Write indexed format version N (7-15): 7 for LLVM 14, 8 for 15, 9 for 16, 10 for 17, "
                    + "11 for 18, 12 for 19-21, 13 for 22; 14 and 15 for the offload-PGO fork.")
    Integer indexVersion;

    @Option(names = "--for-llvm", paramLabel = "<release>",
            description = "Write the newest indexed version LLVM release R (14-22) reads.")
    String forLlvm;

    @Option(names = "--drop-unsupported", arity = "0..1", fallbackValue = "true",
            description = "Leave out what the chosen version cannot hold (MC/DC bitmaps, vtable values, traces, "
                    + "GPU uniformity or wave counters) instead of failing; says how much was dropped.")
    boolean dropUnsupported;

    @Option(names = "--dump-input-file-list", arity = "0..1", fallbackValue = "true", hidden = true)
    boolean dumpInputFileList;

    // GPU device profiles (offload PGO, spec/offload.md).
    @Option(names = "--no-unifcnts", arity = "0..1", fallbackValue = "true",
            description = "Do not read the .unifcnts side files of GPU device profiles.")
    boolean noUnifcnts;

    @Option(names = "--uniformity-threshold", paramLabel = "<fraction>",
            description = "Share of a GPU block's count that must come from full waves for it to be uniform (default 0.9).")
    String uniformityThreshold = "0.9";

    @Option(names = "--no-split", arity = "0..1", fallbackValue = "true",
            description = "Write host and GPU device profiles into one output file.")
    boolean noSplit;

    @Option(names = "--verbose", arity = "0..1", fallbackValue = "true",
            description = "Describe GPU device functions and side files while merging.")
    boolean verbose;

    // Robustness (spec/robustness.md).
    @Option(names = "--max-dropped-fraction", paramLabel = "<fraction>",
            description = "Fail (exit 1, write nothing) if more than this share of the inputs' total count was dropped.")
    String maxDroppedFraction;

    @Option(names = "--memory-budget", paramLabel = "<bytes>[K|M|G]",
            description = "Fail cleanly when the estimated merge state would exceed this size (default: no limit).")
    String memoryBudget;

    // Progress on a terminal (issue 5, spec/performance.md).
    @Option(names = "--quiet", arity = "0..1", fallbackValue = "true",
            description = "Never show the progress line (shown on a terminal when a merge takes over a second).")
    boolean quiet;

    /** The output version and what to do with what it cannot hold; set once the options are checked. */
    private IndexVersionChoice versionChoice;

    @Override
    public Integer call() throws IOException {
        CliContext ctx = context();
        if (gcc) {
            throw new CliException("unknown format is specified");
        }
        if (sample) {
            throw new CliException("sample profiles are not supported yet");
        }
        parseFailureMode(failureMode);
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
        if (dumpInputFileList) {
            for (MergeInput in : inputs) {
                ctx.out().println(in.weight() + "," + in.displayName());
            }
            return 0;
        }
        if (inputs.isEmpty()) {
            throw new CliException("no input files specified. See jprofdata merge -help");
        }
        versionChoice = IndexVersionChoice.of(indexVersion, forLlvm, writePrevVersion, text, dropUnsupported);
        if (!text && output.equals("-") && System.console() != null) {
            throw new CliException("cannot write a non-text format profile to the terminal");
        }
        MergeOptions.Builder options = MergeOptions.builder()
                .numThreads(numThreads)
                .failureMode(mode)
                .sparse(sparse)
                .traceReservoirSize(reservoirSize)
                .maxTraceLength(maxTraceLength)
                .keepVTableSymbols(keepVTableSymbols);
        if (function != null || noFunction != null) {
            options.nameFilter(NameFilter.of(function, noFunction));
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
        if (!noSplit && !output.equals("-")) {
            OffloadSplit split = OffloadSplit.of(inputs, numThreads, true);
            if (split.device().isEmpty() && split.unverified() > 0) {
                // Merge as host inputs, checking for device records while reading them; split
                // properly only if one has them (spec/performance.md).
                try {
                    MergeResult hostOnly = mergeAndReport(ctx, inputs, options.hostOnly(true).build(), mode);
                    if (hostOnly == null) {
                        return 1;
                    }
                    write(ctx, versionChoice.prepare(ctx.err(), hostOnly.contents()), output);
                    return 0;
                } catch (DeviceRecordsFoundException e) {
                    options.hostOnly(false);
                    split = OffloadSplit.of(inputs, numThreads, false);
                }
            } else if (split.unverified() > 0) {
                split = OffloadSplit.of(inputs, numThreads, false);
            }
            if (split.mixed()) {
                return mergeSplit(ctx, split, options.build(), mode);
            }
        }
        MergeResult result = mergeAndReport(ctx, inputs, options.build(), mode);
        if (result == null) {
            return 1;
        }
        write(ctx, versionChoice.prepare(ctx.err(), result.contents()), output);
        return 0;
    }

    /**
     * Host and GPU device inputs merged apart: host records to the output, device records to its
     * {@code .amdgcn-amd-amdhsa} sibling (the file the HIP driver gives the device compile). Both
     * merges finish before either file is written, so a failed merge writes neither.
     */
    private int mergeSplit(CliContext ctx, OffloadSplit split, MergeOptions options, FailureMode mode)
            throws IOException {
        String deviceOutput = DeviceProfiles.deviceOutputFor(Path.of(output)).toString();
        MergeResult host = mergeAndReport(ctx, split.host(), options, mode);
        if (host == null) {
            return 1;
        }
        MergeResult device = mergeAndReport(ctx, split.device(), options, mode);
        if (device == null) {
            return 1;
        }
        ProfileContents hostContents = versionChoice.prepare(ctx.err(), host.contents());
        ProfileContents deviceContents = versionChoice.prepare(ctx.err(), device.contents());
        write(ctx, hostContents, output);
        write(ctx, deviceContents, deviceOutput);
        ctx.out().println("host profile: " + output + " (" + split.host().size() + " inputs)");
        ctx.out().println("device profile: " + deviceOutput + " (" + split.device().size() + " inputs)");
        return 0;
    }

    /** Merges and prints what happened; null when nothing can be written (already reported). */
    private MergeResult mergeAndReport(CliContext ctx, List<MergeInput> inputs, MergeOptions options, FailureMode mode)
            throws IOException {
        MergeResult result;
        try {
            try (MergeProgress progress = MergeProgress.forMerge(ctx.err(), inputs, quiet)) {
                result = new ProfileMerger(options, progress).merge(inputs);
            }
        } catch (dev.jprofdata.merge.MemoryBudgetExceededException e) {
            throw new CliException(e.getMessage() + "; nothing was written");
        } catch (NoProfileMergedException e) {
            MergeReport.problems(ctx.err(), e.problems());
            MergeReport.failures(ctx.err(), e.failures());
            ctx.err().println("error: no profile can be merged");
            MergeReport.whyNothingWasMerged(ctx.err(), e.failures(), inputs.size(), mode);
            return null;
        }
        PrintStream err = ctx.err();
        MergeReport.problems(err, result.problems());
        MergeReport.failures(err, result.failures());
        MergeReport.dataLoss(err, result);
        RobustnessOptions.reportDataLoss(err, result.dataLoss(), mode);
        for (String notice : result.notices()) {
            err.println("summary: " + notice);
        }
        if (function != null || noFunction != null) {
            err.println(result.functionsRemovedByFilter() + " of " + result.functionsBeforeFilter()
                    + " functions in the original profile are filtered.");
        }
        for (String w : result.deviceWarnings()) {
            err.println("warning: " + w);
        }
        if (verbose) {
            for (String line : result.details()) {
                err.println(line);
            }
        }
        if ((writePrevVersion || text) && IndexedProfileWriter.hasUniformity(result.contents())) {
            err.println("warning: GPU block uniformity is dropped: "
                    + (text ? "the text format" : "indexed version 11") + " cannot hold it");
        }
        if (!RobustnessOptions.withinDroppedFraction(err, result.dataLoss(), maxDroppedFraction)) {
            return null;
        }
        return result;
    }

    private void write(CliContext ctx, ProfileContents contents, String output) throws IOException {
        int version = versionChoice.version();
        if (output.equals("-")) {
            if (text) {
                OutputStream out = new BufferedOutputStream(ctx.out());
                TextProfileWriter.write(contents, out);
                out.flush();
            } else {
                Path tmp = Files.createTempFile("jprofdata", ".profdata");
                try {
                    IndexedProfileWriter.write(contents, version, versionChoice.legacyRecordOrder(), tmp);
                    Files.copy(tmp, ctx.out());
                    ctx.out().flush();
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
            return;
        }
        try {
            writeFile(ctx, contents, version, output);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new CliException(output + ": No such file or directory");
        }
    }

    private void writeFile(CliContext ctx, ProfileContents contents, int version, String output) throws IOException {
        AtomicOutput.write(ctx.resolve(output), tmp -> {
            if (text) {
                // "-o x.proftext.zst" / ".gz": compressed text (issue 7); other names are plain text.
                dev.jprofdata.format.io.Compression compression = dev.jprofdata.format.io.Compression.forFileName(output);
                try (OutputStream out = new BufferedOutputStream(compression.compress(Files.newOutputStream(tmp)))) {
                    TextProfileWriter.write(contents, out);
                }
            } else {
                IndexedProfileWriter.write(contents, version, versionChoice.legacyRecordOrder(), tmp);
            }
        });
    }

    private static FailureMode parseFailureMode(String text) {
        return switch (text) {
            case "any" -> FailureMode.ANY;
            case "all" -> FailureMode.ALL;
            case "warn" -> FailureMode.WARN;
            default -> throw new CliException("for the --failure-mode option: Cannot find option named '" + text + "'!");
        };
    }

    /** How merge reports what happened on stderr. */
    static final class MergeReport {
        private MergeReport() {
        }

        /** Record-level problems, as llvm-profdata prints them (no prefix; a hint after the first of a kind). */
        static void problems(PrintStream err, List<MergeProblem> problems) {
            Set<MergeProblem.Kind> hinted = EnumSet.noneOf(MergeProblem.Kind.class);
            for (MergeProblem p : problems) {
                err.println(p.file() + ": " + p.function() + ": " + p.kind().message());
                if (p.kind().hinted() && hinted.add(p.kind())) {
                    err.println("Make sure that all profile data to be merged is generated from the same binary.");
                }
            }
        }

        static void failures(PrintStream err, List<InputFailure> failures) {
            for (InputFailure f : failures) {
                err.println("warning: " + f.file() + ": " + f.describe());
            }
        }

        /**
         * Beyond LLVM: say how much was lost when inputs failed or records were dropped, so a merge
         * that silently lost most of its data cannot go unnoticed.
         */
        static void dataLoss(PrintStream err, MergeResult result) {
            List<InputFailure> failures = result.failures();
            long lost = failures.stream().filter(InputFailure::wholeInputLost).count();
            long partial = failures.stream().filter(f -> !f.wholeInputLost() && !f.reason().startsWith("excessively")).count();
            if (lost > 0 || partial > 0) {
                err.println("summary: " + lost + " of " + result.inputCount() + " inputs could not be merged"
                        + (partial > 0 ? ", " + partial + " merged only up to the error" : "")
                        + "; their counts are missing from the output");
            }
            if (result.droppedCount() != 0) {
                err.println("summary: " + Long.toUnsignedString(result.droppedCount())
                        + " counts were dropped because of counter mismatches");
            }
        }

        static void whyNothingWasMerged(PrintStream err, List<InputFailure> failures, int inputs, FailureMode mode) {
            if (mode == FailureMode.ANY && failures.size() < inputs) {
                err.println("summary: " + failures.size() + " of " + inputs
                        + " inputs could not be read (see the warnings above) and --failure-mode=any rejects the"
                        + " merge; nothing was written");
            } else {
                err.println("summary: none of the " + inputs + " inputs could be read; nothing was written");
            }
        }
    }
}
