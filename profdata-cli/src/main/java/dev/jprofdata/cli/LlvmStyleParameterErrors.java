package dev.jprofdata.cli;

import java.io.PrintStream;
import picocli.CommandLine;

/** Reports command-line mistakes the way llvm-profdata does: one line on stderr, exit code 1. */
final class LlvmStyleParameterErrors implements CommandLine.IParameterExceptionHandler {
    private final PrintStream err;

    LlvmStyleParameterErrors(PrintStream err) {
        this.err = err;
    }

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String arg = u.getUnmatched().get(0);
            if (ex.getCommandLine().getCommandSpec().parent() == null && !arg.startsWith("-")) {
                err.println("jprofdata: Unknown subcommand '" + arg + "'.  Try: 'jprofdata --help'");
            } else {
                err.println("jprofdata: Unknown command line argument '" + arg + "'.  Try: 'jprofdata --help'");
                String nearest = OptionSuggestions.nearest(ex.getCommandLine().getCommandSpec(), arg);
                if (nearest != null) {
                    err.println("jprofdata: Did you mean '" + nearest + "'?");
                }
            }
        } else {
            err.println("jprofdata: " + ex.getMessage());
        }
        err.flush();
        return 1;
    }
}
