package dev.jprofdata.format.io;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.ZipException;

/**
 * Reading compressed profiles: a decompressing stream whose decoding errors are
 * {@link ProfileFormatException}s naming the file and the offset in the compressed file, and
 * spilling such a stream to a temporary file for the readers that need random access.
 */
public final class Decompression {
    /**
     * Decompression-bomb guard: the decompressed data may exceed {@link #BOMB_FLOOR} only while it
     * stays within this many times the compressed file's size. Real profiles compress 2 to 20
     * times. Deflate (gzip) cannot pass about 1032:1, so the ratio must lie well below that for a
     * gzip bomb to trip it (it was 4096 until 2026-11-27, which only zstd, up to ~32000:1 on runs of
     * one byte, could reach). Overridable with {@code -Djprofdata.maxDecompressionRatio=N}.
     */
    static final long DEFAULT_MAX_RATIO = 256;
    /** Below this many decompressed bytes the ratio is not checked, so small files always read. */
    static final long BOMB_FLOOR = 256L << 20;

    private Decompression() {
    }

    /** Opens {@code path}, compressed with {@code compression}, as a stream of decompressed bytes. */
    public static InputStream open(Path path, String displayName, Compression compression) throws IOException {
        InputStream file;
        try {
            file = Files.newInputStream(path);
        } catch (NoSuchFileException e) {
            throw new ProfileFormatException(displayName, -1, Kind.NOT_FOUND, "No such file or directory");
        }
        CountingInputStream counted = new CountingInputStream(file);
        try {
            long limit = limit(Files.size(path));
            return new GuardedInputStream(compression.decompress(counted), counted, displayName, compression, limit);
        } catch (IOException | RuntimeException e) {
            file.close();
            throw translate(e, counted, displayName, compression);
        }
    }

    /** Copies the rest of decompressed {@code in} to a new temporary file ({@link TemporaryCopy}); the caller deletes it. */
    public static Path spill(InputStream in, String displayName) throws IOException {
        return TemporaryCopy.write(in, displayName, "jprofdata-", ".decompressed", "decompress it");
    }

    /** The most decompressed bytes accepted from a compressed file of {@code compressedSize} bytes. */
    static long limit(long compressedSize) {
        long ratio = Long.getLong("jprofdata.maxDecompressionRatio", DEFAULT_MAX_RATIO);
        if (ratio <= 0 || compressedSize > Long.MAX_VALUE / ratio) {
            return Long.MAX_VALUE;
        }
        return Math.max(BOMB_FLOOR, compressedSize * ratio);
    }

    private static IOException translate(Exception e, CountingInputStream counted, String file, Compression c) {
        String what = c.name().toLowerCase(Locale.ROOT);
        if (e instanceof ProfileFormatException p) {
            return p;
        }
        if (e instanceof GzipMembers.TrailingGarbage g) {
            // gzip -d warns "decompression OK, trailing garbage ignored" and exits 2; a profile is
            // refused instead, since what follows may be a damaged member whose counts would be lost.
            return new ProfileFormatException(file, g.offset(), Kind.MALFORMED,
                    "trailing garbage after gzip data (not a gzip member)", e);
        }
        if (e instanceof EOFException) {
            return new ProfileFormatException(file, counted.count(), Kind.TRUNCATED, "truncated " + what + " data", e);
        }
        if (e instanceof ZipException || e.getClass().getName().startsWith("com.github.luben.zstd")) {
            return new ProfileFormatException(file, counted.count(), Kind.MALFORMED,
                    "malformed " + what + " data: " + e.getMessage(), e);
        }
        if (e instanceof ZstdStreams.Unavailable u) {
            return new ProfileFormatException(file, -1, Kind.DECOMPRESSOR_UNAVAILABLE, u.getMessage(), e);
        }
        if (e instanceof IOException io) {
            return io;
        }
        return new ProfileFormatException(file, counted.count(), Kind.MALFORMED,
                "malformed " + what + " data: " + e, e);
    }

    /** Turns decoding failures into {@link ProfileFormatException}s as they surface. */
    private static final class GuardedInputStream extends FilterInputStream {
        private final CountingInputStream counted;
        private final String file;
        private final Compression compression;
        private final long limit;
        private long produced;

        GuardedInputStream(InputStream in, CountingInputStream counted, String file, Compression compression,
                long limit) {
            super(in);
            this.counted = counted;
            this.file = file;
            this.compression = compression;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b;
            try {
                b = super.read();
            } catch (IOException | RuntimeException e) {
                throw translate(e, counted, file, compression);
            }
            if (b >= 0) {
                account(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n;
            try {
                n = super.read(b, off, len);
            } catch (IOException | RuntimeException e) {
                throw translate(e, counted, file, compression);
            }
            if (n > 0) {
                account(n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long s;
            try {
                s = super.skip(n);
            } catch (IOException | RuntimeException e) {
                throw translate(e, counted, file, compression);
            }
            if (s > 0) {
                account(s);
            }
            return s;
        }

        /** Counts {@code n} more decompressed bytes and refuses a decompression bomb. */
        private void account(long n) throws ProfileFormatException {
            produced += n;
            if (produced > limit) {
                throw new ProfileFormatException(file, counted.count(), Kind.DECOMPRESSION_LIMIT,
                        "decompressed " + compression.name()
                        .toLowerCase(Locale.ROOT) + " data is larger than " + limit + " bytes (a decompression"
                        + " bomb? -Djprofdata.maxDecompressionRatio=N raises the limit)");
            }
        }
    }

    /** Counts the compressed bytes consumed, for error offsets. */
    private static final class CountingInputStream extends FilterInputStream {
        private long count;

        CountingInputStream(InputStream in) {
            super(in);
        }

        long count() {
            return count;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long s = super.skip(n);
            count += s;
            return s;
        }
    }
}
