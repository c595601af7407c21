package dev.jprofdata.format;

import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.indexed.IndexedProfileReader;
import dev.jprofdata.format.io.Compression;
import dev.jprofdata.format.io.Decompression;
import dev.jprofdata.format.raw.NameTableCache;
import dev.jprofdata.format.raw.RawProfileReader;
import dev.jprofdata.format.text.TextProfileReader;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Opens a profile file of any format, detected from its first bytes as LLVM does. gzip and zstd
 * compressed files (recognised by their magic bytes) are decompressed transparently.
 */
public final class ProfileReaders {
    private ProfileReaders() {
    }

    public static final String EMPTY_FILE = "empty raw profile file";
    public static final String UNRECOGNIZED = "unrecognized instrumentation profile encoding format";

    /** Opens {@code path}; messages name it {@code displayName}. */
    public static ProfileReader open(Path path, String displayName) throws IOException {
        return open(path, displayName, new NameTableCache());
    }

    /**
     * Opens {@code path}; a raw profile takes its decoded names from {@code names} when another
     * file had the same names section (see {@link NameTableCache}).
     *
     * <p>Not API: {@link NameTableCache} is exported only to {@code dev.jprofdata.merge}, which
     * shares one across a merge's readers (spec/library-api.md).
     */
    @SuppressWarnings("exports")
    public static ProfileReader open(Path path, String displayName, NameTableCache names) throws IOException {
        return open(path, displayName, names, MemoryGuard.NONE);
    }

    /**
     * Opens {@code path}; the reader asks {@code guard} before it builds what grows with the input
     * (names, a record's counters and value sites; see {@link MemoryGuard}).
     */
    public static ProfileReader open(Path path, String displayName, MemoryGuard guard) throws IOException {
        return open(path, displayName, new NameTableCache(), guard);
    }

    /**
     * As {@link #open(Path, String, NameTableCache)}; the reader asks {@code guard} before it builds
     * what grows with the input (names, a record's counters and value sites; see {@link MemoryGuard}).
     * Not API, for the same reason.
     */
    @SuppressWarnings("exports")
    public static ProfileReader open(Path path, String displayName, NameTableCache names, MemoryGuard guard)
            throws IOException {
        Compression compression = compression(path, displayName);
        if (compression != Compression.NONE) {
            return openCompressed(path, displayName, compression, names, guard);
        }
        return switch (detect(path, displayName)) {
            case RAW -> RawProfileReader.open(path, displayName, names, guard);
            case INDEXED -> IndexedProfileReader.open(path, displayName, guard);
            case TEXT -> TextProfileReader.open(path, displayName, guard);
        };
    }

    public static ProfileReader open(Path path) throws IOException {
        return open(path, path.toString());
    }

    /**
     * The bytes of {@code path} as the readers see them: decompressed when the file is gzip or zstd
     * compressed, else the file itself. For peeking at headers without opening a reader.
     */
    public static InputStream openDecompressed(Path path, String displayName) throws IOException {
        Compression compression = compression(path, displayName);
        if (compression != Compression.NONE) {
            return Decompression.open(path, displayName, compression);
        }
        return Files.newInputStream(path);
    }

    private static Compression compression(Path path, String displayName) throws IOException {
        try {
            return Compression.of(path);
        } catch (NoSuchFileException e) {
            throw new ProfileFormatException(displayName, -1, Kind.NOT_FOUND, "No such file or directory");
        }
    }

    /**
     * Opens a gzip or zstd compressed profile. Text is read straight from the decompressing stream;
     * raw and indexed data, which the readers map, is spilled to a temporary file that is unlinked as
     * soon as the reader has it open (on systems that refuse that, it is deleted at exit). Offsets in
     * messages about the profile itself are offsets in the decompressed data.
     */
    private static ProfileReader openCompressed(Path path, String displayName, Compression compression,
            NameTableCache names, MemoryGuard guard) throws IOException {
        InputStream in = new BufferedInputStream(Decompression.open(path, displayName, compression), 1 << 16);
        try {
            in.mark(8);
            byte[] head = in.readNBytes(8);
            in.reset();
            ProfileFormat format = detect(head, head.length, displayName);
            if (format == ProfileFormat.TEXT) {
                ProfileReader reader = TextProfileReader.open(in, displayName, guard);
                in = null;
                return reader;
            }
            Path temp = Decompression.spill(in, displayName);
            try {
                return format == ProfileFormat.RAW ? RawProfileReader.open(temp, displayName, names, guard)
                        : IndexedProfileReader.open(temp, displayName, guard);
            } finally {
                try {
                    Files.delete(temp);
                } catch (IOException e) {
                    temp.toFile().deleteOnExit();
                }
            }
        } finally {
            if (in != null) {
                in.close();
            }
        }
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
            throw new ProfileFormatException(displayName, -1, Kind.NOT_FOUND, "No such file or directory");
        }
        Compression compression = Compression.of(head, n);
        if (compression != Compression.NONE) {
            try (InputStream in = Decompression.open(path, displayName, compression)) {
                head = new byte[8];
                n = in.readNBytes(head, 0, 8);
            }
        }
        return detect(head, n, displayName);
    }

    /** The format of data starting with the {@code n} bytes of {@code head}, as {@link #detect(Path, String)}. */
    private static ProfileFormat detect(byte[] head, int n, String displayName) throws ProfileFormatException {
        if (n == 0) {
            throw new ProfileFormatException(displayName, 0, Kind.EMPTY_FILE, EMPTY_FILE);
        }
        if (n == 8) {
            ProfileFormat binary = Magic.binaryFormatOf(ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN).getLong(0));
            if (binary != null) {
                return binary;
            }
        }
        for (int i = 0; i < n; i++) {
            int c = head[i] & 0xFF;
            boolean printable = c >= 0x20 && c <= 0x7E;
            boolean space = c == ' ' || (c >= 0x09 && c <= 0x0D);
            if (!printable && !space) {
                throw new ProfileFormatException(displayName, 0, Kind.UNRECOGNIZED_FORMAT, UNRECOGNIZED);
            }
        }
        return ProfileFormat.TEXT;
    }
}
