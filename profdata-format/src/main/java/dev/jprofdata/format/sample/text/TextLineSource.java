package dev.jprofdata.format.sample.text;

import dev.jprofdata.format.sample.SampleErrors;
import dev.jprofdata.format.sample.SampleProfileException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The lines of a text sample profile as LLVM's line iterator gives them to its reader: a line ends
 * at {@code \n} or {@code \r\n} (a lone {@code \r} is an ordinary character); empty lines and lines
 * whose first character is {@code #} are skipped; line numbers count every physical line, skipped
 * ones included. Bytes become ISO-8859-1 characters, one per byte.
 *
 * <p>LLVM stops reading at a NUL byte. Where nothing but NULs follows (padding), so does this
 * source; where data follows, LLVM would drop it without a word, so this source fails instead.
 */
final class TextLineSource {
    private static final int BUFFER_SIZE = 1 << 16;

    private final InputStream in;
    private final String file;
    private final byte[] buf = new byte[BUFFER_SIZE];
    private int pos;
    private int limit;
    private boolean eof;

    private long lineNumber;
    private long nextLineNumber = 1;
    private byte[] line = new byte[256];
    private int lineLength;

    /**
     * When set, a NUL simply ends the input, whatever follows it: format detection looks only at
     * the first line, and for it a binary file's NUL must mean "not a text profile" (LLVM's
     * {@code Unrecognized sample profile encoding format}), not a damaged text profile.
     */
    private final boolean nulEndsInput;

    TextLineSource(InputStream in, String file) {
        this(in, file, false);
    }

    TextLineSource(InputStream in, String file, boolean nulEndsInput) {
        this.in = in;
        this.file = file;
        this.nulEndsInput = nulEndsInput;
    }

    /** The number of the line {@link #next} returned last. */
    long lineNumber() {
        return lineNumber;
    }

    /** The next line that is neither empty nor a column-0 comment, or null at the end. */
    String next() throws IOException {
        while (true) {
            int c = peek();
            if (c < 0) {
                return null;
            }
            if (c == '\n') {
                pos++;
                nextLineNumber++;
                continue;
            }
            if (c == '\r' && peekSecond() == '\n') {
                pos += 2;
                nextLineNumber++;
                continue;
            }
            lineNumber = nextLineNumber;
            boolean comment = c == '#';
            lineLength = 0;
            while (true) {
                int d = peek();
                if (d < 0) {
                    break;
                }
                if (d == '\n' || (d == '\r' && peekSecond() == '\n')) {
                    break;
                }
                if (!comment) {
                    append((byte) d);
                }
                pos++;
            }
            if (!comment) {
                return new String(line, 0, lineLength, StandardCharsets.ISO_8859_1);
            }
        }
    }

    private void append(byte b) {
        if (lineLength == line.length) {
            line = Arrays.copyOf(line, line.length * 2);
        }
        line[lineLength++] = b;
    }

    /** The next byte, -1 at the end of the input or at a NUL (which ends it). */
    private int peek() throws IOException {
        if (pos == limit && !fill()) {
            return -1;
        }
        int c = buf[pos] & 0xFF;
        if (c == 0) {
            stopAtNul();
            return -1;
        }
        return c;
    }

    /** The byte after the next one, or -1. */
    private int peekSecond() throws IOException {
        if (pos + 1 >= limit) {
            if (pos < limit) {
                System.arraycopy(buf, pos, buf, 0, limit - pos);
                limit -= pos;
                pos = 0;
            }
            if (!fillMore()) {
                return -1;
            }
        }
        return pos + 1 < limit ? buf[pos + 1] & 0xFF : -1;
    }

    private boolean fill() throws IOException {
        pos = 0;
        limit = 0;
        return fillMore();
    }

    /** Reads more bytes after {@code limit}; false when none came. */
    private boolean fillMore() throws IOException {
        if (eof) {
            return false;
        }
        int n = in.read(buf, limit, buf.length - limit);
        if (n <= 0) {
            eof = n < 0;
            return n > 0;
        }
        limit += n;
        return true;
    }

    private void stopAtNul() throws IOException {
        if (nulEndsInput) {
            eof = true;
            pos = limit = 0;
            return;
        }
        long at = lineNumber == 0 ? nextLineNumber : Math.max(lineNumber, nextLineNumber);
        while (true) {
            for (int i = pos; i < limit; i++) {
                if (buf[i] != 0) {
                    throw SampleProfileException.atLine(file, at, SampleErrors.MALFORMED
                            + ": a NUL byte, where llvm-profdata stops reading although data follows;"
                            + " the file is damaged");
                }
            }
            if (!fill()) {
                eof = true;
                pos = limit = 0;
                return;
            }
        }
    }
}
