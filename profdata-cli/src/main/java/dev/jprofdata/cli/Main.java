package dev.jprofdata.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
    private static final List<String> SUBCOMMANDS = List.of("merge", "show", "overlap", "order", "pc-sampling");

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
        exitOnOutOfMemoryElsewhere(args.length > 0 ? args[0] : "");
        // Arguments and file names are byte strings (FileNames), and so are the names read from
        // profiles: both streams print each char as one byte, whatever the locale's charset.
        // Standard output is not System.out: a PrintStream that keeps the reason of a failed write
        // (StandardOutput).
        StandardOutput out = StandardOutput.system();
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.ISO_8859_1);
        int rc;
        try {
            rc = run(ProcessNames.workingDirectory(), ProcessNames.arguments(args), out, err);
        } catch (CliException e) {
            err.println("error: " + e.getMessage());
            rc = 1;
        }
        out.flush();
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
     * lets tests run commands in-process. The arguments are byte strings (one char per byte of the
     * name, {@link dev.jprofdata.format.io.FileNames}); what the command prints goes to {@code out}
     * and {@code err} as chars that are meant to be written one byte each (ISO-8859-1).
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
        int rc;
        try {
            rc = cl.execute(normalized);
        } catch (OutOfMemoryError e) {
            // picocli hands only exceptions to the FailureHandler; an Error passes through. By now
            // the command's frames are gone, and with them most of what filled the heap.
            err.println(OutOfMemoryMessage.of(e, cl.getParseResult()));
            err.flush();
            return 1;
        } catch (InternalError e) {
            if (!dev.jprofdata.format.io.MappedFaults.isFault(e)) {
                throw e;
            }
            // The readers name the file whose mapping lost its pages; but in compiled code the JVM
            // raises the fault at its next safepoint, which can lie outside the reader's frames.
            err.println("error: an input file was truncated while being read");
            err.flush();
            return 1;
        }
        return rc == 0 ? checkOutput(out, err) : rc;
    }

    /**
     * A command that succeeded must also have delivered its standard output (help, version and
     * short reports included): 0 if it did, else the error about it (see {@link OutputFailure}).
     */
    private static int checkOutput(PrintStream out, PrintStream err) {
        if (!out.checkError()) {
            return 0;
        }
        OutputFailure failure = StandardOutput.failure(out);
        if (failure.closedPipe()) {
            return OutputFailure.CLOSED_PIPE_EXIT;
        }
        err.println("error: " + failure.getMessage());
        err.flush();
        return 1;
    }
    /**
     * The heap can also run out on a thread of the process's own (a reading thread, a merge
     * worker, progress): most hand their failure to the main thread, which reports it as above, but
     * one that does not would die with the JVM's stack trace and leave the command waiting. Such a
     * thread prints the same one line and ends the process with exit code 1.
     */
    private static void exitOnOutOfMemoryElsewhere(String command) {
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            if (e instanceof OutOfMemoryError oom) {
                System.err.println(OutOfMemoryMessage.of(oom, command));
                System.err.flush();
                Runtime.getRuntime().halt(1);
            } else if (previous != null) {
                previous.uncaughtException(thread, e);
            } else {
                // What the JVM does without a handler (the thread group would call this one again).
                System.err.print("Exception in thread \"" + thread.getName() + "\" ");
                e.printStackTrace(System.err);
            }
        });
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
            case "pc-sampling": {
                CommandLine pcs = new CommandLine(new PcSamplingCommand(context).spec());
                pcs.addSubcommand("report", new CommandLine(new PcSamplingReportCommand(context).spec()));
                pcs.addSubcommand("export", new CommandLine(new PcSamplingExportCommand(context).spec()));
                return pcs;
            }
            default:
                throw new IllegalArgumentException(name);
        }
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(commandLine, "No subcommand specified!");
    }
}
