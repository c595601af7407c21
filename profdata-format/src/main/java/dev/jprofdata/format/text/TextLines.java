package dev.jprofdata.format.text;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The significant lines of a text profile, one at a time, with the position of each.
 *
 * <p>Follows LLVM's line iterator as the text reader configures it:
 * <ul>
 *   <li>a line ends at {@code \n} or {@code \r\n}; a {@code \r} not followed by {@code \n} is an
 *       ordinary character (so {@code "5\r"} at the end of a file stays {@code "5\r"});</li>
 *   <li>empty lines and lines whose very first character is {@code #} are skipped; nothing is
 *       trimmed, so an indented {@code #} line is data;</li>
 *   <li>a NUL character ends the input, because LLVM scans a NUL-terminated buffer; but where
 *       anything other than NULs follows it, the file is damaged and LLVM would drop the rest of
 *       it without a word, so reading fails there instead ({@link #stopAtNul}).</li>
 * </ul>
 * Bytes are read as they are and stand for the ISO-8859-1 characters of the same value, so that
 * one {@code char} is one byte and byte offsets are character counts. (Reading bytes rather than
 * decoded characters spares a decoding pass and a copy per line: a third of reading a text
 * profile's lines.)
 */
final class TextLines {
    private static final int BUFFER_SIZE = 1 << 16;
    private static final byte[] CARRIAGE_RETURN = {'\r'};

    private final InputStream in;
    private final String file;
    private final byte[] buf = new byte[BUFFER_SIZE];
    private int pos;
    private int limit;
    /** Offset of {@code buf[0]} in the file. */
    private long bufStart;
    private boolean eof;

    /** The lines terminated so far (1-based number of the line being scanned). */
    private long physicalLine = 1;
    /** The current line's bytes are {@code line[0, lineLength)}. */
    private byte[] line = new byte[256];
    private int lineLength;
    private final CharSequence lineChars = new LineChars();

    /** The current line's String is made on first request. */
    private boolean atEnd;
    private String current;
    private long currentOffset;
    private long currentLineNumber;

    TextLines(InputStream in, String file) throws IOException {
        this.in = in;
        this.file = file;
        advance();
    }

    /** The current line, or {@code null} at the end of the input. */
    String current() {
        if (current == null && !atEnd) {
            current = new String(line, 0, lineLength, StandardCharsets.ISO_8859_1);
        }
        return current;
    }

    /**
     * The current line's characters, valid until {@link #advance}, or {@code null} at the end: for
     * parsing a number without making a String of every counter line.
     */
    CharSequence currentChars() {
        return atEnd ? null : lineChars;
    }

    boolean atEnd() {
        return atEnd;
    }

    /** Byte offset of the current line's first character, or of the end of input. */
    long offset() {
        return currentOffset;
    }

    /** 1-based number of the current line (counting skipped lines), or of the line after the end. */
    long lineNumber() {
        return currentLineNumber;
    }

    /** Moves to the next significant line. */
    void advance() throws IOException {
        current = null;
        while (true) {
            long start = bufStart + pos;
            long number = physicalLine;
            int first = peek();
            if (first < 0) {
                atEnd = true;
                currentOffset = start;
                currentLineNumber = number;
                return;
            }
            if (first == '#') {
                readLine(); // comment: consumed and dropped
                continue;
            }
            readLine();
            if (lineLength == 0 && !eof) {
                continue; // blank line
            }
            if (lineLength == 0) {
                // The input ended (or hit NUL) right here: nothing more to return.
                atEnd = true;
                currentOffset = start;
                currentLineNumber = number;
                return;
            }
            currentOffset = start;
            currentLineNumber = number;
            return;
        }
    }

    /**
     * Reads up to and excluding the next line end into {@link #line}, consuming the line end. At a
     * NUL or the end of the input it stops and marks the input as ended.
     */
    private void readLine() throws IOException {
        lineLength = 0;
        while (true) {
            if (pos == limit && !fill()) {
                return;
            }
            byte c = buf[pos];
            if (c == '\n') {
                pos++;
                physicalLine++;
                return;
            }
            if (c == '\r') {
                pos++;
                int next = peek();
                if (next == '\n') {
                    pos++;
                    physicalLine++;
                    return;
                }
                append(CARRIAGE_RETURN, 0, 1);
                continue;
            }
            if (c == 0) {
                stopAtNul();
                return;
            }
            // Copy the run of ordinary characters in one go.
            int runStart = pos;
            while (pos < limit) {
                byte d = buf[pos];
                if (d == '\n' || d == '\r' || d == 0) {
                    break;
                }
                pos++;
            }
            append(buf, runStart, pos - runStart);
        }
    }

    private void append(byte[] from, int at, int length) {
        if (line.length - lineLength < length) {
            line = Arrays.copyOf(line, Math.max(line.length * 2, lineLength + length));
        }
        System.arraycopy(from, at, line, lineLength, length);
        lineLength += length;
    }

    /** The next character without consuming it, or -1 at the end of input or at a NUL. */
    private int peek() throws IOException {
        if (pos == limit && !fill()) {
            return -1;
        }
        byte c = buf[pos];
        if (c == 0) {
            stopAtNul();
            return -1;
        }
        return c & 0xFF;
    }

    /**
     * Ends the input at the NUL at {@code pos}, as LLVM does, when only NULs follow it (a file padded
     * with zeros loses nothing). When anything else follows, that data would be lost without a word
     * (a record cut off at a record boundary even reads as a complete, smaller profile), so this
     * fails instead, naming the NUL's offset and the first data byte after it.
     */
    private void stopAtNul() throws IOException {
        long nulOffset = bufStart + pos;
        long lineNumber = physicalLine;
        eof = true;
        long data = firstNonNulAfter(pos + 1);
        if (data >= 0) {
            throw new TextProfileException(file, nulOffset, lineNumber, Kind.MALFORMED, TextCursor.MALFORMED
                    + ": a NUL byte, where llvm-profdata stops reading although data follows (at byte " + data
                    + "); the file is damaged");
        }
    }

    /** The offset of the first byte that is not NUL from {@code buf[from]} on, or -1 if there is none. */
    private long firstNonNulAfter(int from) throws IOException {
        long base = bufStart;
        int at = from;
        int end = limit;
        byte[] chunk = buf;
        while (true) {
            for (; at < end; at++) {
                if (chunk[at] != 0) {
                    return base + at;
                }
            }
            base += end;
            at = 0;
            end = in.read(chunk, 0, chunk.length);
            if (end < 0) {
                return -1;
            }
        }
    }

    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        bufStart += limit;
        pos = 0;
        limit = 0;
        int n = in.read(buf, 0, buf.length);
        while (n == 0) {
            n = in.read(buf, 0, buf.length);
        }
        if (n < 0) {
            eof = true;
            return false;
        }
        limit = n;
        return true;
    }

    /** The current line's bytes as ISO-8859-1 characters, without a copy. */
    private final class LineChars implements CharSequence {
        @Override
        public int length() {
            return lineLength;
        }

        @Override
        public char charAt(int index) {
            if (index >= lineLength) {
                throw new IndexOutOfBoundsException(index);
            }
            return (char) (line[index] & 0xFF);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return toString().substring(start, end);
        }

        @Override
        public String toString() {
            return current();
        }
    }
}
