package dev.jprofdata.format.text;

import dev.jprofdata.format.ProfileFormatException;

/**
 * A malformed text profile. {@link #reason()} is exactly LLVM's message (so the CLI can print it
 * unchanged); {@link #offset()} is the byte offset of the offending line's first byte (or of the end
 * of the input for truncation); {@link #lineNumber()} is that line's 1-based number, counting the
 * comment and blank lines the reader skips.
 */
public final class TextProfileException extends ProfileFormatException {
    private static final long serialVersionUID = 1L;

    private final long lineNumber;

    public TextProfileException(String file, long offset, long lineNumber, Kind kind, String reason) {
        super(file, offset, kind, reason);
        this.lineNumber = lineNumber;
    }

    /** As the five-argument constructor, with the kind taken from the reason by {@link Kind#ofReason}. */
    public TextProfileException(String file, long offset, long lineNumber, String reason) {
        this(file, offset, lineNumber, Kind.ofReason(reason), reason);
    }

    public long lineNumber() {
        return lineNumber;
    }

    @Override
    public String getMessage() {
        return super.getMessage() + " (line " + lineNumber + ")";
    }

    @Override
    public ProfileFormatException withFile(String newFile) {
        TextProfileException e = new TextProfileException(newFile, offset(), lineNumber, kind(), reason());
        e.initCause(getCause());
        return e;
    }
}
