package dev.jprofdata.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code jprofdata} command: parses options and hands over to one subcommand. */
@Command(
        name = "jprofdata",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Merge, show, compare and order LLVM instrumentation profiles (llvm-profdata compatible).",
        subcommands = {MergeCommand.class, ShowCommand.class, OverlapCommand.class, OrderCommand.class})
public final class Main implements Runnable {

    public static void main(String[] args) {
        int rc = run(Path.of("").toAbsolutePath(), args, System.out, System.err);
        System.out.flush();
        System.exit(rc);
    }

    /**
     * Runs one command line. Relative paths are resolved against {@code workingDirectory}, which
     * lets tests run commands in-process.
     */
    public static int run(Path workingDirectory, String[] args, PrintStream out, PrintStream err) {
        CliContext context = new CliContext(workingDirectory, out, err);
        CommandLine cl = new CommandLine(new Main(), new ContextFactory(context));
        cl.setOut(new java.io.PrintWriter(out, true));
        cl.setErr(new java.io.PrintWriter(err, true));
        cl.setParameterExceptionHandler(new LlvmStyleParameterErrors(err));
        cl.setExecutionExceptionHandler(new FailureHandler(err));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setUnmatchedOptionsArePositionalParams(false);
        if (args.length == 0) {
            err.println("jprofdata: No subcommand specified! Run jprofdata --help for usage.");
            return 1;
        }
        String[] normalized;
        try {
            normalized = LlvmArgs.normalize(args);
        } catch (LlvmArgs.GroupedShortOption e) {
            err.println(e.getMessage());
            return 1;
        }
        return cl.execute(normalized);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "No subcommand specified!");
    }
}
