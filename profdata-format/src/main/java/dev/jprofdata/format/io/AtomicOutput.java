package dev.jprofdata.format.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file so that readers only ever see the old content or the complete new one: the data
 * goes to a temporary file in the same directory, is forced to disk, and is renamed over the
 * target. If writing fails the temporary file is removed and the target is untouched. Targets
 * that are not regular files (devices, pipes) get the complete content copied in instead, since a
 * rename would replace the device itself.
 */
public final class AtomicOutput {
    private AtomicOutput() {
    }

    /** Produces the content into the given temporary path. */
    @FunctionalInterface
    public interface Producer {
        void writeTo(Path temporary) throws IOException;
    }

    /**
     * Writes {@code target} from what {@code producer} puts into a temporary file. A target that is
     * a symbolic link to an existing file is written through: the file it points to is replaced, the
     * link stays. A target that exists but is no regular file (a device such as {@code /dev/null}, a
     * named pipe, {@code /dev/stdout}) cannot be replaced by a rename: the complete content is
     * copied into it once the producer has finished, so a failed write still sends it nothing.
     */
    public static void write(Path target, Producer producer) throws IOException {
        Path absolute = target.toAbsolutePath();
        if (Files.exists(absolute)) {
            Path real = absolute.toRealPath();
            if (!Files.isRegularFile(real)) {
                copyInto(absolute, producer);
                return;
            }
            absolute = real;
        }
        Path dir = absolute.getParent();
        if (!Files.isDirectory(dir)) {
            throw new java.nio.file.NoSuchFileException(target.toString());
        }
        removeStaleTemporaries(dir, absolute.getFileName().toString(), RUN_START);
        Path tmp = Files.createTempFile(dir, "." + absolute.getFileName() + ".", ".tmp");
        boolean done = false;
        try {
            keepUsualPermissions(tmp, absolute);
            producer.writeTo(tmp);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            try {
                Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
            syncDirectory(dir);
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** Produces into a private temporary file, then copies the whole of it into {@code device}. */
    private static void copyInto(Path device, Producer producer) throws IOException {
        // Opened only once the content is complete: a failed producer sends the device nothing.
        throughTemporary(producer, tmp -> {
            try (java.io.OutputStream out = Files.newOutputStream(device, StandardOpenOption.WRITE)) {
                Files.copy(tmp, out);
            }
        });
    }

    /**
     * Produces into a private temporary file, then copies the whole of it to {@code out} (which
     * stays open): for streams such as standard output, which can neither be renamed over nor
     * written at an offset, and which get nothing when the producer fails.
     */
    public static void writeThrough(java.io.OutputStream out, Producer producer) throws IOException {
        throughTemporary(producer, tmp -> {
            Files.copy(tmp, out);
            out.flush();
        });
    }

    /** Runs {@code producer} into a private temporary file, then {@code copier} on it; deletes it. */
    private static void throughTemporary(Producer producer, Producer copier) throws IOException {
        Path tmp = Files.createTempFile("jprofdata", ".out");
        try {
            producer.writeTo(tmp);
            copier.writeTo(tmp);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * When this class was first used: every temporary file this process writes is created after
     * that, so files last modified before it cannot belong to a write of this run. (Until
     * 2026-11-26 the JVM's start time, from the management beans, whose initialisation cost 5 ms
     * of every merge; a file being written by another process has a recent time either way.)
     */
    private static final long RUN_START = System.currentTimeMillis();

    /**
     * Deletes our own leftovers for {@code name} in {@code dir}: files named like the temporaries
     * {@link #write} creates ({@code .<name>.<digits>.tmp}) and last modified before
     * {@code olderThanMillis}, left behind when an earlier run was killed mid-write. Other files are
     * never touched. Returns how many were removed; problems are ignored (cleanup is best effort).
     */
    public static int removeStaleTemporaries(Path dir, String name, long olderThanMillis) {
        java.util.regex.Pattern ours = java.util.regex.Pattern.compile(
                "\\." + java.util.regex.Pattern.quote(name) + "\\.[0-9]+\\.tmp");
        int removed = 0;
        try (java.nio.file.DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "." + globSafe(name) + ".*.tmp")) {
            for (Path p : entries) {
                try {
                    if (ours.matcher(p.getFileName().toString()).matches() && Files.isRegularFile(p,
                            java.nio.file.LinkOption.NOFOLLOW_LINKS)
                            && Files.getLastModifiedTime(p).toMillis() < olderThanMillis) {
                        Files.deleteIfExists(p);
                        removed++;
                    }
                } catch (IOException e) {
                    // Someone else's file or already gone: leave it.
                }
            }
        } catch (IOException | RuntimeException e) {
            // Unlistable directory: the write itself will report real problems.
        }
        return removed;
    }

    /**
     * Whether {@code fileName} is named like a temporary file jprofdata writes next to an output:
     * {@code .<name>.<digits>.tmp} ({@link #write}) or {@code .<name>.<hex digits>.tmp} (the
     * reports of {@code show}, {@code overlap} and {@code order}). A run killed while writing leaves
     * one behind; a merge of the directory must not take it for an input. The one test of that
     * naming: change it here when the names change.
     */
    public static boolean isTemporaryName(String fileName) {
        return TEMPORARY_NAME.matcher(fileName).matches();
    }

    private static final java.util.regex.Pattern TEMPORARY_NAME = java.util.regex.Pattern.compile(
            "\\..+\\.[0-9a-f]+\\.tmp", java.util.regex.Pattern.DOTALL);

    /** Glob metacharacters in a file name replaced by '?', so the glob only narrows the listing. */
    private static String globSafe(String name) {
        return name.replaceAll("[*?\\[\\]{}\\\\]", "?");
    }

    /** Makes the rename itself durable; not every platform can open a directory, so best effort. */
    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | RuntimeException e) {
            // The data is on disk already; only the rename's durability is at stake.
        }
    }

    /**
     * Temporary files are created private (rw-------); give the output the permissions of the file
     * it replaces, or rw-r--r-- for a new file, like an ordinary write would.
     */
    private static void keepUsualPermissions(Path tmp, Path target) {
        try {
            java.util.Set<java.nio.file.attribute.PosixFilePermission> perms = Files.exists(target)
                    ? Files.getPosixFilePermissions(target)
                    : java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--");
            Files.setPosixFilePermissions(tmp, perms);
        } catch (UnsupportedOperationException | IOException e) {
            // Not a POSIX file system: keep the defaults.
        }
    }
}
