package dev.jprofdata.format.pcsampling;

import dev.jprofdata.format.ProfileFormatException;

/**
 * A PC-sampling input that cannot be read: the file, what is wrong, and where. A CSV problem
 * carries its line's 1-based number and the byte offset of that line's first byte; a JSON problem
 * carries the byte offset of the token it was found at and no line ({@link #lineNumber()} -1).
 */
public final class PcSamplingFormatException extends ProfileFormatException {
    private static final long serialVersionUID = 1L;

    private final long lineNumber;

    public PcSamplingFormatException(String file, long offset, long lineNumber, Kind kind, String reason) {
        super(file, offset, kind, reason);
        this.lineNumber = lineNumber;
    }

    public PcSamplingFormatException(String file, long offset, long lineNumber, Kind kind, String reason,
            Throwable cause) {
        this(file, offset, lineNumber, kind, reason);
        initCause(cause);
    }

    /** The 1-based line number of a CSV problem, or -1. */
    public long lineNumber() {
        return lineNumber;
    }

    @Override
    public String getMessage() {
        return lineNumber > 0 ? super.getMessage() + " (line " + lineNumber + ")" : super.getMessage();
    }

    @Override
    public ProfileFormatException withFile(String newFile) {
        PcSamplingFormatException e = new PcSamplingFormatException(newFile, offset(), lineNumber, kind(), reason());
        e.initCause(getCause());
        return e;
    }
}
