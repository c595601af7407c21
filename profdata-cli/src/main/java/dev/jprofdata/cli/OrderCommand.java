package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.SymbolTable;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.io.MappedFaults;
import dev.jprofdata.merge.order.FunctionOrder;
import dev.jprofdata.merge.order.FunctionOrderer;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jprofdata order}: a function order for the linker, from temporal profile traces (declared
 * in code, {@link CommandSpecs}).
 */
final class OrderCommand extends DeclaredCommand {
    static final String MACH_O_WARNING = "# Warning: Mach-O may prefix symbols with \"_\" depending on the linkage"
            + " and this output does not take that into account. Some post-processing may be required before"
            + " passing to the linker via -order_file.";


    private List<String> files;
    private String output;
    private String numTestTraces;

    OrderCommand(CliContext context) {
        super(context, "order", "Read the temporal profile traces of a profile and"
                + " print a function order that reduces the page faults of those traces.");
    }

    @Override
    void declareOptions(CommandSpec s) {
        s.addPositional(CommandSpecs.positionals("<profdata-file>", "The profile with temporal profile traces; - reads"
                + " standard input."));
        s.addOption(CommandSpecs.value("<output>", CommandOutput.STDOUT, "Output file (- for stdout).", "-o",
                "--output").build());
        s.addOption(CommandSpecs.value("<uint>", "0",
                "Keep the last <num-test-traces> traces aside and use them to evaluate the order.",
                "--num-test-traces").build());
    }

    private void bind() {
        files = positionals();
        output = string("--output");
        numTestTraces = string("--num-test-traces");
    }

    @Override
    public Integer call() {
        bind();
        CliContext ctx = context;
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
            } catch (InternalError e) {
                // The input shrank while it was read (MappedFaults).
                out.abandon();
                ReadErrors.print(ctx.err(), file, MappedFaults.truncated(file, e));
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
