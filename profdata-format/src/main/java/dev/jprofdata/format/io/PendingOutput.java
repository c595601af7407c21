package dev.jprofdata.format.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One output being produced: the content goes to {@link #temporary()}, and {@link #commit()} puts
 * it in place the way {@link AtomicOutput} describes. Closing it without a commit deletes the
 * temporary file and leaves the output as it was.
 */
public final class PendingOutput implements AutoCloseable {

    /** How the finished content reaches the output. */
    enum Mode {
        /** Renamed over it: a reader sees the old file or the complete new one. */
        RENAME,
        /** Copied into the existing file, which is truncated first (the file keeps its identity). */
        IN_PLACE,
        /** Copied into a device or a pipe, which a rename would replace. */
        INTO_DEVICE
    }

    private static final int COPY_BUFFER = 1 << 20;

    private final Path given;
    private final Path target;
    private final Path temporary;
    /** The temporary file is in the temporary directory, not next to the output. */
    private final boolean elsewhere;
    private final Mode mode;
    private final FileOperations ops;
    private boolean finished;

    private PendingOutput(Path given, Path target, Path temporary, boolean elsewhere, Mode mode, FileOperations ops) {
        this.given = given;
        this.target = target;
        this.temporary = temporary;
        this.elsewhere = elsewhere;
        this.mode = mode;
        this.ops = ops;
    }

    /** Decides how {@code given} is written and creates the temporary file for it. */
    static PendingOutput begin(Path given, FileOperations ops) throws OutputFailedException {
        Path absolute = given.toAbsolutePath();
        try {
            if (Files.exists(absolute)) {
                return existing(given, absolute, ops);
            }
            // A new file, perhaps named through a dangling symbolic link: open(O_CREAT), which
            // llvm-profdata uses, creates the file the link names; so is it created here.
            Path target = followLinks(absolute);
            Path dir = target.getParent();
            if (dir == null || !Files.isDirectory(dir)) {
                String reason = dir != null && Files.exists(dir) ? "Not a directory" : "No such file or directory";
                throw new OutputFailedException(given, reason, false, null);
            }
            TemporaryFiles.removeStale(dir, target.getFileName().toString(), TemporaryFiles.RUN_START);
            return new PendingOutput(given, target, createNextTo(target, ops), false, Mode.RENAME, ops);
        } catch (IOException e) {
            throw OutputFailedException.of(given, e, false);
        }
    }

    /** An output that exists: a directory (refused), a device, or a regular file. */
    private static PendingOutput existing(Path given, Path absolute, FileOperations ops) throws IOException {
        if (Files.isDirectory(absolute)) {
            throw new OutputFailedException(given, "Is a directory", false, null);
        }
        if (!Files.isRegularFile(absolute)) {
            return new PendingOutput(given, absolute, privateTemporary(), true, Mode.INTO_DEVICE, ops);
        }
        Path real = realFile(absolute);
        if (real == null) {
            // Reached through a link that names no path (/proc/self/fd/1 of a deleted file):
            // only the name as given reaches it.
            return new PendingOutput(given, absolute, privateTemporary(), true, Mode.IN_PLACE, ops);
        }
        TemporaryFiles.removeStale(real.getParent(), real.getFileName().toString(), TemporaryFiles.RUN_START);
        // A file with other hard links is rewritten, as llvm-profdata rewrites it: a rename would
        // give this name a new file and leave the other names with the old content.
        Mode mode = linkCount(real) > 1 ? Mode.IN_PLACE : Mode.RENAME;
        try {
            return new PendingOutput(given, real, createNextTo(real, ops), false, mode, ops);
        } catch (IOException e) {
            // The directory takes no new file (not writable, immutable): a plain write still works
            // if the file itself is writable, so check that now and produce the content elsewhere.
            try (FileChannel writable = FileChannel.open(real, StandardOpenOption.WRITE)) {
                // Opened without truncating: nothing changes yet.
            } catch (IOException notWritable) {
                throw OutputFailedException.of(given, notWritable, false);
            }
            return new PendingOutput(given, real, privateTemporary(), true, Mode.IN_PLACE, ops);
        }
    }

    /** Where {@code file}'s content really is, or null when its links name no such path. */
    private static Path realFile(Path file) {
        try {
            Path real = file.toRealPath();
            return Files.isSameFile(real, file) ? real : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** The path at the end of {@code path}'s chain of symbolic links (40 at most, as Linux allows). */
    private static Path followLinks(Path path) throws IOException {
        Path p = path;
        for (int i = 0; Files.isSymbolicLink(p); i++) {
            if (i == 40) {
                throw new java.nio.file.FileSystemException(path.toString(), null, "Too many levels of symbolic links");
            }
            p = p.resolveSibling(Files.readSymbolicLink(p));
        }
        return p;
    }

    private static long linkCount(Path file) {
        try {
            return ((Number) Files.getAttribute(file, "unix:nlink")).longValue();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return 1;
        }
    }

    /** A new temporary file next to {@code target}, named as {@link TemporaryFiles} names them. */
    private static Path createNextTo(Path target, FileOperations ops) throws IOException {
        // The name's bytes (FileNames): the JVM's text of a non-ASCII name may not be encodable.
        String name = FileNames.fileName(target);
        for (int attempt = 0; ; attempt++) {
            Path temp = FileNames.resolveSibling(target, TemporaryFiles.nameFor(name));
            // Tracked before it exists, so no moment passes in which a stopped process would leave it.
            TemporaryFiles.track(temp);
            try {
                ops.createNew(temp);
                return temp;
            } catch (FileAlreadyExistsException e) {
                TemporaryFiles.untrack(temp); // someone else's: never delete it
                if (attempt >= 100) {
                    throw e;
                }
            } catch (IOException | RuntimeException e) {
                TemporaryFiles.untrack(temp);
                throw e;
            }
        }
    }

    /** A private (rw-------) file in the temporary directory. */
    private static Path privateTemporary() throws IOException {
        Path temp = Files.createTempFile("jprofdata-", ".tmp");
        TemporaryFiles.track(temp);
        return temp;
    }

    /** Where the content goes. */
    public Path temporary() {
        return temporary;
    }

    /** The output as the caller named it. */
    public Path target() {
        return given;
    }

    /** How the content will be put in place (for tests). */
    Mode mode() {
        return mode;
    }

    /**
     * A failure while producing the content, as an error naming the output (and the temporary
     * directory, when that is where the content went).
     */
    public OutputFailedException failed(IOException e) {
        if (e instanceof OutputFailedException o) {
            return o;
        }
        String reason = OutputFailedException.reasonOf(e);
        if (elsewhere) {
            reason += " (writing the temporary copy in " + temporary.getParent() + ")";
        }
        return new OutputFailedException(given, reason, false, e);
    }

    /**
     * Runs {@code producer} on the temporary file. The system's I/O errors become errors naming the
     * output; jprofdata's own exceptions (a writer refusing the content, such as GPU wave counters
     * in a text profile) say what is wrong with the content and pass unchanged.
     */
    void produce(AtomicOutput.Producer producer) throws IOException {
        try {
            producer.writeTo(temporary);
        } catch (IOException e) {
            throw isContentError(e) ? e : failed(e);
        }
    }

    /** An exception type of jprofdata's own (not the JDK's I/O errors), other than an output failure. */
    static boolean isContentError(IOException e) {
        return !(e instanceof OutputFailedException) && e.getClass().getPackageName().startsWith("dev.jprofdata.");
    }

    /**
     * Puts the complete content in place: renamed over the output, or copied into it (see
     * {@link AtomicOutput}). When a rename is refused (a bind-mounted file: EBUSY; EXDEV; a sticky
     * directory: EPERM) and the output is a regular file, the content is copied into it instead.
     */
    public void commit() throws OutputFailedException {
        if (finished) {
            throw new IllegalStateException("output already committed or abandoned: " + given);
        }
        finished = true;
        try {
            switch (mode) {
                case RENAME -> renameIntoPlace();
                case IN_PLACE -> copyInto(true);
                case INTO_DEVICE -> copyInto(false);
                default -> throw new IllegalStateException(mode.name());
            }
        } finally {
            TemporaryFiles.delete(temporary);
        }
    }

    private void renameIntoPlace() throws OutputFailedException {
        try (FileChannel ch = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
            ch.force(true);
        } catch (IOException e) {
            throw failed(e);
        }
        keepPermissions();
        try {
            ops.rename(temporary, target);
        } catch (IOException e) {
            if (!Files.isRegularFile(target)) {
                throw OutputFailedException.of(given, e, false);
            }
            copyInto(true);
            return;
        }
        TemporaryFiles.untrack(temporary);
        syncDirectory(target.getParent());
    }

    /**
     * Copies the temporary file into the output: a regular file is truncated first and forced to
     * disk after; a device is written as it is.
     */
    private void copyInto(boolean regular) throws OutputFailedException {
        boolean truncated = false;
        try (FileChannel in = FileChannel.open(temporary, StandardOpenOption.READ)) {
            if (regular) {
                try (FileChannel out = FileChannel.open(target, StandardOpenOption.WRITE, StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING)) {
                    truncated = true;
                    ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(COPY_BUFFER, Math.max(1, in.size())));
                    while (in.read(buffer) >= 0) {
                        buffer.flip();
                        while (buffer.hasRemaining()) {
                            out.write(buffer);
                        }
                        buffer.clear();
                    }
                    out.force(true);
                }
            } else {
                // Opened only now that the content is complete: a failed producer sends it nothing.
                try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.WRITE)) {
                    Files.copy(temporary, out);
                }
            }
        } catch (IOException e) {
            throw OutputFailedException.of(given, e, truncated);
        }
    }

    /** A replaced file keeps its permissions, as it would if it were overwritten in place. */
    private void keepPermissions() {
        try {
            if (Files.exists(target)) {
                Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(target));
            }
        } catch (UnsupportedOperationException | IOException e) {
            // Not a POSIX file system, or not ours to read: the new file keeps the default mode.
        }
    }

    /** Makes the rename itself durable; not every platform can open a directory, so best effort. */
    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | RuntimeException e) {
            // The data is on disk already; only the rename's durability is at stake.
        }
    }

    /** Deletes the temporary file unless the output was committed; the output is left as it was. */
    @Override
    public void close() {
        if (!finished) {
            finished = true;
            TemporaryFiles.delete(temporary);
        }
    }
}
