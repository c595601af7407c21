package dev.jprofdata.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** The {@code jprofdata} command: parses options and hands over to one subcommand. */
public final class Main implements Runnable {
    /**
     * The subcommands, in the order help lists them (then {@code help} and {@code completion}). Only
     * the one a command line names is built (each is declared in code, {@link CommandSpecs}).
     */
    private static final List<String> SUBCOMMANDS = List.of("merge", "show", "overlap", "order");

    /** The command line this command belongs to, for its one error ({@code jprofdata --}). */
    private CommandLine commandLine;

    private static final String PICOCLI_EXCLUDES = "picocli.converters.excludes";

    public static void main(String[] args) {
        // java -jar on big inputs: run again with the tuned JVM options (the launcher's JVMs carry
        // the marker, so they never load Relaunch).
        if (System.getProperty(JvmTuning.MARKER) == null) {
            OptionalInt relaunched = Relaunch.ifWorthIt(args);
            if (relaunched.isPresent()) {
                System.exit(relaunched.getAsInt());
            }
        }
        skipUnusedConverters();
        int rc = run(Path.of("").toAbsolutePath(), args, System.out, System.err);
        System.out.flush();
        System.exit(rc);
    }

    /**
     * picocli registers converters for java.time and java.sql types by reflection, which loads and
     * initialises those packages (a few ms of every start); no option here has such a type. A
     * process-wide setting, so only the command-line entry points make it.
     */
    static void skipUnusedConverters() {
        if (System.getProperty(PICOCLI_EXCLUDES) == null) {
            System.setProperty(PICOCLI_EXCLUDES, "java\\.time\\..*,java\\.sql\\..*");
        }
    }

    /**
     * Runs one command line. Relative paths are resolved against {@code workingDirectory}, which
     * lets tests run commands in-process.
     */
    public static int run(Path workingDirectory, String[] args, PrintStream out, PrintStream err) {
        CliContext context = new CliContext(workingDirectory, out, err);
        CommandLine cl = commandLine(context, args.length == 0 ? "" : args[0]);
        // Settings given after the subcommands are added reach them too.
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

    /**
     * The command with the subcommand named {@code first} only, or with all of them when
     * {@code first} names none (help, version, errors).
     */
    static CommandLine commandLine(CliContext context, String first) {
        Main main = new Main();
        CommandSpec spec = CommandSpecs.command("jprofdata", main,
                "Merge, show, compare and order LLVM instrumentation profiles (llvm-profdata compatible).");
        spec.versionProvider(new VersionProvider());
        CommandSpecs.addStandardHelpOptions(spec);
        spec.usageMessage().footer("%nRun 'jprofdata help <command>' or 'jprofdata <command> --help' for its options.");
        CommandLine cl = new CommandLine(spec);
        main.commandLine = cl;
        for (String name : SUBCOMMANDS) {
            if (!SUBCOMMANDS.contains(first) || name.equals(first)) {
                cl.addSubcommand(name, subcommand(name, context));
            }
        }
        if (!SUBCOMMANDS.contains(first)) {
            cl.addSubcommand("help", new CommandLine(new HelpCommand(context).spec()));
            cl.addSubcommand("completion", new CommandLine(new CompletionCommand(context).spec()));
        }
        HelpLayout.apply(cl);
        return cl;
    }

    private static CommandLine subcommand(String name, CliContext context) {
        switch (name) {
            case "merge":
                return new CommandLine(new MergeCommand(context).spec());
            case "show":
                return new CommandLine(new ShowCommand(context).spec());
            case "overlap":
                return new CommandLine(new OverlapCommand(context).spec());
            case "order":
                return new CommandLine(new OrderCommand(context).spec());
            default:
                throw new IllegalArgumentException(name);
        }
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(commandLine, "No subcommand specified!");
    }
}
