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
 * target. If writing fails the temporary file is removed and the target is untouched.
 */
public final class AtomicOutput {
    private AtomicOutput() {
    }

    /** Produces the content into the given temporary path. */
    @FunctionalInterface
    public interface Producer {
        void writeTo(Path temporary) throws IOException;
    }

    public static void write(Path target, Producer producer) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        if (!Files.isDirectory(dir)) {
            throw new java.nio.file.NoSuchFileException(target.toString());
        }
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
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
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
