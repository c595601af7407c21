package dev.jprofdata.format;

import java.io.IOException;

/**
 * A profile file is malformed, truncated, of an unsupported version or otherwise unreadable.
 *
 * <p>{@link #reason()} is the problem in LLVM's wording where LLVM has one (for example
 * {@code truncated profile data}); {@link #file()} is the file name as the user gave it;
 * {@link #offset()} is the byte offset the problem was found at, or -1 when no single offset
 * applies.
 */
public class ProfileFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long offset;
    private final String reason;

    public ProfileFormatException(String file, long offset, String reason) {
        super(compose(file, offset, reason));
        this.file = file;
        this.offset = offset;
        this.reason = reason;
    }

    public ProfileFormatException(String file, long offset, String reason, Throwable cause) {
        this(file, offset, reason);
        initCause(cause);
    }

    private static String compose(String file, long offset, String reason) {
        StringBuilder sb = new StringBuilder();
        if (file != null) {
            sb.append(file).append(": ");
        }
        sb.append(reason);
        if (offset >= 0) {
            sb.append(" (at byte ").append(offset).append(')');
        }
        return sb.toString();
    }

    public String file() {
        return file;
    }

    public long offset() {
        return offset;
    }

    /** The problem without file name or offset. */
    public String reason() {
        return reason;
    }

    /** The same problem attributed to another file name (readers are sometimes opened unnamed). */
    public ProfileFormatException withFile(String newFile) {
        ProfileFormatException e = new ProfileFormatException(newFile, offset, reason);
        e.initCause(getCause());
        return e;
    }
}
