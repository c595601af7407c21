package dev.jprofdata.format.pcsampling;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Splitting rocprofv3 CSV lines into fields. rocprofv3 wraps every string field in {@code "} but
 * does not escape a {@code "} inside one; strings often hold commas (instruction operands, kernel
 * signatures). {@link #split} reads the usual CSV quoting; {@link #sampleRow} also reads the sample
 * rows whose strings hold unescaped quotes, from the fixed layout of those rows.
 */
final class CsvFields {
    private CsvFields() {
    }

    /** The fields of {@code line} under standard CSV quoting ({@code ""} inside quotes is one quote). */
    static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    /**
     * The {@code columns} fields of a sample row: three unquoted numbers, the quoted instruction and
     * comment, then {@code columns - 5} fields none of which holds a comma (numbers and enum names).
     * This reads the rows whose instruction or comment holds an unescaped quote, which
     * {@link #split} would misread; null if the row does not have that shape.
     */
    static List<String> sampleRow(String line, int columns) {
        List<String> fields = new ArrayList<>(columns);
        int from = 0;
        for (int i = 0; i < 3; i++) {
            int comma = line.indexOf(',', from);
            if (comma < 0) {
                return null;
            }
            fields.add(line.substring(from, comma));
            from = comma + 1;
        }
        int to = line.length();
        List<String> tail = new ArrayList<>();
        for (int i = 0; i < columns - 5; i++) {
            int comma = line.lastIndexOf(',', to - 1);
            if (comma < from) {
                return null;
            }
            tail.add(0, unquote(line.substring(comma + 1, to)));
            to = comma;
        }
        String middle = line.substring(from, to);
        if (middle.length() < 5 || middle.charAt(0) != '"' || middle.charAt(middle.length() - 1) != '"') {
            return null;
        }
        String inner = middle.substring(1, middle.length() - 1);
        // The instruction ends at the first '","': disassembly never holds that sequence, while a
        // source path in the comment might.
        int split = inner.indexOf("\",\"");
        if (split < 0) {
            return null;
        }
        fields.add(inner.substring(0, split));
        fields.add(inner.substring(split + 3));
        fields.addAll(tail);
        return fields;
    }

    private static String unquote(String s) {
        return s.length() >= 2 && s.charAt(0) == '"' && s.charAt(s.length() - 1) == '"' ? s.substring(1, s.length() - 1)
                : s;
    }

    /** {@code text} as an unsigned 64-bit decimal, or an error naming {@code column}. */
    static long unsigned(CsvLines lines, String column, String text) throws PcSamplingFormatException {
        String t = text.trim();
        if (t.isEmpty() || t.charAt(0) == '+') {
            throw lines.error(Kind.MALFORMED, column + " is not an unsigned integer: '" + shorten(t) + "'");
        }
        try {
            return Long.parseUnsignedLong(t);
        } catch (NumberFormatException e) {
            throw lines.error(Kind.MALFORMED, column + " is not an unsigned integer: '" + shorten(t) + "'");
        }
    }

    /** {@code s}, cut to a length that fits in a one-line message. */
    static String shorten(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
