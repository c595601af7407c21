package dev.jprofdata.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where a report ({@code show}, {@code overlap}) goes: standard output for {@code -}, else a file.
 *
 * <p>Text is written as ISO-8859-1 so that profile names, which are carried one byte per char,
 * come out as the original bytes.
 *
 * <p>A file is written to a temporary file next to it and renamed into place by {@link #commit()};
 * {@link #abandon()} deletes the temporary file, so a failed command leaves an existing output file
 * untouched (llvm-profdata truncates it before reading its input). An existing target that is
 * not a regular file (a device, a named pipe) is written like standard output instead: a rename
 * would replace the device node itself.
 *
 * <p>Standard output copies llvm-profdata's buffering: text reaches the stream in whole 4096-byte
 * blocks ({@link BlockTextWriter}) and whatever is pending when a command fails is dropped, so a
 * failing command prints exactly what llvm-profdata would have printed (nothing, for small outputs).
 */
final class CommandOutput implements AutoCloseable {
    static final String STDOUT = "-";

    private final PrintStream stdout;
    private final Path target;
    private final Path temp;
    private final OutputStream fileStream;
    private final BlockTextWriter writer;
    private boolean finished;

    private CommandOutput(PrintStream stdout, Path target, Path temp, OutputStream fileStream) {
        this.stdout = stdout;
        this.target = target;
        this.temp = temp;
        this.fileStream = fileStream;
        this.writer = new BlockTextWriter(fileStream == null ? stdout::write : fileStream::write);
    }

    /**
     * Opens {@code outputArg} ({@code -} for standard output). Fails like llvm-profdata when the file
     * cannot be created: {@code error: <file>: <reason>}.
     */
    static CommandOutput open(CliContext context, String outputArg) {
        if (outputArg.equals(STDOUT)) {
            return new CommandOutput(context.out(), null, null, null);
        }
        Path target = context.resolve(outputArg);
        try {
            // Write through a link to an existing file instead of replacing the link.
            if (Files.isSymbolicLink(target) && Files.exists(target)) {
                target = target.toRealPath();
            }
        } catch (IOException e) {
            // Unresolvable: fall back to the name as given.
        }
        if (Files.isDirectory(target)) {
            throw new CliException(outputArg + ": Is a directory");
        }
        Path dir = target.toAbsolutePath().getParent();
        try {
            if (Files.exists(target) && !Files.isRegularFile(target)) {
                // A device or a pipe (/dev/null, /dev/stdout): a rename would replace the device
                // itself, so it is written like standard output, in whole blocks as they fill.
                return new CommandOutput(null, target, null, Files.newOutputStream(target, StandardOpenOption.WRITE));
            }
            return createTemp(target, dir);
        } catch (NoSuchFileException e) {
            throw new CliException(outputArg + ": No such file or directory");
        } catch (AccessDeniedException e) {
            throw new CliException(outputArg + ": Permission denied");
        } catch (IOException e) {
            throw new CliException(outputArg + ": " + e.getMessage());
        }
    }

    /**
     * Creates the temporary file with the default permissions (0666 less the umask), as the
     * final file would get; {@code Files.createTempFile} would make it owner-only.
     */
    private static CommandOutput createTemp(Path target, Path dir) throws IOException {
        for (int attempt = 0; ; attempt++) {
            String name = "." + target.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp";
            Path temp = dir.resolve(name);
            try {
                OutputStream stream = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                return new CommandOutput(null, target, temp, stream);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }

    /** The text sink; chars are written as single bytes (ISO-8859-1). */
    BlockTextWriter writer() {
        return writer;
    }

    /**
     * Hands on the whole blocks written so far, as llvm-profdata's stream would have by now: call it
     * before printing to standard error in the middle of a report, so that the two interleave as
     * they do with llvm-profdata.
     */
    void flushBlocks() {
        writer.drainBlocks();
    }

    /** Makes the output final: the rest goes to stdout, or the file replaces the target. */
    void commit() {
        if (finished) {
            return;
        }
        finished = true;
        try {
            writer.drainAll();
            if (fileStream == null) {
                stdout.flush();
                return;
            }
            fileStream.close();
            if (temp == null) {
                return;
            }
            keepPermissions();
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            deleteTemp();
            throw new UncheckedIOException(e);
        } catch (UncheckedIOException e) {
            deleteTemp();
            throw e;
        }
    }

    /** Drops what was not written yet (stdout) or the whole temporary file (file output). */
    void abandon() {
        if (finished) {
            return;
        }
        finished = true;
        if (temp == null) {
            // What llvm-profdata's stream had handed on: every whole block; the rest is lost.
            try {
                writer.drainBlocks();
            } catch (UncheckedIOException e) {
                // Standard output is gone (a closed pipe): the command fails for its own reason.
            }
        }
        writer.discard();
        if (fileStream != null) {
            try {
                fileStream.close();
            } catch (IOException e) {
                // The file is deleted next; a close failure changes nothing.
            }
            deleteTemp();
        }
    }

    /** Abandons the output unless it was committed. */
    @Override
    public void close() {
        abandon();
    }

    /** A replaced file keeps its permissions, as it would if it were overwritten in place. */
    private void keepPermissions() {
        try {
            if (Files.exists(target)) {
                Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(target));
            }
        } catch (UnsupportedOperationException | IOException e) {
            // Not a POSIX file system, or not ours to read: the new file keeps the default mode.
        }
    }

    private void deleteTemp() {
        if (temp == null) {
            return;
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // Nothing better to do: the temporary file name starts with a dot and ends in .tmp.
        }
    }
}
