package dev.jprofdata.format.text;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;

/**
 * The shared reading state of the header and record parsers: the significant lines, a number
 * parser and the error factory that attaches the file name and the offending line's position.
 */
final class TextCursor {
    static final String TRUNCATED = "truncated profile data";
    /** LLVM's text for {@code instrprof_error::eof}, seen when the trace section ends early. */
    static final String END_OF_FILE = "end of File";
    static final String BAD_HEADER = "invalid instrumentation profile data (file header is corrupt)";
    static final String MALFORMED = "malformed instrumentation profile data";

    private final TextLines lines;
    private final String file;
    private final UnsignedParser numbers = new UnsignedParser();

    TextCursor(TextLines lines, String file) {
        this.lines = lines;
        this.file = file;
    }

    String file() {
        return file;
    }

    /** The current line, or {@code null} at the end. */
    String line() {
        return lines.current();
    }

    boolean atEnd() {
        return lines.atEnd();
    }

    void advance() throws IOException {
        lines.advance();
    }

    /** Parses the current line as a number (see {@link UnsignedParser}); true on success. */
    boolean parse(int radix, long max) {
        CharSequence line = lines.currentChars();
        return line != null && numbers.parse(line, radix, max);
    }

    /**
     * The current line's characters, valid until {@link #advance}, or {@code null} at the end: for
     * reading a line without making a String of it.
     */
    CharSequence lineChars() {
        return lines.currentChars();
    }

    /** Parses {@code chars[from, to)} (part of a line) as a number; true on success. */
    boolean parse(CharSequence chars, int from, int to, int radix, long max) {
        return numbers.parse(chars, from, to, radix, max);
    }

    /** Parses an arbitrary piece of text (part of a line) as a number; true on success. */
    boolean parse(String text, int radix, long max) {
        return numbers.parse(text, radix, max);
    }

    /** The value of the last successful parse. */
    long value() {
        return numbers.value();
    }

    /** A problem at the current line (or at the end of the input when there is none). */
    TextProfileException error(Kind kind, String reason) {
        return new TextProfileException(file, lines.offset(), lines.lineNumber(), kind, reason);
    }

    /** As {@link #error(Kind, String)}, with the kind taken from the reason. */
    TextProfileException error(String reason) {
        return error(Kind.ofReason(reason), reason);
    }

    /** LLVM's "malformed" error, with its optional detail. */
    TextProfileException malformed(String detail) {
        return error(Kind.MALFORMED, detail == null ? MALFORMED : MALFORMED + ": " + detail);
    }

    /** Fails with "truncated profile data" when the input has ended. */
    void requireLine() throws TextProfileException {
        if (lines.atEnd()) {
            throw error(Kind.TRUNCATED, TRUNCATED);
        }
    }
}
