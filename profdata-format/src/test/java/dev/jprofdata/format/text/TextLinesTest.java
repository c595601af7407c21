package dev.jprofdata.format.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The significant lines of seeded inputs, read through short reads and across the 64 KiB buffer,
 * are those of a plain scan of the whole input by the rules in {@link TextLines}: {@code \n} or
 * {@code \r\n} end a line, a lone {@code \r} is data, empty and {@code #} lines are skipped, a NUL
 * followed only by NULs ends the input, a NUL followed by anything else is an error at the NUL, and
 * bytes 128-255 are the ISO-8859-1 characters of the same value.
 */
class TextLinesTest {

    /** A line as seen: its text, byte offset and physical line number; the end as a null text. */
    private record Seen(String text, long offset, long number) {
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void linesAreThoseOfAPlainScan(long seed) throws IOException {
        Random random = new Random(seed);
        byte[] alphabet = "ab9:#\r\n\n\n \u00e9\u00ff".getBytes(StandardCharsets.ISO_8859_1);
        byte[] input = new byte[random.nextInt(200_000)];
        for (int i = 0; i < input.length; i++) {
            // Long runs without line ends now and then, so lines also straddle buffer refills.
            input[i] = random.nextInt(50) == 0 ? (byte) 'x' : alphabet[random.nextInt(alphabet.length)];
        }
        if (seed % 3 == 0 && input.length > 0) {
            input[random.nextInt(input.length)] = 0;
        }
        if (seed % 5 == 0 && input.length > 0) {
            // Zero padding: the input ends at the first NUL without an error.
            java.util.Arrays.fill(input, random.nextInt(input.length), input.length, (byte) 0);
        }
        if (seed % 4 == 0) {
            // A very long line: the line buffer grows past its first size.
            int at = random.nextInt(Math.max(1, input.length - 70_000));
            for (int i = at; i < Math.min(input.length, at + 70_000); i++) {
                input[i] = 'y';
            }
        }
        assertThat(read(input, random)).isEqualTo(plainScan(input));
    }

    private static List<Seen> read(byte[] input, Random random) throws IOException {
        InputStream shortReads = new ByteArrayInputStream(input) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1 + random.nextInt(100_000)));
            }
        };
        List<Seen> seen = new ArrayList<>();
        try {
            TextLines lines = new TextLines(shortReads, "f");
            while (!lines.atEnd()) {
                CharSequence chars = lines.currentChars();
                assertThat(chars.toString()).isEqualTo(lines.current());
                assertThat(chars.length()).isEqualTo(lines.current().length());
                seen.add(new Seen(lines.current(), lines.offset(), lines.lineNumber()));
                lines.advance();
            }
            assertThat(lines.current()).isNull();
            seen.add(new Seen(null, lines.offset(), lines.lineNumber()));
        } catch (TextProfileException e) {
            assertThat(e.reason()).startsWith("malformed instrumentation profile data: a NUL byte");
            seen.add(new Seen("NUL error", e.offset(), -1));
        }
        return seen;
    }

    private static List<Seen> plainScan(byte[] input) {
        int end = 0;
        while (end < input.length && input[end] != 0) {
            end++;
        }
        boolean dataAfterNul = false;
        for (int i = end; i < input.length; i++) {
            dataAfterNul |= input[i] != 0;
        }
        List<Seen> seen = new ArrayList<>();
        int at = 0;
        long number = 1;
        while (at < end) {
            int stop = at;
            while (stop < end && input[stop] != '\n' && !(input[stop] == '\r' && stop + 1 < end && input[stop + 1] == '\n')) {
                stop++;
            }
            String text = new String(input, at, stop - at, StandardCharsets.ISO_8859_1);
            if (!text.isEmpty() && text.charAt(0) != '#') {
                seen.add(new Seen(text, at, number));
            }
            if (stop == end) {
                at = end;
                break;
            }
            at = stop + (input[stop] == '\r' ? 2 : 1);
            number++;
        }
        if (dataAfterNul) {
            // The line holding the NUL is never returned: the error comes while it is read.
            if (!seen.isEmpty() && seen.get(seen.size() - 1).offset() + seen.get(seen.size() - 1).text().length() >= end) {
                seen.remove(seen.size() - 1);
            }
            seen.add(new Seen("NUL error", end, -1));
            return seen;
        }
        seen.add(new Seen(null, at, number));
        return seen;
    }
}
