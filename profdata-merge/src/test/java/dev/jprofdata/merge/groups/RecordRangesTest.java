package dev.jprofdata.merge.groups;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Per-record sums added up chunk by chunk must equal each record's counters summed on their own,
 * whatever the order of the records, their sizes (empty ones too) and where the chunks cut them.
 */
class RecordRangesTest {
    static Stream<Long> seeds() {
        return IntStream.range(0, 40).mapToObj(i -> 0x5EED_0000L + i);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void sumsByChunkEqualSumsByRecord(long seed) {
        Random random = new Random(seed);
        int records = 1 + random.nextInt(60);
        int[] counts = new int[records];
        long[] starts = new long[records];
        // Records laid out one after another, then listed in a shuffled order.
        List<Integer> order = IntStream.range(0, records).boxed().collect(Collectors.toList());
        Collections.shuffle(order, random);
        int at = 0;
        for (int i = 0; i < records; i++) {
            int r = order.get(i);
            counts[r] = random.nextInt(5) == 0 ? 0 : 1 + random.nextInt(random.nextBoolean() ? 4 : 40);
            starts[r] = at;
            at += counts[r];
        }
        long[] counters = new long[at];
        for (int k = 0; k < at; k++) {
            counters[k] = random.nextInt(1000);
        }
        long[] expected = new long[records];
        for (int r = 0; r < records; r++) {
            for (int k = 0; k < counts[r]; k++) {
                expected[r] += counters[(int) starts[r] + k];
            }
        }

        RecordRanges ranges = RecordRanges.of(starts, counts, at);
        assertThat(ranges).isNotNull();
        int chunk = 1 + random.nextInt(17);
        int offset = random.nextInt(5); // the chunk sits anywhere in the array handed over
        long[] sums = new long[records];
        int next = 0;
        for (int from = 0; from < at; from += chunk) {
            int len = Math.min(chunk, at - from);
            long[] words = new long[offset + len];
            System.arraycopy(counters, from, words, offset, len);
            next = ranges.addSums(words, offset, from, len, sums, next);
        }
        assertThat(sums).as("seed %d, chunk %d", seed, chunk).isEqualTo(expected);
    }

    @Test
    void onlyRecordsThatTileTheCountersHaveRanges() {
        assertThat(RecordRanges.of(new long[] {0, 4, 10}, new int[] {4, 6, 2}, 12)).isNotNull();
        assertThat(RecordRanges.of(new long[] {10, 0, 4}, new int[] {2, 4, 6}, 12)).as("in another order").isNotNull();
        assertThat(RecordRanges.of(new long[] {0, 4, 2}, new int[] {4, 8, 0}, 12)).as("an empty record inside another")
                .isNotNull();
        assertThat(RecordRanges.of(new long[] {0, 4, 10}, new int[] {4, 7, 2}, 12)).as("overlap").isNull();
        assertThat(RecordRanges.of(new long[] {0, 0}, new int[] {4, 4}, 4)).as("shared counters").isNull();
        assertThat(RecordRanges.of(new long[] {0, 5}, new int[] {4, 7}, 12)).as("a counter of no record").isNull();
        assertThat(RecordRanges.of(new long[] {0, 4}, new int[] {4, 6}, 12)).as("counters left at the end").isNull();
        assertThat(RecordRanges.of(new long[] {1, 4}, new int[] {3, 8}, 12)).as("counters left at the start").isNull();
        assertThat(RecordRanges.of(new long[] {0, 4}, new int[] {4, 9}, 12)).as("past the section").isNull();
        assertThat(RecordRanges.of(new long[] {-1}, new int[] {1}, 1)).as("negative start").isNull();
    }
}
