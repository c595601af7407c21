package dev.jprofdata.cli;

import dev.jprofdata.merge.MergeReportLines;
import dev.jprofdata.format.sample.SampleProfileException;
import dev.jprofdata.format.sample.SampleProfileIndex;
import dev.jprofdata.format.sample.SampleProfileReaders;
import dev.jprofdata.format.sample.SampleReadOptions;
import dev.jprofdata.merge.overlap.FunctionOverlap;
import dev.jprofdata.merge.overlap.OverlapOptions;
import dev.jprofdata.merge.overlap.OverlapResult;
import dev.jprofdata.merge.overlap.ProfileOverlap;
import dev.jprofdata.merge.sample.SampleOverlap;
import dev.jprofdata.merge.sample.SampleOverlapException;
import dev.jprofdata.merge.sample.SampleOverlapOptions;
import dev.jprofdata.merge.sample.SampleOverlapResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jprofdata overlap}: how similar a test profile is to a base profile (declared in code,
 * {@link CommandSpecs}).
 */
final class OverlapCommand extends DeclaredCommand {

    private List<String> files;
    private String output;
    private String function;
    private String valueCutoff;
    private boolean cs;
    private boolean sample;
    private String showFormat;
    private boolean json;
    private String similarityCutoff;

    OverlapCommand(CliContext context) {
        super(context, "overlap", "Compare two instrumentation profiles (or, with --sample, two sample"
                + " profiles): how much of the test profile's counts the base profile shares.");
    }

    @Override
    void declareOptions(CommandSpec s) {
        s.addPositional(CommandSpecs.positionals("<base profile> <test profile>", "The two profiles: raw, indexed or"
                + " text, gzip/zstd compressed or not; - reads standard input (for one of them)."));
        s.addOption(CommandSpecs.value("<file>", CommandOutput.STDOUT, "Output file (- for stdout).", "-o", "--output")
                .build());
        s.addOption(CommandSpecs.value("<string>", "", "Report every function whose name contains this.",
                "--function").build());
        s.addOption(CommandSpecs.value("<ulong>", null,
                "Report every function whose largest test counter is at least this.", "--value-cutoff").build());
        s.addOption(CommandSpecs.value("<ppm>", null, "Sample profiles: also report every function in both"
                + " profiles whose similarity is below this (parts per million).", "--similarity-cutoff").build());
        s.addOption(CommandSpecs.flag("cs", "IR profiles: totals over context-sensitive records.", "--cs").build());
        s.addOption(CommandSpecs.flag("instr", "Instrumentation profiles (the default).", "--instr").build());
        s.addOption(CommandSpecs.flag("sample", "Sample profiles (AutoFDO, CSSPGO).", "--sample").build());
        s.addOption(CommandSpecs.value("text|json|yaml", "text",
                "Output format: text, or json/yaml (jprofdata extension, spec/json-output.md).", "--show-format")
                .build());
        s.addOption(CommandSpecs.flag("json", "Same as --show-format=json.", "--json").build());
        s.addOption(CommandSpecs.value("<hotCutoff>", "990000", "Sample profiles: blocks and functions whose count"
                + " reaches the summary's count at this cutoff (parts per million) are hot.",
                "--profile-summary-cutoff-hot").build());
        s.addOption(CommandSpecs.value("<hotCount>", null, "Sample profiles: blocks and functions whose count"
                + " reaches this are hot (instead of --profile-summary-cutoff-hot).", "--profile-summary-hot-count")
                .build());
        SampleCommandOptions.declareReading(s);
    }

    private void bind() {
        files = positionals();
        output = string("--output");
        function = string("--function");
        valueCutoff = string("--value-cutoff");
        cs = flag("--cs");
        sample = flag("--sample");
        showFormat = string("--show-format");
        json = flag("--json");
        similarityCutoff = string("--similarity-cutoff");
    }

