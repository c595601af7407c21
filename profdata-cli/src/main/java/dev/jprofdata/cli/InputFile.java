package dev.jprofdata.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A profile named on the command line, as a file the readers can open. {@code -} means standard
 * input, which is copied to a temporary file first: the readers need random access, and
 * {@code overlap} reads its base twice.
 */
final class InputFile implements AutoCloseable {
    static final String STDIN = "-";

    private final String displayName;
    private final Path path;
    private final boolean temporary;

    private InputFile(String displayName, Path path, boolean temporary) {
        this.displayName = displayName;
        this.path = path;
        this.temporary = temporary;
    }

    static InputFile open(CliContext context, String userPath) {
        if (!userPath.equals(STDIN)) {
            return new InputFile(userPath, context.resolve(userPath), false);
        }
        try {
            Path temp = Files.createTempFile("jprofdata-stdin", ".tmp");
            // CliContext has no input stream: standard input is the process's own.
            Files.copy(System.in, temp, StandardCopyOption.REPLACE_EXISTING);
            return new InputFile(userPath, temp, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The name as the user typed it, for messages. */
    String displayName() {
        return displayName;
    }

    Path path() {
        return path;
    }

    @Override
    public void close() {
        if (temporary) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                // A leftover file in the temporary directory is harmless.
            }
        }
    }
}
