package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.io.MappedFaults;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.SampleProfileIndex;
import dev.jprofdata.format.sample.SampleProfileReaders;
import dev.jprofdata.format.sample.SampleReadOptions;
import dev.jprofdata.format.summary.SummaryBuilder;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jprofdata show}: print the functions, summary and value profiles of one profile.
 *
 * <p>Its options are declared in code ({@link CommandSpecs}): {@code show} is the command whose
 * start-up users wait for most often.
 */
final class ShowCommand extends DeclaredCommand {

    ShowCommand(CliContext context) {
        super(context, "show", "Show the functions, summary and value profiles of an instrumentation profile,"
                + " or (--sample) the functions and summary of a sample profile.");
    }

    @Override
    void declareOptions(CommandSpec s) {
        s.addPositional(CommandSpecs.positionals("<profdata-file>", "The profile: raw, indexed or text, gzip/zstd"
                + " compressed or not (with --sample: text, binary, ext-binary or GCC); - reads standard input."));
        s.addOption(CommandSpecs.value("<file>", CommandOutput.STDOUT, "Output file (- for stdout).", "-o", "--output")
                .build());
        s.addOption(CommandSpecs.flag("allFunctions", "Show every function.", "--all-functions").build());
        s.addOption(CommandSpecs.value("<string>", "", "Show functions whose name contains this (sample profiles:"
                + " the function with exactly this name).", "--function").build());
        s.addOption(CommandSpecs.flag("counts", "Show block counts.", "--counts").build());
        s.addOption(CommandSpecs.flag("icTargets", "Show indirect call targets.", "--ic-targets").build());
        s.addOption(CommandSpecs.flag("memopSizes", "Show memory intrinsic sizes.", "--memop-sizes").build());
        s.addOption(CommandSpecs.flag("showVTables", "Show vtable targets.", "--show-vtables").build());
        s.addOption(CommandSpecs.value("<uint>", "0", "Skip functions whose largest counter is below this.",
                "--value-cutoff").build());
        s.addOption(CommandSpecs.flag("listBelowCutoff",
                "Only list the functions below --value-cutoff.", "--list-below-cutoff").build());
        s.addOption(CommandSpecs.value("<uint>", "0", "List the N functions with the largest counters.", "--topn")
                .build());
        s.addOption(CommandSpecs.flag("hotFuncList", "List the hot functions.", "--hot-func-list").build());
        s.addOption(CommandSpecs.flag("covered", "Only list the functions with a non-zero counter.", "--covered")
                .build());
        s.addOption(CommandSpecs.flag("detailedSummary", "Show the detailed summary.", "--detailed-summary").build());
        s.addOption(CommandSpecs.commaList("<800000,901000,999999>",
                "Cutoffs (parts per million) of the detailed summary.", "--detailed-summary-cutoffs").build());
        s.addOption(CommandSpecs.flag("text", "Dump the shown functions as text.", "--text").build());
        s.addOption(CommandSpecs.flag("binaryIds", "Show binary IDs.", "--binary-ids").build());
        s.addOption(CommandSpecs.flag("profileVersion", "Show the profile version.", "--profile-version").build());
        s.addOption(CommandSpecs.flag("showCs",
                "IR profiles: show context-sensitive records (instead of the others).", "--showcs").build());
        s.addOption(CommandSpecs.flag("temporalTraces", "Show temporal profile traces.", "--temporal-profile-traces")
                .build());
        s.addOption(CommandSpecs.value("text|json|yaml", "text", "Output format: text, or json/yaml (jprofdata"
                + " extension for instrumentation profiles, spec/json-output.md).", "--show-format").build());
        s.addOption(CommandSpecs.flag("json", "Same as --show-format=json.", "--json").build());
        s.addOption(CommandSpecs.flag("instr", "Instrumentation profile (the default).", "--instr").build());
        s.addOption(CommandSpecs.flag("sample", "Sample profile (AutoFDO, CSSPGO).", "--sample").build());
        s.addOption(CommandSpecs.hiddenFlag("memory", "--memory").build());
        s.addOption(CommandSpecs.value("<debugInfo>", null, null, "--debug-info").build());
        s.addOption(CommandSpecs.value("<hotCutoff>", "990000", "--hot-func-list: functions whose largest count"
                + " reaches the summary's count at this cutoff (parts per million, default 990000) are hot.",
                "--profile-summary-cutoff-hot").build());
        s.addOption(CommandSpecs.value("<hotCount>", null, "--hot-func-list: functions whose largest count reaches"
                + " this are hot (instead of --profile-summary-cutoff-hot).", "--profile-summary-hot-count").build());
        s.addOption(CommandSpecs.flag("showProfSymList", "Sample profiles: print the profile symbol list"
                + " (ignored for instrumentation profiles).", "--show-prof-sym-list").build());
        s.addOption(CommandSpecs.flag("showSecInfoOnly", "Sample profiles: print only the section table of an"
                + " ext-binary file (ignored for instrumentation profiles).", "--show-sec-info-only").build());
        SampleCommandOptions.declareReading(s);
        s.addOption(CommandSpecs.value("<ignoredValue>", null, null, "--max-debug-info-correlation-warnings",
                "--profiled-binary").build());
        s.addOption(CommandSpecs.flag("uniformity",
                "List the GPU device functions and which of their blocks are uniform.", "--uniformity").build());
    }

