package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Counters written in bulk must give the bytes of writing them one at a time, wherever they fall
 * in the sink's buffer, including runs longer than the buffer.
 */
class ChannelSinkTest {
    @TempDir
    Path dir;

    static Stream<Long> seeds() {
        return IntStream.range(0, 12).mapToObj(i -> 0xC0DE_0000L + i);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void bulkWordsEqualWordsOneByOne(long seed) throws IOException {
        Random random = new Random(seed);
        Path file = dir.resolve("sink.bin");
        ByteBuffer expected = ByteBuffer.allocate(1 << 21).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ChannelSink sink = new ChannelSink(ch);
            for (int step = 0; step < 40; step++) {
                if (random.nextBoolean()) {
                    short odd = (short) random.nextInt(); // leaves the buffer at any even position
                    sink.u16(odd);
                    expected.putShort(odd);
                }
                int n = random.nextInt(5) == 0 ? 8192 + random.nextInt(20_000) : random.nextInt(300);
                long[] words = random.longs(n).toArray();
                sink.u64s(words);
                for (long w : words) {
                    expected.putLong(w);
                }
            }
            sink.flush();
            assertThat(sink.position()).isEqualTo(expected.position());
        }
        byte[] want = new byte[expected.position()];
        expected.flip().get(want);
        assertThat(Files.readAllBytes(file)).isEqualTo(want);
    }
}
