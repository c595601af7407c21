package dev.jprofdata.cli;

import java.io.PrintStream;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Reports command-line mistakes the way llvm-profdata does: one line on stderr, exit code 1, and
 * for an unknown option the nearest declared one. Unlike llvm-profdata, the hint names the
 * subcommand ({@code Did you mean 'merge --output'?}, {@code Try: 'jprofdata merge --help'}): the
 * top-level help lists no options, and a suggestion should be something one can type.
 */
final class LlvmStyleParameterErrors implements CommandLine.IParameterExceptionHandler {
    /** A mistyped subcommand is suggested a real one only this close (edits), not any at all. */
    private static final int SUBCOMMAND_DISTANCE = 2;

    private final PrintStream err;

    LlvmStyleParameterErrors(PrintStream err) {
        this.err = err;
    }

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String arg = u.getUnmatched().get(0);
            CommandSpec spec = ex.getCommandLine().getCommandSpec();
            if (spec.parent() == null && !arg.startsWith("-")) {
                err.println(unknownSubcommand(spec, arg));
            } else {
                err.println(unknownOption(spec, arg, OptionSuggestions.nearest(spec, arg)));
            }
        } else {
            err.println("jprofdata: " + ex.getMessage());
        }
        err.flush();
        return 1;
    }

    /** LLVM's two lines for an unknown option {@code arg} of {@code spec}, naming the subcommand. */
    static String unknownOption(CommandSpec spec, String arg, String nearest) {
        String command = spec.qualifiedName(" ");
        String sub = spec.parent() == null ? "" : spec.name() + " ";
        String message = "jprofdata: Unknown command line argument '" + arg + "'.  Try: '" + command + " --help'";
        return nearest == null ? message : message + "\njprofdata: Did you mean '" + sub + nearest + "'?";
    }

    /** LLVM's line for an unknown subcommand, and the nearest subcommand when it is a near miss. */
    static String unknownSubcommand(CommandSpec top, String name) {
        String message = "jprofdata: Unknown subcommand '" + name + "'.  Try: 'jprofdata --help'";
        String best = null;
        int bestDistance = SUBCOMMAND_DISTANCE + 1;
        for (String sub : top.subcommands().keySet()) {
            int d = OptionSuggestions.editDistance(name, sub);
            if (d < bestDistance) {
                bestDistance = d;
                best = sub;
            }
        }
        return best == null ? message : message + "\njprofdata: Did you mean '" + best + "'?";
    }
}
