package dev.jprofdata.cli;

import java.io.PrintStream;
import java.nio.file.Path;

/** Where a command runs: its working directory and its two output streams. */
public record CliContext(Path workingDirectory, PrintStream out, PrintStream err) {

    /** Resolves a user-given path against the working directory. */
    public Path resolve(String userPath) {
        return workingDirectory.resolve(userPath);
    }
}
