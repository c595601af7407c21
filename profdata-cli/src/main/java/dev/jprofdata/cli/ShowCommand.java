package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.summary.SummaryBuilder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jprofdata show}: print the functions, summary and value profiles of one profile. */
@Command(name = "show", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Show the functions, summary and value profiles of an instrumentation profile.")
final class ShowCommand extends SubcommandBase {

    @Parameters(paramLabel = "<profdata-file>", arity = "0..*", description = "The profile (- for stdin).")
    List<String> files = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "<file>", description = "Output file (- for stdout).")
    String output = CommandOutput.STDOUT;

    @Option(names = "--all-functions", arity = "0..1", fallbackValue = "true", description = "Show every function.")
    boolean allFunctions;

    @Option(names = "--function", paramLabel = "<string>", description = "Show functions whose name contains this.")
    String function = "";

    @Option(names = "--counts", arity = "0..1", fallbackValue = "true", description = "Show block counts.")
    boolean counts;

    @Option(names = "--ic-targets", arity = "0..1", fallbackValue = "true", description = "Show indirect call targets.")
    boolean icTargets;

    @Option(names = "--memop-sizes", arity = "0..1", fallbackValue = "true", description = "Show memory intrinsic sizes.")
    boolean memopSizes;

    @Option(names = "--show-vtables", arity = "0..1", fallbackValue = "true", description = "Show vtable targets.")
    boolean showVTables;

    @Option(names = "--value-cutoff", paramLabel = "<uint>",
            description = "Skip functions whose largest counter is below this.")
    String valueCutoff = "0";

    @Option(names = "--list-below-cutoff", arity = "0..1", fallbackValue = "true",
            description = "Only list the functions below --value-cutoff.")
    boolean listBelowCutoff;

    @Option(names = "--topn", paramLabel = "<uint>", description = "List the N functions with the largest counters.")
    String topN = "0";

    @Option(names = "--hot-func-list", arity = "0..1", fallbackValue = "true", description = "List the hot functions.")
    boolean hotFuncList;

    @Option(names = "--covered", arity = "0..1", fallbackValue = "true",
            description = "Only list the functions with a non-zero counter.")
    boolean covered;

    @Option(names = "--detailed-summary", arity = "0..1", fallbackValue = "true", description = "Show the detailed summary.")
    boolean detailedSummary;

    @Option(names = "--detailed-summary-cutoffs", split = ",", paramLabel = "<800000,901000,999999>",
            description = "Cutoffs (parts per million) of the detailed summary.")
    List<String> summaryCutoffs = new ArrayList<>();

    @Option(names = "--text", arity = "0..1", fallbackValue = "true", description = "Dump the shown functions as text.")
    boolean text;

    @Option(names = "--binary-ids", arity = "0..1", fallbackValue = "true", description = "Show binary IDs.")
    boolean binaryIds;

    @Option(names = "--profile-version", arity = "0..1", fallbackValue = "true", description = "Show the profile version.")
    boolean profileVersion;

    @Option(names = "--showcs", arity = "0..1", fallbackValue = "true",
            description = "IR profiles: show context-sensitive records (instead of the others).")
    boolean showCs;

    @Option(names = "--temporal-profile-traces", arity = "0..1", fallbackValue = "true",
            description = "Show temporal profile traces.")
    boolean temporalTraces;

    @Option(names = "--show-format", paramLabel = "text|json|yaml", description = "Output format: text, or json/yaml (jprofdata extension for instrumentation profiles, spec/json-output.md).")
    String showFormat = "text";

    @Option(names = "--json", arity = "0..1", fallbackValue = "true", hidden = true)
    boolean json;

    @Option(names = "--instr", arity = "0..1", fallbackValue = "true", description = "Instrumentation profile (the default).")
    boolean instr;

    @Option(names = "--sample", arity = "0..1", fallbackValue = "true", hidden = true)
    boolean sample;

    @Option(names = "--memory", arity = "0..1", fallbackValue = "true", hidden = true)
    boolean memory;

    @Option(names = "--debug-info", hidden = true)
    String debugInfo;

    @Option(names = "--profile-summary-cutoff-hot", hidden = true)
    String hotCutoff = "990000";

    @Option(names = "--profile-summary-hot-count", hidden = true)
    String hotCount;

    // Accepted like llvm-profdata, which ignores them for instrumentation profiles.
    @Option(names = {"--show-prof-sym-list", "--show-sec-info-only"}, arity = "0..1", fallbackValue = "true", hidden = true)
    boolean sampleOnly;

    @Option(names = {"--max-debug-info-correlation-warnings", "--profiled-binary"}, hidden = true)
    String ignoredValue;

    @Option(names = "--uniformity", arity = "0..1", fallbackValue = "true",
            description = "List the GPU device functions and which of their blocks are uniform.")
    boolean uniformity;

    @Override
    public Integer call() throws IOException {
        CliContext ctx = context();
        ShowOptions options = options();
        if (files.size() > 1) {
            throw new CliException("jprofdata: Too many positional arguments specified!\n"
                    + "Can specify at most 1 positional arguments: See: jprofdata --help", false);
        }
        if (files.isEmpty() && debugInfo == null) {
            throw new CliException("the positional argument '<profdata-file>' is required unless '--debug-info' is provided");
        }
        String file = files.isEmpty() ? "" : files.get(0);
        if (file.equals(output)) {
            throw new CliException("jprofdata show: Input file name cannot be the same as the output file name!", false);
        }
        String format = json ? "json" : showFormat;
        try (CommandOutput out = CommandOutput.open(ctx, output)) {
            if (allFunctions && !function.isEmpty()) {
                ctx.err().println("warning: -function argument ignored: showing all functions");
            }
            if (debugInfo != null) {
                throw new CliException("--debug-info is not supported yet (debug-info correlation)");
            }
            if (sample) {
                throw new CliException("sample profiles are not supported yet");
            }
            if (memory) {
                throw new CliException("memory profiles are not supported yet");
            }
            // llvm-profdata 22 refuses JSON/YAML for instrumentation profiles; jprofdata writes them
            // (issue 7, spec/json-output.md). Options that only shape the text report are refused.
            boolean structured = JsonReports.isStructured(format);
            if (structured && (options.text() || options.covered() || options.topN() > 0
                    || options.hotFunctionList() || options.listBelowCutoff() || uniformity)) {
                throw new CliException("--show-format=" + format + " cannot be combined with --text, --covered, --topn,"
                        + " --hot-func-list or --list-below-cutoff");
            }
            try (InputFile input = InputFile.open(ctx, file);
                    ProfileReader reader = ProfileReaders.open(input.path(), input.displayName())) {
                String sideProblem = ShowDevice.attachSideFile(reader, input.path(), input.displayName());
                if (sideProblem != null && uniformity) {
                    ctx.err().println("warning: " + sideProblem);
                }
                if (structured) {
                    new JsonShow(options, reader, format, out.writer()).run();
                } else if (uniformity) {
                    new UniformityShow(reader, out.writer()).run();
                } else {
                    new InstrProfileShow(options, reader, out.writer()).run();
                }
            } catch (IOException e) {
                // Reader failures only: the output reports its own as UncheckedIOException.
                out.abandon();
                ReadErrors.print(ctx.err(), file, e);
                return 1;
            }
            out.commit();
        }
        return 0;
    }

    /** Checks the option values in LLVM's order and wording (before anything else happens). */
    private ShowOptions options() {
        long cutoff = LlvmValues.uint32("--value-cutoff", valueCutoff);
        long top = LlvmValues.uint32("--topn", topN);
        long[] cutoffs = new long[summaryCutoffs.size()];
        for (int i = 0; i < cutoffs.length; i++) {
            cutoffs[i] = LlvmValues.uint32("--detailed-summary-cutoffs", summaryCutoffs.get(i));
        }
        if (!List.of("text", "json", "yaml").contains(showFormat)) {
            throw new CliException("jprofdata: for the --show-format option: Cannot find option named '"
                    + showFormat + "'!", false);
        }
        int hot = LlvmValues.int32("--profile-summary-cutoff-hot", hotCutoff);
        Long forcedHotCount = hotCount == null ? null : LlvmValues.uint64("--profile-summary-hot-count", hotCount, "ulong");
        if (cutoffs.length == 0 && (detailedSummary || hotFuncList)) {
            cutoffs = SummaryBuilder.defaultCutoffs();
        }
        return new ShowOptions(allFunctions, function, counts, icTargets, memopSizes, showVTables,
                cutoff, listBelowCutoff, top, hotFuncList, covered, detailedSummary, cutoffs, text,
                binaryIds, profileVersion, showCs, temporalTraces, hot, forcedHotCount);
    }
}
