package dev.jprofdata.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code jprofdata} command: parses options and hands over to one subcommand. */
@Command(
        name = "jprofdata",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Merge, show, compare and order LLVM instrumentation profiles (llvm-profdata compatible).")
public final class Main implements Runnable {
    /**
     * The subcommands, in the order help lists them. Only the one a command line names is built:
     * picocli builds each from its annotations by reflection, a sizeable part of start-up.
     */
    private static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        m.put("merge", MergeCommand.class);
        m.put("show", ShowCommand.class);
        m.put("overlap", OverlapCommand.class);
        m.put("order", OrderCommand.class);
        return m;
    }

    private static final String PICOCLI_EXCLUDES = "picocli.converters.excludes";

    public static void main(String[] args) {
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
        CommandLine cl = commandLine(new ContextFactory(context), args.length == 0 ? "" : args[0]);
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
    static CommandLine commandLine(CommandLine.IFactory factory, String first) {
        CommandLine cl = new CommandLine(new Main(), factory);
        for (Map.Entry<String, Class<?>> e : SUBCOMMANDS.entrySet()) {
            if (!SUBCOMMANDS.containsKey(first) || e.getKey().equals(first)) {
                cl.addSubcommand(e.getKey(), new CommandLine(e.getValue(), factory));
            }
        }
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "No subcommand specified!");
    }
}
