package dev.jprofdata.format;

import dev.jprofdata.format.indexed.IndexedProfileReader;
import dev.jprofdata.format.raw.RawProfileReader;
import dev.jprofdata.format.text.TextProfileReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Opens a profile file of any format, detected from its first bytes as LLVM does. */
public final class ProfileReaders {
    private ProfileReaders() {
    }

    public static final String EMPTY_FILE = "empty raw profile file";
    public static final String UNRECOGNIZED = "unrecognized instrumentation profile encoding format";

    /** Opens {@code path}; messages name it {@code displayName}. */
    public static ProfileReader open(Path path, String displayName) throws IOException {
        return switch (detect(path, displayName)) {
            case RAW -> RawProfileReader.open(path, displayName);
            case INDEXED -> IndexedProfileReader.open(path, displayName);
            case TEXT -> TextProfileReader.open(path, displayName);
        };
    }

    public static ProfileReader open(Path path) throws IOException {
        return open(path, path.toString());
    }

    /**
     * The format of {@code path}: indexed magic, raw magic (either width, either byte order), or text
     * when the first bytes (up to 8) are all printable ASCII or white space.
     */
    public static ProfileFormat detect(Path path, String displayName) throws IOException {
        byte[] head = new byte[8];
        int n;
        try (InputStream in = Files.newInputStream(path)) {
            n = in.readNBytes(head, 0, 8);
        } catch (NoSuchFileException e) {
            throw new ProfileFormatException(displayName, -1, "No such file or directory");
        }
        if (n == 0) {
            throw new ProfileFormatException(displayName, 0, EMPTY_FILE);
        }
        if (n == 8) {
            long le = 0;
            for (int i = 7; i >= 0; i--) {
                le = (le << 8) | (head[i] & 0xFF);
            }
            if (le == Magic.INDEXED) {
                return ProfileFormat.INDEXED;
            }
            long be = Long.reverseBytes(le);
            if (le == Magic.RAW64 || le == Magic.RAW32 || be == Magic.RAW64 || be == Magic.RAW32) {
                return ProfileFormat.RAW;
            }
        }
        for (int i = 0; i < n; i++) {
            int c = head[i] & 0xFF;
            boolean printable = c >= 0x20 && c <= 0x7E;
            boolean space = c == ' ' || (c >= 0x09 && c <= 0x0D);
            if (!printable && !space) {
                throw new ProfileFormatException(displayName, 0, UNRECOGNIZED);
            }
        }
        return ProfileFormat.TEXT;
    }
}
