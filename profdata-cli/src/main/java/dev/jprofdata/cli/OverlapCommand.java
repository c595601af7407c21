package dev.jprofdata.cli;

import dev.jprofdata.merge.overlap.FunctionOverlap;
import dev.jprofdata.merge.overlap.OverlapOptions;
import dev.jprofdata.merge.overlap.OverlapResult;
import dev.jprofdata.merge.overlap.ProfileOverlap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jprofdata overlap}: how similar a test profile is to a base profile. */
@Command(name = "overlap", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Compare two instrumentation profiles: how much of the test profile's counts the base profile shares.")
final class OverlapCommand extends SubcommandBase {

    @Parameters(paramLabel = "<base profile file> <test profile file>", arity = "0..*")
    List<String> files = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "<file>", description = "Output file (- for stdout).")
    String output = CommandOutput.STDOUT;

    @Option(names = "--function", paramLabel = "<string>",
            description = "Report every function whose name contains this.")
    String function = "";

    @Option(names = "--value-cutoff", paramLabel = "<ulong>",
            description = "Report every function whose largest test counter is at least this.")
    String valueCutoff;

    @Option(names = "--cs", arity = "0..1", fallbackValue = "true",
            description = "IR profiles: totals over context-sensitive records.")
    boolean cs;

    @Option(names = "--instr", arity = "0..1", fallbackValue = "true", description = "Instrumentation profiles (the default).")
    boolean instr;

    @Option(names = "--sample", arity = "0..1", fallbackValue = "true", hidden = true)
    boolean sample;

    @Option(names = "--show-format", paramLabel = "text|json|yaml",
            description = "Output format: text, or json/yaml (jprofdata extension, spec/json-output.md).")
    String showFormat = "text";

    @Option(names = "--json", arity = "0..1", fallbackValue = "true", description = "Same as --show-format=json.")
    boolean json;

    @Option(names = "--similarity-cutoff", hidden = true)
    String similarityCutoff;

    @Override
    public Integer call() {
        CliContext ctx = context();
        long cutoff = valueCutoff == null ? OverlapOptions.NO_FUNCTIONS
                : LlvmValues.uint64("--value-cutoff", valueCutoff, "ullong");
        if (similarityCutoff != null) {
            LlvmValues.uint64("--similarity-cutoff", similarityCutoff, "ullong");
        }
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
                throw new CliException("sample profiles are not supported yet");
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
                ReadErrors.print(ctx.err(), "error in getting profile count sums", e);
                return 1;
            }
            if (result instanceof OverlapResult.Compared compared) {
                MergeCommand.MergeReport.problems(ctx.err(), compared.baseProblems());
                write(out, OverlapReport.program(files.get(0), files.get(1), compared.program()));
            }
            // A zero-sum profile: llvm-profdata's message never reaches its output (it exits without
            // flushing), so the visible result is no output and success.
            out.commit();
        }
        return 0;
    }

    /** The JSON/YAML report: the same comparison, written as it is produced. */
    private int structured(CliContext ctx, CommandOutput out, String format, long cutoff) {
        try (InputFile base = InputFile.open(ctx, files.get(0));
                InputFile test = InputFile.open(ctx, files.get(1))) {
            JsonOverlap report = new JsonOverlap(format, out.writer(), files.get(0), files.get(1));
            OverlapResult result = new ProfileOverlap(new OverlapOptions(cs, cutoff, function)).compare(
                    base.path(), base.displayName(), test.path(), test.displayName(), report::function);
            if (result instanceof OverlapResult.Compared compared) {
                MergeCommand.MergeReport.problems(ctx.err(), compared.baseProblems());
            }
            report.finish(result);
        } catch (IOException e) {
            out.abandon();
            ReadErrors.print(ctx.err(), "error in getting profile count sums", e);
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
