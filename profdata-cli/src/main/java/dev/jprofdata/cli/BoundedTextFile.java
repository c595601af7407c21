package dev.jprofdata.cli;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the small text files merge takes besides profiles (input lists, remapping files) with the
 * same care as profiles: the size is checked before anything is read, so a wrong argument (a
 * profile, a device, a huge log) fails with a clear message instead of filling the heap. Their
 * contents are names of inputs or symbols; nothing read from inside a profile ever becomes a path.
 */
final class BoundedTextFile {
    private BoundedTextFile() {
    }

    /** Far above any real list or remapping file (a million 60-byte lines). */
    static final long MAX_BYTES = 64L << 20;

    static List<String> readLines(Path path, String displayName) {
        try {
            if (Files.isDirectory(path)) {
                throw new CliException(displayName + ": Is a directory");
            }
            long size = Files.size(path);
            if (size > MAX_BYTES) {
                throw tooLarge(displayName, size + " bytes");
            }
            // The size of a device or a pipe says nothing (0 for /dev/zero): read at most one byte
            // past the limit, whatever the size said.
            byte[] bytes;
            try (InputStream in = Files.newInputStream(path)) {
                bytes = in.readNBytes((int) MAX_BYTES + 1);
            }
            if (bytes.length > MAX_BYTES) {
                throw tooLarge(displayName, "more than " + MAX_BYTES + " bytes");
            }
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.ISO_8859_1))) {
                return lines.lines().toList();
            }
        } catch (NoSuchFileException e) {
            throw new CliException(displayName + ": No such file or directory");
        } catch (IOException e) {
            throw new CliException(displayName + ": " + (e.getMessage() == null ? "cannot be read" : e.getMessage()));
        }
    }

    private static CliException tooLarge(String displayName, String size) {
        return new CliException(displayName + ": file is too large (" + size + "; the limit for list and remapping files"
                + " is " + MAX_BYTES + ")");
    }
}
