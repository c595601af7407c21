package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.SymbolTable;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.merge.order.FunctionOrder;
import dev.jprofdata.merge.order.FunctionOrderer;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jprofdata order}: a function order for the linker, from temporal profile traces. */
@Command(name = "order", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Read the temporal profile traces of a profile and print a function order that reduces"
                + " the page faults of those traces.")
final class OrderCommand extends SubcommandBase {
    static final String MACH_O_WARNING = "# Warning: Mach-O may prefix symbols with \"_\" depending on the linkage"
            + " and this output does not take that into account. Some post-processing may be required before"
            + " passing to the linker via -order_file.";

    @Parameters(paramLabel = "<profdata-file>", arity = "0..*")
    List<String> files = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "<output>", description = "Output file (- for stdout).")
    String output = CommandOutput.STDOUT;

    @Option(names = "--num-test-traces", paramLabel = "<uint>",
            description = "Keep the last <num-test-traces> traces aside and use them to evaluate the order.")
    String numTestTraces = "0";

    @Override
    public Integer call() {
        CliContext ctx = context();
        long testTraces = LlvmValues.uint32("--num-test-traces", numTestTraces);
        if (files.size() > 1) {
            throw new CliException("jprofdata: Too many positional arguments specified!\n"
                    + "Can specify at most 1 positional arguments: See: jprofdata --help", false);
        }
        if (files.isEmpty()) {
            // LLVM's positional defaults to "", which no file has; its message names no file.
            throw new CliException("No such file or directory");
        }
        String file = files.get(0);
        try (CommandOutput out = CommandOutput.open(ctx, output)) {
            List<TemporalTrace> traces;
            SymbolTable symbols;
            try (InputFile input = InputFile.open(ctx, file);
                    ProfileReader reader = ProfileReaders.open(input.path(), input.displayName())) {
                // Read every record: the traces of raw files and the names of text files are complete
                // only at the end.
                while (reader.next() != null) {
                    // nothing to keep
                }
                traces = reader.temporalTraces(1).traces();
                symbols = reader.symbols();
            } catch (IOException e) {
                out.abandon();
                ReadErrors.print(ctx.err(), file, e);
                return 1;
            }
            if (testTraces > 0 && testTraces >= traces.size()) {
                out.abandon();
                throw new CliException("--num-test-traces must be smaller than the total number of traces: expected: < "
                        + traces.size() + ", actual: " + testTraces);
            }
            FunctionOrder order = FunctionOrderer.order(traces, (int) testTraces);
            write(out.writer(), order, symbols);
            out.commit();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return 0;
    }

    private static void write(Writer w, FunctionOrder order, SymbolTable symbols) throws IOException {
        w.write("# Ordered " + order.functionHashes().size() + " functions\n");
        if (order.pageFaultArea().isPresent()) {
            // LLVM prints (float)area with %e.
            float area = (float) order.pageFaultArea().getAsLong();
            w.write("# Total area under the page fault curve: " + String.format(Locale.ROOT, "%e", (double) area) + "\n");
        }
        w.write(MACH_O_WARNING + "\n");
        for (long hash : order.functionHashes()) {
            String name = symbols.nameOf(hash);
            if (name == null) {
                name = "";
            }
            // IR PGO names of local functions are "<file>;<name>": the file goes on a comment line.
            int semicolon = name.indexOf(';');
            if (semicolon >= 0 && semicolon + 1 < name.length()) {
                w.write("# " + name.substring(0, semicolon) + "\n");
                w.write(name.substring(semicolon + 1) + "\n");
            } else {
                w.write(name + "\n");
            }
        }
    }
}
