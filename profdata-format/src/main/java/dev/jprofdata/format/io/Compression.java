package dev.jprofdata.format.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * The compressions jprofdata reads transparently, recognised by their magic bytes (never by file
 * name): gzip ({@code 1f 8b}) and zstd ({@code 28 b5 2f fd}). zstd needs the optional zstd-jni
 * library on the class path.
 */
public enum Compression {
    NONE,
    GZIP,
    ZSTD;

    /** The compression of data starting with {@code head} (of which {@code length} bytes are valid). */
    public static Compression of(byte[] head, int length) {
        if (length >= 2 && (head[0] & 0xFF) == 0x1f && (head[1] & 0xFF) == 0x8b) {
            return GZIP;
        }
        if (length >= 4 && (head[0] & 0xFF) == 0x28 && (head[1] & 0xFF) == 0xb5 && (head[2] & 0xFF) == 0x2f
                && (head[3] & 0xFF) == 0xfd) {
            return ZSTD;
        }
        return NONE;
    }

    /** The compression of the file at {@code path}, from its first bytes. */
    public static Compression of(Path path) throws IOException {
        byte[] head = new byte[4];
        int n;
        try (InputStream in = Files.newInputStream(path)) {
            n = in.readNBytes(head, 0, head.length);
        }
        return of(head, n);
    }

    /** The compression an output file name asks for: {@code .gz} or {@code .zst}, else none. */
    public static Compression forFileName(String name) {
        if (name.endsWith(".zst")) {
            return ZSTD;
        }
        if (name.endsWith(".gz")) {
            return GZIP;
        }
        return NONE;
    }

    /**
     * Decompresses {@code in} (this compression's format) as a stream: every gzip member or zstd
     * frame in turn; data after the last gzip member that is not zero bytes is an error (see
     * {@link GzipMembers}).
     */
    public InputStream decompress(InputStream in) throws IOException {
        return switch (this) {
            case NONE -> in;
            case GZIP -> new GzipMembers(in);
            case ZSTD -> ZstdStreams.input(in);
        };
    }

    /** Compresses into {@code out}; closing the returned stream finishes the compressed data. */
    public OutputStream compress(OutputStream out) throws IOException {
        return switch (this) {
            case NONE -> out;
            case GZIP -> new GZIPOutputStream(out, 1 << 16);
            case ZSTD -> ZstdStreams.output(out);
        };
    }
}