    @Override
    public Integer call() {
        bind();
        CliContext ctx = context;
        long cutoff = valueCutoff == null ? OverlapOptions.NO_FUNCTIONS
                : LlvmValues.uint64("--value-cutoff", valueCutoff, "ullong");
        long lowSimilarity = similarityCutoff == null ? 0
                : LlvmValues.uint64("--similarity-cutoff", similarityCutoff, "ullong");
        // A signed int in LLVM, widened with its sign to the unsigned percentile it is compared with.
        long hotCutoff = LlvmValues.int32("--profile-summary-cutoff-hot", string("--profile-summary-cutoff-hot"));
        String hotCountValue = string("--profile-summary-hot-count");
        Long hotCount = hotCountValue == null ? null
                : LlvmValues.uint64("--profile-summary-hot-count", hotCountValue, "ulong");
        SampleReadOptions readOptions = SampleCommandOptions.readOptions(this);
        if (files.size() < 2) {
            throw new CliException("jprofdata: Not enough positional command line arguments specified!\n"
                    + "Must specify at least 2 positional arguments: See: jprofdata --help", false);
        }
        if (files.size() > 2) {
            throw new CliException("jprofdata: Too many positional arguments specified!\n"
                    + "Can specify at most 2 positional arguments: See: jprofdata --help", false);
        }
        String format = json ? "json" : showFormat;
        if (!List.of("text", "json", "yaml").contains(format)) {
            throw new CliException("jprofdata: for the --show-format option: Cannot find option named '"
                    + format + "'!", false);
        }
        try (CommandOutput out = CommandOutput.open(ctx, output)) {
            if (sample) {
                if (JsonReports.isStructured(format)) {
                    // A jprofdata extension for instrumentation profiles only (llvm-profdata has none).
                    throw new CliException("--show-format=" + format + " is not supported for sample profiles");
                }
                return sample(ctx, out, new SampleOverlapOptions(lowSimilarity, cutoff, function, hotCutoff, hotCount,
                        SampleCommandOptions.perContextSummary(this)),
                        readOptions);
            }
            if (JsonReports.isStructured(format)) {
                return structured(ctx, out, format, cutoff);
            }
            OverlapResult result;
            try (InputFile base = InputFile.open(ctx, files.get(0));
                    InputFile test = InputFile.open(ctx, files.get(1))) {
                result = new ProfileOverlap(new OverlapOptions(cs, cutoff, function)).compare(
                        base.path(), base.displayName(), test.path(), test.displayName(),
                        f -> write(out, OverlapReport.function(f)));
            } catch (IOException e) {
                out.abandon();
                ReadErrors.printNamingTheFile(ctx.err(), "error in getting profile count sums", e);
                return 1;
            }
            if (result instanceof OverlapResult.Compared compared) {
                out.flushBlocks();
                MergeReportLines.problems(compared.baseProblems()).forEach(ctx.err()::println);
                write(out, OverlapReport.program(files.get(0), files.get(1), compared.program()));
            }
            if (result instanceof OverlapResult.ZeroSum zero) {
                // llvm-profdata's message never reaches its output (it exits without flushing):
                // no output and success. Say why there is no report.
                ctx.err().println("warning: " + zero.file() + ": the sum of edge counts is 0: nothing to compare");
            }
            out.commit();
        }
        return 0;
    }

    /**
     * {@code --sample}: both profiles read whole (their formats first, then their contents, as
     * llvm-profdata opens them), then compared.
     */
    private int sample(CliContext ctx, CommandOutput out, SampleOverlapOptions options, SampleReadOptions readOptions) {
        SampleOverlapResult result;
        try (InputFile base = InputFile.open(ctx, files.get(0));
                InputFile test = InputFile.open(ctx, files.get(1))) {
            SampleProfileIndex baseProfile;
            SampleProfileIndex testProfile;
            try {
                SampleProfileReaders.detect(base.path(), base.displayName());
            } catch (IOException e) {
                return readFailed(ctx, out, base.displayName(), e);
            }
            try {
                SampleProfileReaders.detect(test.path(), test.displayName());
            } catch (IOException e) {
                return readFailed(ctx, out, test.displayName(), e);
            }
            try {
                baseProfile = SampleProfileReaders.open(base.path(), base.displayName(), readOptions);
            } catch (IOException e) {
                return readFailed(ctx, out, base.displayName(), e);
            }
            try {
                testProfile = SampleProfileReaders.open(test.path(), test.displayName(), readOptions);
            } catch (IOException e) {
                return readFailed(ctx, out, test.displayName(), e);
            }
            try {
                result = new SampleOverlap(options).compare(baseProfile, testProfile);
            } catch (IOException e) {
                // The checks were made when the files were opened: only a file changed since fails here.
                String file = e instanceof SampleProfileException s && s.file() != null ? s.file() : files.get(0);
                return readFailed(ctx, out, file, e);
            }
        } catch (SampleOverlapException e) {
            throw new CliException(e.getMessage());
        }
        try {
            if (result instanceof SampleOverlapResult.ZeroSum zero) {
                SampleOverlapReport.zeroSum(out.writer(), files.get(0), files.get(1), zero);
            } else {
                SampleOverlapReport.write(out.writer(), files.get(0), files.get(1), (SampleOverlapResult.Compared) result);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.commit();
        return 0;
    }

    private static int readFailed(CliContext ctx, CommandOutput out, String file, IOException e) {
        out.abandon();
        SampleReadErrors.print(ctx.err(), file, e);
        return 1;
    }

    /** The JSON/YAML report: the same comparison, written as it is produced. */
    private int structured(CliContext ctx, CommandOutput out, String format, long cutoff) {
        try (InputFile base = InputFile.open(ctx, files.get(0));
                InputFile test = InputFile.open(ctx, files.get(1))) {
            JsonOverlap report = new JsonOverlap(format, out.writer(), files.get(0), files.get(1));
            OverlapResult result = new ProfileOverlap(new OverlapOptions(cs, cutoff, function)).compare(
                    base.path(), base.displayName(), test.path(), test.displayName(), report::function);
            if (result instanceof OverlapResult.Compared compared) {
                out.flushBlocks();
                MergeReportLines.problems(compared.baseProblems()).forEach(ctx.err()::println);
            }
            report.finish(result);
        } catch (IOException e) {
            out.abandon();
            ReadErrors.printNamingTheFile(ctx.err(), "error in getting profile count sums", e);
            return 1;
        }
        out.commit();
        return 0;
    }

    private static void write(CommandOutput out, String text) {
        try {
            out.writer().write(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
