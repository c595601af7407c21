package dev.jprofdata.format.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Copies a stream that can be read only once (decompressed data, a pipe) into a private temporary
 * file, so that the readers, which need random access, can map it. The free space is checked every
 * 64 MiB rather than trusting any size the stream claims (gzip stores its size modulo 2^32, zstd
 * frames need not store it, a pipe has none): the copy stops 64 MiB short of a full disk instead of
 * filling it for everyone else.
 */
public final class TemporaryCopy {
    private TemporaryCopy() {
    }

    /** Space left free on the temporary file system, and how often it is checked. */
    private static final long DISK_MARGIN = 64L << 20;
    private static final int CHUNK = 1 << 16;

    /** The copy would leave less than the margin free; the message names the input and the purpose. */
    public static final class NoSpaceException extends IOException {
        private static final long serialVersionUID = 1L;

        NoSpaceException(String message) {
            super(message);
        }
    }

    /**
     * Copies the rest of {@code in} to a new temporary file named {@code prefix...suffix} and returns
     * it; the caller deletes it. {@code purpose} completes the message of a full disk:
     * {@code <displayName>: not enough space in the temporary directory to <purpose> (N bytes written)}.
     * On any failure the partial file is deleted.
     */
    public static Path write(InputStream in, String displayName, String prefix, String suffix, String purpose)
            throws IOException {
        Path temp = Files.createTempFile(prefix, suffix);
        boolean done = false;
        try (OutputStream out = Files.newOutputStream(temp)) {
            byte[] buffer = new byte[CHUNK];
            long written = 0;
            long checkedAt = -DISK_MARGIN;
            int n;
            while ((n = in.read(buffer)) > 0) {
                if (written - checkedAt >= DISK_MARGIN) {
                    if (Files.getFileStore(temp).getUsableSpace() < DISK_MARGIN + CHUNK) {
                        throw new NoSpaceException(displayName + ": not enough space in the temporary directory to "
                                + purpose + " (" + written + " bytes written)");
                    }
                    checkedAt = written;
                }
                out.write(buffer, 0, n);
                written += n;
            }
            done = true;
            return temp;
        } finally {
            if (!done) {
                Files.deleteIfExists(temp);
            }
        }
    }
}