    @Override
    public Integer call() throws IOException {
        CliContext ctx = context;
        ShowOptions options = options();
        List<String> files = positionals();
        String output = string("--output");
        String debugInfo = string("--debug-info");
        boolean uniformity = flag("--uniformity");
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
        String format = flag("--json") ? "json" : string("--show-format");
        try (CommandOutput out = CommandOutput.open(ctx, output)) {
            if (flag("--all-functions") && !string("--function").isEmpty()) {
                ctx.err().println("warning: -function argument ignored: showing all functions");
            }
            if (debugInfo != null) {
                throw new CliException("--debug-info is not supported yet (debug-info correlation)");
            }
            if (flag("--sample")) {
                return showSample(ctx, out, file, format);
            }
            if (flag("--memory")) {
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
            List<String> notices;
            try (InputFile input = InputFile.open(ctx, file);
                    ProfileReader reader = ProfileReaders.open(input.path(), input.displayName())) {
                if (reader.kind().has(ProfileKind.MEMPROF)) {
                    // Its instrumentation records are shown; the heap profile beside them is not read.
                    ctx.err().println("warning: MemProf data in " + input.displayName()
                            + " is not shown (jprofdata does not read MemProf data)");
                }
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
                notices = reader.notices();
            } catch (IOException e) {
                // Reader failures only: the output reports its own as OutputFailure.
                out.abandon();
                ReadErrors.print(ctx.err(), file, e);
                return 1;
            } catch (InternalError e) {
                // The input shrank while it was read (MappedFaults): what was shown may be wrong.
                out.abandon();
                ReadErrors.print(ctx.err(), file, MappedFaults.truncated(file, e));
                return 1;
            }
            out.commit();
            // Beyond llvm-profdata: what the reader noticed about the file (for example padding
            // bytes that look like the offload fork's device field but were read as padding).
            for (String notice : notices) {
                ctx.err().println("warning: " + file + ": " + notice);
            }
        }
        return 0;
    }

    /** {@code --sample}: read the whole profile (or only its section table) and print it as LLVM does. */
    private int showSample(CliContext ctx, CommandOutput out, String file, String format) {
        if (format.equals("yaml")) {
            // jprofdata's extension: the JSON dump's structure as YAML, which holds nothing else.
            for (String o : List.of("--show-prof-sym-list", "--detailed-summary", "--hot-func-list", "--topn")) {
                if (o.equals("--topn") ? !string(o).equals("0") : flag(o)) {
                    throw new CliException("--show-format=yaml cannot be combined with " + o
                            + " for sample profiles (the YAML document holds the function dump only)");
                }
            }
        }
        SampleShowOptions options = new SampleShowOptions(flag("--all-functions"), string("--function"),
                format, flag("--show-prof-sym-list"), flag("--detailed-summary"),
                flag("--hot-func-list"), LlvmValues.uint32("--topn", string("--topn")),
                SampleCommandOptions.perContextSummary(this));
        SampleReadOptions readOptions = SampleCommandOptions.readOptions(this);
        try (InputFile input = InputFile.open(ctx, file)) {
            if (flag("--show-sec-info-only")) {
                SampleShow.sectionInfo(ctx.err(), out.writer(), input.path(), input.displayName());
            } else {
                SampleProfileIndex profile;
                if (SampleShow.needsOnlyTheFunction(options)) {
                    // An ext-binary file then has only that function decoded (LLVM decodes all).
                    profile = SampleProfileIndex.of(SampleProfileReaders.readFunctions(input.path(),
                            input.displayName(), readOptions, Set.of(FunctionId.of(options.function()))));
                } else {
                    // Each function is decoded when it is printed (an ext-binary file; others are read whole).
                    profile = SampleProfileReaders.open(input.path(), input.displayName(), readOptions);
                }
                if (options.structured() && !SampleShow.dumpsAll(options)) {
                    throw new CliException("the " + format.toUpperCase(java.util.Locale.ROOT)
                            + " format is supported only when all functions are to be printed");
                }
                new SampleShow(options, out.writer()).run(profile);
            }
        } catch (IOException e) {
            out.abandon();
            SampleReadErrors.print(ctx.err(), file, e);
            return 1;
        }
        out.commit();
        return 0;
    }

    /** Checks the option values in LLVM's order and wording (before anything else happens). */
    private ShowOptions options() {
        long cutoff = LlvmValues.uint32("--value-cutoff", string("--value-cutoff"));
        long top = LlvmValues.uint32("--topn", string("--topn"));
        List<String> summaryCutoffs = strings("--detailed-summary-cutoffs");
        long[] cutoffs = new long[summaryCutoffs.size()];
        for (int i = 0; i < cutoffs.length; i++) {
            cutoffs[i] = LlvmValues.uint32("--detailed-summary-cutoffs", summaryCutoffs.get(i));
        }
        String showFormat = string("--show-format");
        if (!List.of("text", "json", "yaml").contains(showFormat)) {
            throw new CliException("jprofdata: for the --show-format option: Cannot find option named '"
                    + showFormat + "'!", false);
        }
        int hot = LlvmValues.int32("--profile-summary-cutoff-hot", string("--profile-summary-cutoff-hot"));
        String hotCount = string("--profile-summary-hot-count");
        Long forcedHotCount = hotCount == null ? null : LlvmValues.uint64("--profile-summary-hot-count", hotCount, "ulong");
        boolean hotFuncList = flag("--hot-func-list");
        boolean detailedSummary = flag("--detailed-summary");
        if (cutoffs.length == 0 && (detailedSummary || hotFuncList)) {
            cutoffs = SummaryBuilder.defaultCutoffs();
        }
        return new ShowOptions(flag("--all-functions"), string("--function"),
                flag("--counts"), flag("--ic-targets"), flag("--memop-sizes"),
                flag("--show-vtables"), cutoff, flag("--list-below-cutoff"), top, hotFuncList,
                flag("--covered"), detailedSummary, cutoffs, flag("--text"),
                flag("--binary-ids"), flag("--profile-version"), flag("--showcs"),
                flag("--temporal-profile-traces"), hot, forcedHotCount);
    }
}
