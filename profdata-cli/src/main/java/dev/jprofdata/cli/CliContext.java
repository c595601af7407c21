package dev.jprofdata.cli;

import dev.jprofdata.format.io.FileNames;
import java.io.PrintStream;
import java.nio.file.Path;

/** Where a command runs: its working directory and its two output streams. */
public record CliContext(Path workingDirectory, PrintStream out, PrintStream err) {

    /** What an empty file name gets: llvm-profdata's text, and why. */
    static final String EMPTY_NAME = "No such file or directory (empty file name)";

    /**
     * Resolves a user-given path (a byte string, {@link FileNames}) against the working directory.
     * An empty name is an error: resolved, it would name the working directory itself (a merge
     * would take every profile below it).
     */
    public Path resolve(String userPath) {
        if (userPath.isEmpty()) {
            throw new CliException(EMPTY_NAME);
        }
        if (userPath.indexOf('\0') >= 0) {
            // Only a list file can hold one (an argument cannot): most likely a binary file.
            throw new CliException("a file name cannot contain a NUL byte");
        }
        return FileNames.resolve(workingDirectory, userPath);
    }
}
