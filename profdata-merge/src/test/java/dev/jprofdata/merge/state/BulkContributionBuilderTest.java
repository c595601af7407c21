package dev.jprofdata.merge.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The builder a binary group lists a function's runs with (its own and those of the groups whose
 * records went into it) must give what adding the parts' contributions with {@link
 * BulkContribution#plus} gives: the same earliest runs, count and total, whatever order the parts
 * and the runs come in.
 */
class BulkContributionBuilderTest {
    static Stream<Arguments> seeds() {
        return new Random(20261128).longs(300).mapToObj(Arguments::of);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void givesWhatPlusGives(long seed) {
        Random random = new Random(seed);
        int parts = 1 + random.nextInt(6);
        // Distinct positions dealt to the parts, each part's ascending (as a group's members are).
        List<Long> all = new ArrayList<>();
        long p = random.nextInt(5);
        int n = parts + random.nextInt(80);
        for (int i = 0; i < n; i++) {
            p += 1 + random.nextInt(random.nextBoolean() ? 3 : 1 << 20);
            all.add(p);
        }
        Collections.shuffle(all, random);
        List<List<Long>> dealt = new ArrayList<>();
        for (int i = 0; i < parts; i++) {
            dealt.add(new ArrayList<>());
        }
        for (int i = 0; i < all.size(); i++) {
            dealt.get(i < parts ? i : random.nextInt(parts)).add(all.get(i));
        }
        BulkContribution.Builder builder = new BulkContribution.Builder();
        // A builder used before must forget what it was given.
        builder.add(0, 99);
        builder.count(7);
        builder.clear();
        BulkContribution sum = null;
        long totalCountSum = random.nextLong() >>> 1;
        for (List<Long> part : dealt) {
            Collections.sort(part);
            int listed = Math.min(BulkContribution.KEPT, part.size());
            long[] positions = new long[listed];
            long[] countSums = new long[listed];
            for (int i = 0; i < listed; i++) {
                positions[i] = part.get(i);
                countSums[i] = random.nextInt(4) == 0 ? 0 : random.nextLong() >>> 8;
                builder.add(positions[i], countSums[i]);
            }
            builder.count(part.size() - listed);
            BulkContribution c = new BulkContribution(positions, countSums, part.size(),
                    sum == null ? totalCountSum : 0);
            sum = sum == null ? c : sum.plus(c);
        }
        assertThat(builder.build(totalCountSum)).isEqualTo(sum);
        assertThat(sum.total()).isEqualTo(all.size());
    }
}
