package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileFormatException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** How {@code show} and {@code overlap} report a profile they cannot read. */
final class ReadErrors {
    private ReadErrors() {
    }

    /** llvm-profdata's hint after an unrecognized format (show, overlap and order print it). */
    static final String UNRECOGNIZED_NOTE = "note: Perhaps you forgot to use the --sample or --memory option?";

    /** Prints {@code error: <whence>: <reason>}, plus the note when the format was not recognized. */
    static void print(PrintStream err, String whence, IOException e) {
        err.println("error: " + whence + ": " + reason(e));
        if (e instanceof ProfileFormatException p && p.kind() == ProfileFormatException.Kind.UNRECOGNIZED_FORMAT) {
            err.println(UNRECOGNIZED_NOTE);
        }
        err.flush();
    }

    /**
     * As {@link #print}, with the file that failed named after {@code whence}:
     * {@code error: <whence>: <file>: <reason>}. For commands with two inputs ({@code overlap}),
     * where LLVM's message does not say which of them failed.
     */
    static void printNamingTheFile(PrintStream err, String whence, IOException e) {
        String file = null;
        if (e instanceof ProfileFormatException p) {
            file = p.file();
        } else if (e instanceof FileSystemException f) {
            file = f.getFile();
        }
        print(err, file == null ? whence : whence + ": " + file, e);
    }

    /** The problem without a file name: LLVM's reason text (with our byte offset), or strerror's. */
    static String reason(IOException e) {
        if (e instanceof ProfileFormatException p) {
            return p.offset() >= 0 ? p.reason() + " (at byte " + p.offset() + ")" : p.reason();
        }
        if (e instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage();
    }
}
