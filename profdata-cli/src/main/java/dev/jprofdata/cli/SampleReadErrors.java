package dev.jprofdata.cli;

import dev.jprofdata.format.sample.SampleProfileException;
import java.io.IOException;
import java.io.PrintStream;

/** How {@code show --sample} and {@code overlap --sample} report a sample profile they cannot read. */
final class SampleReadErrors {
    private SampleReadErrors() {
    }

    /**
     * {@code error: <file>: <reason>}; for a text profile the file is followed by the line, as
     * LLVM's text reader reports it ({@code error: prof.txt:2: ...}). Unlike for instrumentation
     * profiles, LLVM adds no hint about {@code --sample} to an unrecognized format.
     */
    static void print(PrintStream err, String file, IOException e) {
        String whence = file;
        if (e instanceof SampleProfileException s && s.line() >= 0 && s.file() != null) {
            whence = s.file();
        }
        err.println("error: " + whence + ": " + ReadErrors.reason(e));
        err.flush();
    }
}
