package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.Names;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
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
