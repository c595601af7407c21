package dev.jprofdata.merge.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ValueSite;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link SiteValues} is order-free: the inputs of one site added in any order (an earlier input
 * arriving after a later one moves a value's first occurrence), or added to separate sites that are
 * then absorbed in any grouping, finish to what adding them in input order gives. Seeded random
 * sites mix weights of 1 with other weights, repeated values inside one input, and large counts.
 */
class SiteValuesOrderTest {
    private record Input(long[] values, long[] counts, long weight, long position) {
    }

    static Stream<Long> seeds() {
        return IntStream.range(0, 300).mapToObj(i -> (long) i);
    }

    private static List<Input> inputs(Random random) {
        int n = 1 + random.nextInt(6);
        boolean weighted = random.nextBoolean();
        List<Input> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int size = random.nextInt(random.nextBoolean() ? 4 : 24);
            long[] values = new long[size];
            long[] counts = new long[size];
            for (int j = 0; j < size; j++) {
                values[j] = random.nextInt(30); // small pool: values repeat across and within inputs
                counts[j] = random.nextInt(10) == 0 ? -1L - random.nextInt(4) : random.nextInt(1000);
            }
            long weight = weighted && random.nextBoolean() ? 2 + random.nextInt(5) : 1;
            out.add(new Input(values, counts, weight, MergeState.position(i, random.nextInt(3))));
        }
        return out;
    }

    /**
     * The site finished for the creator and for another record position, whole and cut to 7 values
     * (ties by value: the order of the entries, which depends on the add order, must not show).
     */
    private static List<ValueSite> finished(SiteValues s, long creator) {
        return List.of(s.finish(creator, true, 255), s.finish(creator + 1, true, 7));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void anyOrderAndGroupingFinishesAsInputOrder(long seed) {
        Random random = new Random(seed);
        List<Input> inputs = inputs(random);
        long creator = inputs.get(0).position();

        SiteValues inOrder = SiteValues.empty(4);
        for (Input in : inputs) {
            inOrder.add(in.values(), in.counts(), in.values().length, in.weight(), in.position());
        }
        List<ValueSite> expected = finished(inOrder, creator);

        List<Input> shuffled = new ArrayList<>(inputs);
        Collections.shuffle(shuffled, random);
        SiteValues anyOrder = SiteValues.empty(1);
        for (Input in : shuffled) {
            anyOrder.add(in.values(), in.counts(), in.values().length, in.weight(), in.position());
        }
        assertThat(finished(anyOrder, creator)).as("added in shuffled order").isEqualTo(expected);

        // Two partial sites, split at a random point of the shuffled order, absorbed either way round.
        int cut = random.nextInt(shuffled.size() + 1);
        SiteValues left = SiteValues.empty(1);
        SiteValues right = SiteValues.empty(1);
        for (int i = 0; i < shuffled.size(); i++) {
            Input in = shuffled.get(i);
            (i < cut ? left : right).add(in.values(), in.counts(), in.values().length, in.weight(), in.position());
        }
        if (random.nextBoolean()) {
            left.absorb(right);
            assertThat(finished(left, creator)).as("left absorbs right").isEqualTo(expected);
        } else {
            right.absorb(left);
            assertThat(finished(right, creator)).as("right absorbs left").isEqualTo(expected);
        }
    }
}
