package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Words.Reader} reads files through one window of {@link Words.Reader#WINDOW_BYTES}: every
 * range a caller loads, forwards, backwards or across a window's edge, must give the file's words,
 * and a file that shrinks after it was opened must stop the read rather than give stale words.
 */
class WordsReaderTest {
    private static final int WINDOW_WORDS = Words.Reader.WINDOW_BYTES / 8;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void everyLoadedRangeHoldsTheFilesWords(long seed) throws IOException {
        Random random = new Random(seed);
        // A few windows and a ragged end, so that the last window is short.
        long[] words = randomWords(random, 3 * WINDOW_WORDS + random.nextInt(WINDOW_WORDS));
        Path file = write("f.bin", words);
        try (Words.Reader reader = new Words.Reader()) {
            assertThat(reader.read(file, 8L * words.length)).isTrue();
            for (int i = 0; i < 400; i++) {
                int len = 1 + random.nextInt(Words.CHUNK);
                int from = random.nextInt(words.length - len + 1);
                if (i % 4 == 0) {
                    // Straddle a window edge as seen from a window that starts at 0.
                    from = Math.min(words.length - len, Math.max(0, WINDOW_WORDS * (1 + random.nextInt(3)) - len / 2));
                }
                int at = reader.load(from, len);
                assertThat(Arrays.copyOfRange(reader.array(), at, at + len))
                        .as("words %d+%d", from, len).containsExactly(Arrays.copyOfRange(words, from, from + len));
            }
        }
    }

    @Test
    void sequentialWalksOfTwoFilesDoNotMix() throws IOException {
        Random random = new Random(7);
        long[] first = randomWords(random, 2 * WINDOW_WORDS + 5);
        long[] second = randomWords(random, 2 * WINDOW_WORDS + 5);
        Path a = write("a.bin", first);
        Path b = write("b.bin", second);
        try (Words.Reader reader = new Words.Reader()) {
            for (long[] expected : new long[][] {first, second, first}) {
                assertThat(reader.read(expected == second ? b : a, 8L * expected.length)).isTrue();
                long[] seen = new long[expected.length];
                for (int from = 0; from < expected.length; from += Words.CHUNK) {
                    int len = Math.min(Words.CHUNK, expected.length - from);
                    int at = reader.load(from, len);
                    System.arraycopy(reader.array(), at, seen, from, len);
                }
                assertThat(seen).containsExactly(expected);
            }
        }
    }

    @Test
    void bytesFromGiveTheFilesTailLittleEndian() throws IOException {
        Random random = new Random(11);
        long[] words = randomWords(random, WINDOW_WORDS + 100);
        Path file = write("t.bin", words);
        try (Words.Reader reader = new Words.Reader()) {
            assertThat(reader.read(file, 8L * words.length)).isTrue();
            reader.load(0, 10); // a window is in use; the tail has its own buffer
            ByteBuffer tail = reader.bytesFrom(8L * (words.length - 40));
            assertThat(tail.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
            assertThat(tail.remaining()).isEqualTo(40 * 8);
            for (int i = 0; i < 40; i++) {
                assertThat(tail.getLong(8 * i)).isEqualTo(words[words.length - 40 + i]);
            }
            int at = reader.load(3, 4);
            assertThat(Arrays.copyOfRange(reader.array(), at, at + 4)).containsExactly(Arrays.copyOfRange(words, 3, 7));
        }
    }

    @Test
    void aFileOfAnotherSizeIsNotRead() throws IOException {
        Path file = write("s.bin", new long[] {1, 2, 3});
        try (Words.Reader reader = new Words.Reader()) {
            assertThat(reader.read(file, 32)).isFalse();
            assertThat(reader.read(file, 20)).as("not whole words").isFalse();
            assertThat(reader.read(dir.resolve("missing.bin"), 24)).isFalse();
            assertThat(reader.read(file, 24)).isTrue();
        }
    }

    @Test
    void aFileThatShrankAfterOpeningStopsTheRead() throws IOException {
        long[] words = randomWords(new Random(5), 2 * WINDOW_WORDS);
        Path file = write("shrinks.bin", words);
        try (Words.Reader reader = new Words.Reader()) {
            assertThat(reader.read(file, 8L * words.length)).isTrue();
            reader.load(0, 16);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(8L * WINDOW_WORDS + 8);
            }
            assertThatThrownBy(() -> reader.load(WINDOW_WORDS + 100, 16))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining(file.toString())
                    .hasMessageContaining("nothing at byte " + 8L * (WINDOW_WORDS + 100));
        }
    }

    @Test
    void rangesPastTheEndAreRefused() throws IOException {
        Path file = write("e.bin", new long[] {1, 2, 3, 4});
        try (Words.Reader reader = new Words.Reader()) {
            assertThat(reader.read(file, 32)).isTrue();
            assertThatThrownBy(() -> reader.load(2, 3)).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    private static long[] randomWords(Random random, int n) {
        long[] words = new long[n];
        for (int i = 0; i < n; i++) {
            words[i] = random.nextLong();
        }
        return words;
    }

    private Path write(String name, long[] words) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(8 * words.length).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asLongBuffer().put(words);
        Path file = dir.resolve(name);
        Files.write(file, bytes.array());
        return file;
    }
}
