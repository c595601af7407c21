package dev.jprofdata.format.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * An output could not be written. It names the output as the caller gave it (never a hidden
 * temporary file) and gives the system's reason ({@code No space left on device}). When the output
 * was being rewritten in place and the write broke off, {@link #targetIncomplete()} says so: the
 * previous content is gone then.
 */
public final class OutputFailedException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path target;
    private final String reason;
    private final boolean targetIncomplete;

    public OutputFailedException(Path target, String reason, boolean targetIncomplete, Throwable cause) {
        super(target + ": " + describe(reason, targetIncomplete), cause);
        this.target = target;
        this.reason = reason;
        this.targetIncomplete = targetIncomplete;
    }

    /** A failure of {@code target} for the reason {@code cause} gives. */
    static OutputFailedException of(Path target, IOException cause, boolean targetIncomplete) {
        if (cause instanceof OutputFailedException already) {
            return already;
        }
        return new OutputFailedException(target, reasonOf(cause), targetIncomplete, cause);
    }

    /** The output as the caller named it. */
    public Path target() {
        return target;
    }

    /** The system's reason, as {@code strerror} words it where there is one. */
    public String reason() {
        return reason;
    }

    /** True when the output was being rewritten in place and now holds neither old nor new content. */
    public boolean targetIncomplete() {
        return targetIncomplete;
    }

    /** The reason and, when the output was damaged, a note saying so: what follows the name in a message. */
    public String detail() {
        return describe(reason, targetIncomplete);
    }

    private static String describe(String reason, boolean incomplete) {
        return incomplete ? reason + " (it was being rewritten in place and is now incomplete)" : reason;
    }

    /**
     * The reason of an I/O failure without its file name: {@code strerror}'s words for the common
     * cases Java turns into exception types, the system's text otherwise.
     */
    public static String reasonOf(IOException e) {
        if (e instanceof OutputFailedException o) {
            return o.detail();
        }
        if (e instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "File exists";
        }
        if (e instanceof NotDirectoryException) {
            return "Not a directory";
        }
        if (e instanceof FileSystemException f) {
            return f.getReason() != null ? f.getReason() : String.valueOf(f.getMessage());
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
