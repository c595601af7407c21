package dev.jprofdata.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the small text files merge takes besides profiles (input lists, remapping files) with the
 * same care as profiles: never more than {@link #MAX_BYTES} are read, so a wrong argument (a
 * profile, a device, a huge log) fails with a clear message instead of filling the heap. Their
 * contents are names of inputs or symbols; nothing read from inside a profile ever becomes a path.
 *
 * <p>Lines are bytes, one char each (ISO-8859-1): file names are bytes in no particular encoding
 * ({@link dev.jprofdata.format.io.FileNames}), so no content is an encoding error. They end at
 * {@code \n} only, as LLVM's line reader splits them; a {@code \r} before it stays on the line for
 * the caller to trim.
 */
final class BoundedTextFile {
    private BoundedTextFile() {
    }

    /** Far above any real list or remapping file (a million 60-byte lines). */
    static final long MAX_BYTES = 64L << 20;

    static List<String> readLines(Path path, String displayName) {
        byte[] bytes;
        try {
            if (Files.isDirectory(path)) {
                throw new CliException(displayName + ": Is a directory");
            }
            long size = Files.size(path);
            if (size > MAX_BYTES) {
                throw tooLarge(displayName, size + " bytes");
            }
            // Read as a stream, once, up to the limit: a pipe or a device has no size to check first.
            try (InputStream in = Files.newInputStream(path)) {
                bytes = in.readNBytes((int) MAX_BYTES + 1);
            }
        } catch (NoSuchFileException e) {
            throw new CliException(displayName + ": No such file or directory");
        } catch (IOException e) {
            throw new CliException(displayName + ": " + ReadErrors.reason(e));
        }
        if (bytes.length > MAX_BYTES) {
            throw tooLarge(displayName, "more than " + MAX_BYTES + " bytes");
        }
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                lines.add(new String(bytes, start, i - start, StandardCharsets.ISO_8859_1));
                start = i + 1;
            }
        }
        if (start < bytes.length) {
            lines.add(new String(bytes, start, bytes.length - start, StandardCharsets.ISO_8859_1));
        }
        return lines;
    }

    private static CliException tooLarge(String displayName, String size) {
        return new CliException(displayName + ": file is too large (" + size + "; the limit for list and remapping"
                + " files is " + MAX_BYTES + ")");
    }
}
