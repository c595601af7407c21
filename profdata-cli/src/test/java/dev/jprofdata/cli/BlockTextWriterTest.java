package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Numbers as C's printf writes them, and text handed on only in whole 4096-byte blocks. */
class BlockTextWriterTest {

    static LongStream edgeValues() {
        return LongStream.of(0, 1, 9, 10, 99, 100, 4095, 4096, Long.MAX_VALUE, Long.MIN_VALUE, -1, -10,
                Long.MIN_VALUE + 9, 999_999_999_999_999_999L, 1_000_000_000_000_000_000L, -8446744073709551616L);
    }

    @ParameterizedTest
    @MethodSource("edgeValues")
    void numbersAreWhatPrintfPrints(long value) {
        assertThat(text(w -> w.unsigned(value))).isEqualTo(Long.toUnsignedString(value));
        assertThat(text(w -> w.hex16(value))).isEqualTo(String.format("0x%016x", value));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void seededNumbersOfEveryLengthAreWhatPrintfPrints(long seed) {
        Random random = new Random(seed);
        for (int i = 0; i < 2000; i++) {
            // Every magnitude from 1 to 64 bits.
            long value = random.nextLong() >>> random.nextInt(64);
            assertThat(text(w -> w.unsigned(value))).isEqualTo(Long.toUnsignedString(value));
            assertThat(text(w -> w.hex16(value))).isEqualTo(String.format("0x%016x", value));
        }
    }

    /**
     * Whatever mix of text, chars and numbers is written, what is handed on before the end is
     * whole blocks only, and everything handed on in order is exactly the text written.
     */
    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13, 14, 15, 16})
    void onlyWholeBlocksAreHandedOnBeforeTheEnd(long seed) {
        Random random = new Random(seed);
        List<Integer> writes = new ArrayList<>();
        ByteArrayOutputStream handed = new ByteArrayOutputStream();
        BlockTextWriter w = new BlockTextWriter((b, off, len) -> {
            writes.add(len);
            handed.write(b, off, len);
        });
        StringBuilder expected = new StringBuilder();
        int pieces = 20_000 + random.nextInt(20_000);
        for (int i = 0; i < pieces; i++) {
            switch (random.nextInt(4)) {
                case 0 -> {
                    String s = "f" + random.nextInt(100_000) + ".copy".repeat(random.nextInt(3)) + "\u00e9";
                    w.text(s);
                    expected.append(s);
                }
                case 1 -> {
                    w.ch(':');
                    expected.append(':');
                }
                case 2 -> {
                    long v = random.nextLong() >>> random.nextInt(64);
                    w.unsigned(v);
                    expected.append(Long.toUnsignedString(v));
                }
                default -> {
                    long v = random.nextLong();
                    w.hex16(v);
                    expected.append(String.format("0x%016x", v));
                }
            }
            if (random.nextInt(500) == 0) {
                w.drainBlocks();
            }
        }
        assertThat(writes).isNotEmpty().allSatisfy(len -> assertThat(len % BlockTextWriter.BLOCK).isZero());
        byte[] all = expected.toString().getBytes(StandardCharsets.ISO_8859_1);
        int wholeBlocks = all.length - all.length % BlockTextWriter.BLOCK;
        w.drainBlocks();
        assertThat(handed.toByteArray()).isEqualTo(java.util.Arrays.copyOf(all, wholeBlocks));
        w.drainAll();
        assertThat(handed.toByteArray()).isEqualTo(all);
    }

    /** What is discarded includes the part of a block left after the whole blocks went. */
    @Test
    void discardedTextIsNeverHandedOn() {
        ByteArrayOutputStream handed = new ByteArrayOutputStream();
        BlockTextWriter w = new BlockTextWriter(handed::write);
        w.text("x".repeat(BlockTextWriter.BLOCK + 10));
        w.drainBlocks();
        w.text("lost");
        w.discard();
        w.text("kept");
        w.drainAll();
        assertThat(handed.toString(StandardCharsets.ISO_8859_1))
                .isEqualTo("x".repeat(BlockTextWriter.BLOCK) + "kept");
    }

    private static String text(java.util.function.Consumer<BlockTextWriter> writes) {
        ByteArrayOutputStream handed = new ByteArrayOutputStream();
        BlockTextWriter w = new BlockTextWriter(handed::write);
        writes.accept(w);
        w.drainAll();
        return handed.toString(StandardCharsets.ISO_8859_1);
    }
}
