package dev.jprofdata.format;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Scratch files for tests that write millions of small inputs (fuzz targets, sweeps): in /dev/shm
 * when there is one, to keep the disk out of the way, else in the temporary directory.
 */
public final class ScratchFiles {
    private ScratchFiles() {
    }

    /** The directory scratch files go to. */
    public static Path directory() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** A new scratch file, deleted when the JVM exits. */
    public static Path file(String suffix) {
        try {
            Path f = Files.createTempFile(directory(), "jprofdata-fuzz", suffix);
            f.toFile().deleteOnExit();
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
