package dev.jprofdata.merge;

/**
 * The lines of an input list ({@code -f}/{@code --input-files}: one {@code FILE} or
 * {@code W,FILE} per line) as llvm-profdata reads them. The command and the Spark job read lists
 * through here.
 */
public final class InputListLines {
    private InputListLines() {
    }

    /** The entry {@code line} holds, trimmed; null for a blank line or a {@code #} comment, which LLVM skips. */
    public static String entry(String line) {
        String entry = trim(line);
        return entry.isEmpty() || entry.startsWith("#") ? null : entry;
    }

    /** {@code line} without what LLVM's list reader trims at both ends: space, tab, \v, \f and \r. */
    private static String trim(String line) {
        int b = 0;
        int e = line.length();
        while (b < e && " \t\u000B\f\r".indexOf(line.charAt(b)) >= 0) {
            b++;
        }
        while (e > b && " \t\u000B\f\r".indexOf(line.charAt(e - 1)) >= 0) {
            e--;
        }
        return line.substring(b, e);
    }
}
