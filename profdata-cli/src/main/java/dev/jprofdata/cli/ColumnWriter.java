package dev.jprofdata.cli;

import java.io.IOException;
import java.io.Writer;

/**
 * Text with columns, as LLVM's {@code formatted_raw_ostream::PadToColumn} lays them out: padding to
 * a column always writes at least one space, even when the text already reaches the column (so a
 * column at 0 starts with a space).
 */
final class ColumnWriter {
    private final Writer out;
    private int column;

    ColumnWriter(Writer out) {
        this.out = out;
    }

    void write(String text) throws IOException {
        out.write(text);
        int newline = text.lastIndexOf('\n');
        column = newline >= 0 ? text.length() - newline - 1 : column + text.length();
    }

    void padTo(int target) throws IOException {
        int spaces = Math.max(target - column, 1);
        for (int i = 0; i < spaces; i++) {
            out.write(' ');
        }
        column += spaces;
    }
}
