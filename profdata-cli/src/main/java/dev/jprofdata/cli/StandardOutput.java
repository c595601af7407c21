package dev.jprofdata.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Standard output that remembers why a write failed. A {@link PrintStream} swallows write errors
 * and keeps only a flag ({@link PrintStream#checkError()}); this one also keeps the exception, so
 * that a full disk or a closed pipe can stop the command with the system's reason
 * ({@link #check}). Commands write to any {@code PrintStream} (tests pass their own); for one
 * that is not a {@code StandardOutput} the reason is unknown.
 */
final class StandardOutput extends PrintStream {
    private final Recorder recorder;

    private StandardOutput(Recorder recorder) {
        // As System.out is made (a small buffer, flushed by every println and write), but in
        // ISO-8859-1: every char the commands print stands for one byte (profile and file names
        // are byte strings; see FileNames).
        super(new java.io.BufferedOutputStream(recorder, 128), true, java.nio.charset.StandardCharsets.ISO_8859_1);
        this.recorder = recorder;
    }

    /** Over {@code out}. */
    static StandardOutput of(OutputStream out) {
        return new StandardOutput(new Recorder(out));
    }

    /** The process's standard output. */
    static StandardOutput system() {
        return of(new FileOutputStream(FileDescriptor.out));
    }

    /** The first write failure, or null. */
    IOException failure() {
        return recorder.failure;
    }

    /** Throws {@link OutputFailure} if a write to {@code out} has failed (flushing it first). */
    static void check(PrintStream out) {
        if (out.checkError()) {
            throw failure(out);
        }
    }

    /** Why writing to {@code out} failed, as the error to report. */
    static OutputFailure failure(PrintStream out) {
        IOException cause = out instanceof StandardOutput s ? s.failure() : null;
        return new OutputFailure(OutputFailure.STDOUT, cause != null ? cause : new IOException("write error"));
    }

    /**
     * {@code out} as a stream that throws {@link OutputFailure} as soon as a write fails, for the
     * writers that take an {@code OutputStream} (merge's profile on standard output).
     */
    static OutputStream checked(PrintStream out) {
        return new OutputStream() {
            @Override
            public void write(int b) {
                out.write(b);
                if (b == '\n') {
                    check(out);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                out.write(b, off, len);
                check(out);
            }

            @Override
            public void flush() {
                check(out);
            }
        };
    }

    /** Passes everything on and keeps the first failure. */
    private static final class Recorder extends FilterOutputStream {
        private volatile IOException failure;

        Recorder(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw remember(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw remember(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw remember(e);
            }
        }

        private IOException remember(IOException e) {
            if (failure == null) {
                failure = e;
            }
            return e;
        }
    }
}
