package dev.jprofdata.cli;

import dev.jprofdata.format.io.OutputFailedException;
import java.io.IOException;

/**
 * Writing a command's output failed: {@code error: <output>: <reason>} and exit code 1, where the
 * output is {@code -o}'s value as the user typed it, or {@code stdout}. A pipe whose reader has gone
 * ({@code show ... | head -1}) is no error to report: the command stops at once, prints nothing
 * and exits with {@link #CLOSED_PIPE_EXIT}.
 */
final class OutputFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * The exit code after a closed pipe: llvm-profdata is killed by SIGPIPE there, which a shell
     * reports as 128 + 13 = 141. A JVM ignores SIGPIPE and cannot die by it, so it exits with that
     * code: {@code $?} and {@code set -o pipefail} see what they see with llvm-profdata.
     */
    static final int CLOSED_PIPE_EXIT = 141;

    /** How standard output is named in messages. */
    static final String STDOUT = "stdout";

    private final boolean closedPipe;

    OutputFailure(String output, IOException cause) {
        super(output + ": " + OutputFailedException.reasonOf(cause), cause);
        this.closedPipe = isClosedPipe(cause);
    }

    /** The same failure again, thrown from another place. */
    OutputFailure(OutputFailure first) {
        super(first.getMessage(), first.getCause());
        this.closedPipe = first.closedPipe;
    }

    /** The reader of the pipe is gone (EPIPE). */
    boolean closedPipe() {
        return closedPipe;
    }

    /** The system's text for EPIPE, which is all Java keeps of it. */
    private static boolean isClosedPipe(IOException e) {
        return e != null && !(e instanceof OutputFailedException) && "Broken pipe".equals(e.getMessage());
    }
}
