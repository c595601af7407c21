package dev.jprofdata.format.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The only class that touches zstd-jni, so that the library loads without it: a missing jar or a
 * native library that cannot load becomes an {@link IOException} naming the cause, at the moment
 * zstd data is actually met.
 */
final class ZstdStreams {
    /** The message when zstd-jni is absent or unusable on this platform. */
    static final String UNAVAILABLE = "zstd-compressed data needs zstd-jni (com.github.luben:zstd-jni) on the class path";

    private ZstdStreams() {
    }

    /** zstd-jni is missing or cannot load; the message starts with {@link #UNAVAILABLE}. */
    static final class Unavailable extends IOException {
        private static final long serialVersionUID = 1L;

        Unavailable(LinkageError cause) {
            super(UNAVAILABLE + ": " + cause, cause);
        }
    }

    static InputStream input(InputStream in) throws IOException {
        try {
            return new com.github.luben.zstd.ZstdInputStream(in);
        } catch (LinkageError e) {
            throw new Unavailable(e);
        }
    }

    static OutputStream output(OutputStream out) throws IOException {
        try {
            return new com.github.luben.zstd.ZstdOutputStream(out, 3);
        } catch (LinkageError e) {
            throw new Unavailable(e);
        }
    }
}
