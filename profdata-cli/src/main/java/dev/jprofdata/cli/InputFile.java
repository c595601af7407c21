package dev.jprofdata.cli;

import dev.jprofdata.format.io.TemporaryCopy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A profile named on the command line, as a file the readers can open. Standard input ({@code -})
 * and named pipes (also {@code <(...)} in a shell, which passes {@code /dev/fd/N}) can be read only
 * once, while the readers look at a file more than once (its first bytes to tell the format, then
 * the whole of it; {@code overlap} reads its base twice; a merge probes every input first): they
 * are copied to a private temporary file before anything reads them. A device ({@code /dev/null},
 * {@code /dev/zero}, a terminal) is refused: it is no profile, and reading it would give an empty
 * profile or never end.
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

    /** Opens {@code userPath} (a byte string); a missing file is left for the reader to report. */
    static InputFile open(CliContext context, String userPath) {
        if (userPath.equals(STDIN)) {
            // CliContext has no input stream: standard input is the process's own.
            return copy(userPath, System.in);
        }
        Path path = context.resolve(userPath);
        return open(userPath, path, FileKind.of(path));
    }

    /** {@code path}, of the given kind, named {@code displayName} in messages. */
    static InputFile open(String displayName, Path path, FileKind kind) {
        if (kind.notAProfile() != null) {
            throw new CliException(displayName + ": " + kind.notAProfile());
        }
        if (kind == FileKind.PIPE || kind == FileKind.OTHER) {
            try (InputStream in = Files.newInputStream(path)) {
                return copy(displayName, in);
            } catch (IOException e) {
                throw new CliException(displayName + ": " + ReadErrors.reason(e));
            }
        }
        return new InputFile(displayName, path, false);
    }

    /** Copies {@code in} to a new private temporary file, keeping clear of a full disk. */
    private static InputFile copy(String displayName, InputStream in) {
        try {
            Path temp = TemporaryCopy.write(in, displayName, "jprofdata-input", ".tmp",
                    "copy it (it is read once, as a pipe)");
            return new InputFile(displayName, temp, true);
        } catch (TemporaryCopy.NoSpaceException e) {
            throw new CliException(e.getMessage());
        } catch (IOException e) {
            throw new CliException(displayName + ": " + ReadErrors.reason(e));
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
            delete(path);
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // A leftover file in the temporary directory is harmless.
        }
    }
}
