package dev.jprofdata.format.sample;

import dev.jprofdata.format.ProfileFormatException;

/**
 * A sample profile that cannot be read. Binary formats name a byte offset; the text format names a
 * line ({@link #line()}, 1-based, -1 when none), as LLVM's {@code file:line: message} does.
 */
public class SampleProfileException extends ProfileFormatException {
    private static final long serialVersionUID = 1L;

    private final long line;

    /** A problem at byte {@code offset} (-1 when none) of a binary file. */
    public SampleProfileException(String file, long offset, Kind kind, String reason) {
        super(file, offset, kind, reason);
        this.line = -1;
    }

    private SampleProfileException(String file, long line, String reason) {
        super(file == null ? null : file + ":" + line, -1, Kind.MALFORMED, reason);
        this.line = line;
    }

    /** A problem on text line {@code line} (1-based); the message reads {@code file:line: reason}. */
    public static SampleProfileException atLine(String file, long line, String reason) {
        return new SampleProfileException(file, line, reason);
    }

    public long line() {
        return line;
    }
}
