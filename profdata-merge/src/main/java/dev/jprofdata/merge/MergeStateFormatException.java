package dev.jprofdata.merge;

import java.io.IOException;

/**
 * An encoded merge state ({@link MergeStateCodec}) that cannot be decoded: which encoding (a file,
 * or a task's partial state), what is wrong and at which byte of it.
 */
public final class MergeStateFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final long offset;
    private final String reason;

    public MergeStateFormatException(String source, long offset, String reason) {
        super(source + ": " + reason + " (at byte " + offset + ")");
        this.source = source;
        this.offset = offset;
        this.reason = reason;
    }

    /** The encoding's name (a file or a task), as given to the decoder. */
    public String source() {
        return source;
    }

    /** Byte offset of the problem within the encoding. */
    public long offset() {
        return offset;
    }

    public String reason() {
        return reason;
    }
}
