package dev.jprofdata.format.pcsampling;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The lines of a CSV file, read from a stream in constant memory: each line's text (UTF-8, without
 * its {@code \n} or {@code \r\n}), its 1-based number and the byte offset of its first byte, for
 * messages. A line longer than {@link #MAX_LINE_BYTES} is an error rather than an ever-growing
 * buffer.
 */
final class CsvLines {
    /** Far above any real row (a row is a few hundred bytes; a long source path is a few KiB). */
    static final int MAX_LINE_BYTES = 1 << 20;

    private final InputStream in;
    private final String file;
    private final byte[] buffer = new byte[1 << 16];
    private int bufferEnd;
    private int bufferPos;
    private long bufferStart;
    private byte[] line = new byte[256];
    private long lineNumber;
    private long lineOffset;
    private boolean lastHadLineEnd = true;

    CsvLines(InputStream in, String file) {
        this.in = in;
        this.file = file;
    }

    /** The next line, or null at the end of the input. */
    /**
     * The column names of the header line (a leading byte-order mark dropped); an empty file is an
     * error.
     */
    java.util.List<String> header(String file) throws IOException {
        String header = next();
        if (header == null) {
            throw new PcSamplingFormatException(file, 0, -1, Kind.EMPTY_FILE, "empty file: no CSV header");
        }
        if (header.startsWith("\uFEFF")) {
            header = header.substring(1);
        }
        return CsvFields.split(header);
    }

    String next() throws IOException {
        int length = 0;
        long start = -1;
        while (true) {
            if (bufferPos == bufferEnd) {
                bufferStart += bufferEnd;
                bufferPos = 0;
                bufferEnd = Math.max(0, in.read(buffer));
                if (bufferEnd == 0) {
                    if (start < 0) {
                        return null;
                    }
                    lastHadLineEnd = false;
                    return finish(start, length);
                }
            }
            if (start < 0) {
                start = bufferStart + bufferPos;
            }
            byte b = buffer[bufferPos++];
            if (b == '\n') {
                lastHadLineEnd = true;
                return finish(start, length);
            }
            if (length == MAX_LINE_BYTES) {
                throw new PcSamplingFormatException(file, start, lineNumber + 1, Kind.TOO_LARGE,
                        "line longer than " + MAX_LINE_BYTES + " bytes: not a rocprofv3 CSV file");
            }
            if (length == line.length) {
                line = Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, line.length * 2));
            }
            line[length++] = b;
        }
    }

    private String finish(long start, int length) {
        lineNumber++;
        lineOffset = start;
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        return new String(line, 0, length, StandardCharsets.UTF_8);
    }

    /** The number of the line {@link #next} returned last (1-based). */
    long lineNumber() {
        return lineNumber;
    }

    /** The byte offset of the first byte of that line. */
    long lineOffset() {
        return lineOffset;
    }

    /** Whether that line ended with a line end (false: the file ends without one). */
    boolean lastHadLineEnd() {
        return lastHadLineEnd;
    }

    /** An error about the current line. */
    PcSamplingFormatException error(Kind kind, String reason) {
        return new PcSamplingFormatException(file, lineOffset, lineNumber, kind, reason);
    }
}
