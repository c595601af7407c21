package dev.jprofdata.format.text;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The header of a text profile: the {@code :flag} lines before the first record, and the temporal
 * trace section that {@code :temporal_prof_traces} introduces.
 */
record TextHeader(ProfileKind kind, TemporalTraces traces) {

    /** Reads the header lines at the cursor, leaving it on the first record's name. */
    static TextHeader read(TextCursor c) throws IOException {
        long bits = 0;
        boolean frontEnd = false;
        List<TemporalTrace> traces = new ArrayList<>();
        long streamSize = 0;
        while (!c.atEnd() && c.line().startsWith(":")) {
            String flag = c.line().substring(1);
            if (is(flag, "ir")) {
                bits |= ProfileKind.IR;
            } else if (is(flag, "fe")) {
                // Only text can say "front end" explicitly; it is OR-ed in, so ":ir" + ":fe" is both.
                frontEnd = true;
            } else if (is(flag, "csir")) {
                bits |= ProfileKind.IR | ProfileKind.CONTEXT_SENSITIVE;
            } else if (is(flag, "entry_first")) {
                bits |= ProfileKind.ENTRY_FIRST;
            } else if (is(flag, "not_entry_first")) {
                bits &= ~ProfileKind.ENTRY_FIRST;
            } else if (is(flag, "instrument_loop_entries")) {
                bits |= ProfileKind.LOOP_ENTRIES;
            } else if (is(flag, "single_byte_coverage")) {
                bits |= ProfileKind.BYTE_COVERAGE;
            } else if (is(flag, "temporal_prof_traces")) {
                bits |= ProfileKind.TEMPORAL;
                streamSize = readTraces(c, traces);
            } else {
                throw c.error(Kind.CORRUPT_HEADER, TextCursor.BAD_HEADER);
            }
            c.advance();
        }
        return new TextHeader(new ProfileKind(bits, frontEnd), new TemporalTraces(traces, streamSize));
    }

    /**
     * Reads the trace count, the stream size and each trace's weight and name list, appending the
     * traces; returns the stream size. Leaves the cursor on the last line it used.
     */
    private static long readTraces(TextCursor c, List<TemporalTrace> out) throws IOException {
        long numTraces = nextNumber(c, UnsignedParser.U32);
        long streamSize = nextNumber(c, UnsignedParser.U64);
        for (long i = 0; i < numTraces; i++) {
            long weight = nextNumber(c, UnsignedParser.U64);
            nextLine(c);
            out.add(new TemporalTrace(weight, hashNames(c.line())));
        }
        return streamSize;
    }

    private static long nextNumber(TextCursor c, long max) throws IOException {
        nextLine(c);
        if (!c.parse(0, max)) {
            throw c.malformed(null);
        }
        return c.value();
    }

    private static void nextLine(TextCursor c) throws IOException {
        c.advance();
        if (c.atEnd()) {
            throw c.error(Kind.TRUNCATED, TextCursor.END_OF_FILE);
        }
    }

    /**
     * MD5 of each comma-separated name. Empty items are dropped before trimming, so an item of
     * blanks still counts (as the hash of the empty name).
     */
    private static long[] hashNames(String line) {
        long[] hashes = new long[8];
        int n = 0;
        int start = 0;
        while (start <= line.length()) {
            int comma = line.indexOf(',', start);
            int end = comma < 0 ? line.length() : comma;
            if (end > start) {
                if (n == hashes.length) {
                    hashes = Arrays.copyOf(hashes, n * 2);
                }
                hashes[n++] = Names.md5(trim(line.substring(start, end)));
            }
            start = end + 1;
        }
        return Arrays.copyOf(hashes, n);
    }

    /** LLVM's default trim set: space, \t, \n, \v, \f, \r. */
    static String trim(String s) {
        int b = 0;
        int e = s.length();
        while (b < e && isBlank(s.charAt(b))) {
            b++;
        }
        while (e > b && isBlank(s.charAt(e - 1))) {
            e--;
        }
        return s.substring(b, e);
    }

    private static boolean isBlank(char ch) {
        return ch == ' ' || (ch >= '\t' && ch <= '\r');
    }

    /** ASCII-only case-insensitive comparison, like LLVM's {@code equals_insensitive}. */
    private static boolean is(String s, String lowerFlag) {
        if (s.length() != lowerFlag.length()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch >= 'A' && ch <= 'Z') {
                ch = (char) (ch + ('a' - 'A'));
            }
            if (ch != lowerFlag.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
