package dev.jprofdata.merge;

/**
 * The lines of an input list ({@code -f}/{@code --input-files}: one {@code FILE} or
 * {@code W,FILE} per line) as llvm-profdata reads them. The command and the Spark job read lists
 * through here.
 */
public final class InputListLines {
    private InputListLines() {
    }

    /** {@code line} without what LLVM's list reader trims at both ends: space, tab, \v, \f and \r. */
    public static String trim(String line) {
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
