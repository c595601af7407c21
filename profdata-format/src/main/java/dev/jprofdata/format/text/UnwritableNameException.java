package dev.jprofdata.format.text;

import java.io.IOException;

/**
 * A function name that a text profile cannot hold so that it reads back as the same name: the
 * format has no quoting, a record starts with its name on a line of its own, and the reader skips
 * empty lines and lines starting with {@code #}, ends a line at {@code \n} or {@code \r\n}, and
 * stops at a NUL byte. llvm-profdata writes such names anyway and the file then reads back as other
 * functions, or not at all; {@link TextProfileWriter#write} refuses before writing anything.
 */
public final class UnwritableNameException extends IOException {
    private static final long serialVersionUID = 1L;

    UnwritableNameException(String name, String why) {
        super("function name " + printable(name) + " cannot be written to a text profile (" + why
                + "): it would not read back; write an indexed profile instead");
    }

    /** Why {@code name} cannot stand on a line of a text profile, or null when it can. */
    static String problem(String name) {
        if (name.isEmpty()) {
            return "it is empty";
        }
        if (name.indexOf('\n') >= 0) {
            return "it contains a line break";
        }
        if (name.indexOf('\0') >= 0) {
            return "it contains a NUL byte";
        }
        if (name.charAt(0) == '#') {
            return "it starts with '#', which marks a comment line";
        }
        if (name.charAt(name.length() - 1) == '\r') {
            return "it ends with a carriage return";
        }
        return null;
    }

    /** The name with control characters shown as escapes, quoted, for a one-line message. */
    private static String printable(String name) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                b.append(String.format("\\x%02x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
