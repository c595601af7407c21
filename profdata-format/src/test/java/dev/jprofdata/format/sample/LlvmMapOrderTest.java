package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.Names;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.Set;
import java.util.HashSet;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The modelled map order against files written by llvm-profdata 22: {@code merge} reads a text
 * profile into the reader's map (file order), copies it into its own map in that map's iteration
 * order, and writes FunctionMetadata in the second map's iteration order.
 */
class LlvmMapOrderTest {

    @ParameterizedTest
    @ValueSource(strings = {"probe12", "cs25", "cs-probe", "probe-nested"})
    void reproducesTheFunctionMetadataOrderOfLlvmWrittenFiles(String name) throws IOException {
        List<SampleContext> fileOrder = headers(name + ".proftext");
        List<Long> written = MetadataKeys.of(Files.readAllBytes(SampleFixtureFiles.profile(name + ".extbinary.sprof")));

        Function<SampleContext, Long> key = LlvmMapOrder::mapKey;
        List<SampleContext> readerMap = LlvmMapOrder.iterationOrder(fileOrder, key);
        List<SampleContext> mergeMap = LlvmMapOrder.iterationOrder(readerMap, key);

        assertThat(written).hasSize(fileOrder.size());
        assertThat(mergeMap.stream().map(LlvmMapOrder::mapKey).toList()).containsExactlyElementsOf(written);
    }

    @Test
    void plainKeysAreTheMd5OfTheName() {
        assertThat(LlvmMapOrder.mapKey(SampleContext.of(FunctionId.of("main")))).isEqualTo(Names.md5("main"));
        assertThat(LlvmMapOrder.mapKey(SampleContext.of(FunctionId.ofHash(42)))).isEqualTo(42L);
    }

    @Test
    void growsThroughPrimeBucketCountsAndKeepsEveryElement() {
        List<Integer> in = IntStream.range(0, 5000).boxed().toList();
        List<Integer> out = LlvmMapOrder.iterationOrder(in, i -> (long) i * 7919);
        assertThat(out).containsExactlyInAnyOrderElementsOf(in);
    }

    @Test
    void smallTablesHaveThirteenBuckets() {
        // Keys 1 and 14 share bucket 1 of 13; the later one goes in front of it; an empty bucket's
        // first node goes to the front of the whole list.
        List<Long> out = LlvmMapOrder.iterationOrder(List.of(1L, 2L, 14L), k -> k);
        assertThat(out).containsExactly(2L, 14L, 1L);
    }

    private static List<Long> after(long[] keys, boolean[] erase) {
        return LongStream.of(LlvmMapOrder.iterationOrderAfter(keys, erase)).boxed().toList();
    }

    @Test
    void aHistoryWithoutErasuresIteratesAsItsInsertions() {
        long[] keys = LongStream.range(0, 300).map(k -> k * 104729 + 7).toArray();
        List<Long> plain = LlvmMapOrder.iterationOrder(LongStream.of(keys).boxed().toList(), k -> k);
        assertThat(after(keys, new boolean[keys.length])).containsExactlyElementsOf(plain);
    }

    @Test
    void erasingKeepsTheOtherElementsInTheirOrder() {
        long[] keys = LongStream.range(0, 300).map(k -> k * 104729 + 7).toArray();
        long[] ops = new long[keys.length + keys.length / 3];
        boolean[] erase = new boolean[ops.length];
        System.arraycopy(keys, 0, ops, 0, keys.length);
        Set<Long> erased = new HashSet<>();
        for (int i = 0; i < keys.length / 3; i++) {
            ops[keys.length + i] = keys[i * 3];
            erase[keys.length + i] = true;
            erased.add(keys[i * 3]);
        }
        List<Long> full = LlvmMapOrder.iterationOrder(LongStream.of(keys).boxed().toList(), k -> k);
        List<Long> expected = full.stream().filter(k -> !erased.contains(k)).toList();
        assertThat(after(ops, erase)).containsExactlyElementsOf(expected);
        // The table keeps its size: the survivors alone, inserted afresh, iterate differently.
        assertThat(LlvmMapOrder.iterationOrder(expected, k -> k)).isNotEqualTo(expected);
    }

    @Test
    void aKeyInsertedIntoAnEmptiedBucketGoesToTheFront() {
        // 13 buckets: 1 and 14 share bucket 1, 2 is alone in bucket 2. Erasing 2 empties its bucket;
        // 15 then starts it again at the front of the list. Erasing 14 (first of bucket 1) and adding
        // 27 puts 27 in front of 1.
        long[] ops = {1, 2, 14, 2, 15, 14, 27};
        boolean[] erase = {false, false, false, true, false, true, false};
        assertThat(after(ops, erase)).containsExactly(15L, 27L, 1L);
        // Inserting a present key or erasing an absent one changes nothing.
        assertThat(after(new long[] {1, 1, 5}, new boolean[] {false, false, true})).containsExactly(1L);
    }

    /** The header contexts of a text profile in file order. */
    static List<SampleContext> headers(String file) throws IOException {
        List<SampleContext> out = new ArrayList<>();
        for (String line : Files.readAllLines(SampleFixtureFiles.profile(file), StandardCharsets.ISO_8859_1)) {
            if (line.isEmpty() || line.startsWith(" ") || line.startsWith("#")) {
                continue;
            }
            int n2 = line.lastIndexOf(':');
            int n1 = line.lastIndexOf(':', n2 - 1);
            String name = line.substring(0, n1);
            SampleContext c = TestContexts.parse(name);
            if (!out.contains(c)) {
                out.add(c);
            }
        }
        return out;
    }
}
