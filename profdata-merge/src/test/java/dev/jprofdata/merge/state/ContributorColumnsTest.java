package dev.jprofdata.merge.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The columns of contributor lists hold, slot by slot, what a {@link Contributors} list per slot
 * holds after the same adds, absorbs and replacements, also once lists have moved as they grew and
 * the shared arrays have grown many times (hundreds of slots, lists growing to 16 and past it,
 * positions in and out of order).
 */
class ContributorColumnsTest {
    static Stream<Long> seeds() {
        return LongStream.range(0, 60).mapToObj(i -> 0xC0C0L * 100 + i);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void columnsHoldWhatAListPerSlotHolds(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int slots = 50 + rnd.nextInt(600);
        ContributorColumns columns = new ContributorColumns();
        columns.ensureSlots(slots);
        List<Contributors> model = new ArrayList<>();
        for (int s = 0; s < slots; s++) {
            long position = rnd.nextLong(1 << 20);
            long sum = rnd.nextLong(1000);
            columns.start(s, position, sum);
            model.add(new Contributors(position, sum));
        }
        int steps = 2000 + rnd.nextInt(20000);
        for (int step = 0; step < steps; step++) {
            int s = rnd.nextInt(slots);
            int op = rnd.nextInt(20);
            if (op == 0) {
                // Another part's list absorbed (a combine of partial states).
                Contributors theirs = new Contributors(rnd.nextLong(1 << 20), rnd.nextLong(1000));
                for (int i = rnd.nextInt(20); i > 0; i--) {
                    theirs.addOne(rnd.nextLong(1 << 20), rnd.nextLong(1000));
                }
                columns.absorb(s, theirs.copy());
                model.get(s).absorb(theirs);
            } else if (op == 1) {
                // Replaced by a list of its own (a bulk record's contributions).
                Contributors c = new Contributors(rnd.nextLong(1 << 20), rnd.nextLong(1000));
                for (int i = rnd.nextInt(18); i > 0; i--) {
                    c.addOne(rnd.nextLong(1 << 20), rnd.nextLong(1000));
                }
                columns.set(s, c, false);
                model.set(s, c.copy());
            } else {
                long position = rnd.nextInt(4) == 0 ? rnd.nextLong(1 << 20) : (1L << 20) + step;
                long sum = rnd.nextLong(1000);
                columns.add(s, position, sum);
                model.get(s).addOne(position, sum);
            }
        }
        for (int s = 0; s < slots; s++) {
            assertThat(render(columns.get(s))).as("slot %d", s).isEqualTo(render(model.get(s)));
            assertThat(columns.total(s)).isEqualTo(model.get(s).total());
        }
    }

    private static String render(Contributors c) {
        StringBuilder sb = new StringBuilder(c.total() + " " + c.totalCountSum() + ":");
        for (int i = 0; i < c.kept(); i++) {
            sb.append(' ').append(c.position(i)).append('/').append(c.countSum(i));
        }
        return sb.toString();
    }
}
