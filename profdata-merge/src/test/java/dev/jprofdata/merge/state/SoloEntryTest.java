package dev.jprofdata.merge.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.OffloadData;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A name met once is kept as its record ({@link NameEntry#ofRecord}) and, when finishing would not
 * change it, is written as it is ({@link NameEntry#verbatimSolo}). Both shortcuts must give what
 * the aggregate made at once gives: the same records, problems and totals, for records that take
 * the shortcut and for those that must not (weights, pseudo counts, counters above the cap,
 * repeated or unsorted values, more than 255 values, GPU data), alone and merged with another.
 */
class SoloEntryTest {

    static IntStream seeds() {
        return IntStream.range(0, 300);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void soloFinishesAsTheAggregateWould(int seed) {
        Random random = new Random(seed);
        ProfileRecord record = randomRecord(random, "f");
        long weight = random.nextInt(4) == 0 ? 1 + random.nextInt(3) : 1;
        long position = MergeState.position(random.nextInt(3), random.nextInt(5));

        MergeState solo = new MergeState();
        solo.add(record, weight, position);
        MergeState eager = new MergeState();
        eager.names().put(record.name(), new NameEntry(new RecordAggregate(record, weight, position, SiteKeeping.EXACT)));
        boolean sparse = random.nextBoolean();
        assertSame(StateFinisher.finish(solo, null, sparse), StateFinisher.finish(eager, null, sparse), seed);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void soloThenMergedFinishesAsTheAggregateWould(int seed) {
        Random random = new Random(1000 + seed);
        ProfileRecord first = randomRecord(random, "g");
        ProfileRecord second = random.nextBoolean() ? first : randomRecord(random, "g");
        long p1 = MergeState.position(0, 0);
        long p2 = MergeState.position(1, 0);

        // The second record arrives in the same state, or in another state combined afterwards.
        MergeState solo = new MergeState();
        solo.add(first, 1, p1);
        if (random.nextBoolean()) {
            solo.add(second, 1, p2);
        } else {
            MergeState other = new MergeState();
            other.add(second, 1, p2);
            solo.combine(other);
        }
        MergeState eager = new MergeState();
        eager.names().put(first.name(), new NameEntry(new RecordAggregate(first, 1, p1, SiteKeeping.EXACT)));
        eager.names().get(first.name()).add(second, 1, p2, SiteKeeping.EXACT);
        assertSame(StateFinisher.finish(solo, null, false), StateFinisher.finish(eager, null, false), seed);
    }

    private static void assertSame(StateFinisher.Finished actual, StateFinisher.Finished expected, int seed) {
        assertThat(actual.groups()).as("records, seed %d", seed).isEqualTo(expected.groups());
        assertThat(actual.problems()).as("problems, seed %d", seed).isEqualTo(expected.problems());
        assertThat(actual.droppedCount()).as("dropped, seed %d", seed).isEqualTo(expected.droppedCount());
        assertThat(actual.functionsBeforeFilter()).isEqualTo(expected.functionsBeforeFilter());
    }

    /** Mostly records that take the shortcut, with each reason not to take it now and then. */
    private static ProfileRecord randomRecord(Random random, String name) {
        int n = 1 + random.nextInt(6);
        long[] counts = new long[n];
        for (int i = 0; i < n; i++) {
            counts[i] = random.nextInt(10) == 0 ? -1 - random.nextInt(4) : random.nextInt(1000);
        }
        if (random.nextInt(8) == 0) {
            counts[0] = random.nextBoolean() ? ProfileRecord.PSEUDO_HOT : ProfileRecord.PSEUDO_WARM;
        }
        ValueSite[][] sites = ProfileRecord.noValueSites();
        for (ValueKind kind : ValueKind.values()) {
            if (random.nextInt(3) != 0) {
                continue;
            }
            ValueSite[] kindSites = new ValueSite[random.nextInt(3)];
            for (int s = 0; s < kindSites.length; s++) {
                kindSites[s] = randomSite(random);
            }
            sites[kind.number()] = kindSites;
        }
        byte[] bitmap = random.nextInt(5) == 0 ? new byte[] {(byte) random.nextInt(256)} : new byte[0];
        OffloadData offload = random.nextInt(10) == 0 ? OffloadData.ofBits(new byte[(n + 7) / 8]) : null;
        return new ProfileRecord(name, 0x1234, counts, bitmap, sites, offload);
    }

    private static ValueSite randomSite(Random random) {
        int size = random.nextInt(12) == 0 ? 250 + random.nextInt(20) : random.nextInt(8);
        // Half the sites are as LLVM writes them (distinct values, counts not increasing), however long.
        boolean clean = random.nextBoolean();
        long[] values = new long[size];
        long[] counts = new long[size];
        long count = 10_000;
        for (int i = 0; i < size; i++) {
            values[i] = !clean && random.nextInt(6) == 0 && i > 0 ? values[random.nextInt(i)] : 0x1000 + i * 8L;
            count -= random.nextInt(3) == 0 ? 0 : random.nextInt(30);
            counts[i] = !clean && random.nextInt(10) == 0 ? random.nextInt(20_000) : Math.max(0, count);
        }
        return new ValueSite(values, counts);
    }
}
