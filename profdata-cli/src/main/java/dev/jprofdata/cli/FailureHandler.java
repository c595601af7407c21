package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileFormatException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import picocli.CommandLine;

/**
 * Turns any failure of a command into one line on stderr and exit code 1: never a stack trace.
 * The one exception is an output pipe whose reader has gone ({@link OutputFailure#closedPipe()}):
 * no line, and exit code 141.
 */
final class FailureHandler implements CommandLine.IExecutionExceptionHandler {
    private final PrintStream err;

    FailureHandler(PrintStream err) {
        this.err = err;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine commandLine, CommandLine.ParseResult parseResult) {
        Throwable e = ex instanceof UncheckedIOException u ? u.getCause() : ex;
        if (e instanceof OutputFailure f) {
            if (f.closedPipe()) {
                // Nobody reads any more: nothing to say, and the exit code a SIGPIPE death gives.
                return OutputFailure.CLOSED_PIPE_EXIT;
            }
            err.println("error: " + f.getMessage());
        } else if (e instanceof CliException c) {
            err.println(c.prefixed() ? "error: " + c.getMessage() : c.getMessage());
        } else if (e instanceof ProfileFormatException p) {
            err.println("error: " + p.getMessage());
        } else if (e instanceof java.nio.file.NoSuchFileException n) {
            err.println("error: " + n.getFile() + ": No such file or directory");
        } else if (e instanceof java.io.IOException io) {
            err.println("error: " + io.getMessage());
        } else if (e instanceof java.nio.file.InvalidPathException i) {
            // A name made by Java code (not from the command line) that the JVM's charset cannot
            // encode: under LANG=C only ASCII names can be (dev.jprofdata.format.io.FileNames).
            err.println("error: " + i.getInput() + ": this file name cannot be used in the character set of this locale ("
                    + dev.jprofdata.format.io.FileNames.JVM_CHARSET.name() + "): run jprofdata in a UTF-8 locale (for"
                    + " example LC_ALL=C.UTF-8)");
        } else if (e.getCause() instanceof OutOfMemoryError oom) {
            // An error reaches this handler only wrapped (picocli passes exceptions); see Main.run.
            err.println(OutOfMemoryMessage.of(oom, parseResult));
        } else {
            err.println("error: internal error: " + e);
        }
        err.flush();
        return 1;
    }
}
