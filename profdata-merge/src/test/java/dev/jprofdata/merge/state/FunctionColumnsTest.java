package dev.jprofdata.merge.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import dev.jprofdata.merge.ValueMerge;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Holding functions column by column ({@link FunctionColumns}) must not change anything a merge
 * state finishes to: the same operations (record adds, bulk adds with and without value sites,
 * combines of partial states in any order) on states with and without columns give the same
 * records, problems and dropped counts. The operations mix shapes that agree (kept in columns) with
 * ones that force a key out of them (other counter, bitmap or site counts, pseudo counts, GPU
 * wave counters), at every point: before, between and after the bulk adds and the combines.
 */
class FunctionColumnsTest {

    static Stream<Long> seeds() {
        return LongStream.range(0, 500).mapToObj(i -> 0xC01L * 1000 + i);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void columnsChangeNothing(long seed) {
        check(seed, false);
    }

    /**
     * The same with each slice's operations in a random order, as when the binary groups' runs are
     * read the ordinary way after later inputs: a function's first position is the least one
     * added, whatever came first (the columns once kept the first record's).
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void columnsChangeNothingInAnyOrderOfAdds(long seed) {
        check(seed, true);
    }

    private static void check(long seed, boolean anyOrder) {
        List<Consumer<MergeState>> script = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(seed);
        int slices = 1 + rnd.nextInt(3);
        int[] sliceOf = new int[40];
        int inputs = 2 + rnd.nextInt(12);
        for (int i = 0; i < inputs; i++) {
            sliceOf[i] = rnd.nextInt(slices);
        }
        List<List<Consumer<MergeState>>> bySlice = new ArrayList<>();
        for (int s = 0; s < slices; s++) {
            bySlice.add(new ArrayList<>());
        }
        int input = 0;
        while (input < inputs) {
            int slice = sliceOf[input];
            if (rnd.nextInt(3) == 0 && input + 1 < inputs) {
                // A bulk record standing for a few inputs of this slice.
                int first = input;
                int m = 1 + rnd.nextInt(Math.min(4, inputs - input));
                bySlice.get(slice).add(bulk(rnd, first, m));
                input += m;
            } else {
                int index = input++;
                List<ProfileRecord> records = randomInput(rnd);
                long weight = rnd.nextInt(4) == 0 ? 2 + rnd.nextInt(3) : 1;
                bySlice.get(slice).add(state -> {
                    long ordinal = 0;
                    for (ProfileRecord r : records) {
                        state.add(r, weight, MergeState.position(index, ordinal++));
                    }
                });
            }
        }
        long shuffleSeed = rnd.nextLong();
        if (anyOrder) {
            java.util.Random order = new java.util.Random(rnd.nextLong());
            for (List<Consumer<MergeState>> ops : bySlice) {
                java.util.Collections.shuffle(ops, order);
            }
        }
        assertThat(FinishedStates.render(run(bySlice, true, shuffleSeed)))
                .isEqualTo(FinishedStates.render(run(bySlice, false, shuffleSeed)));
    }

    private static StateFinisher.Finished run(List<List<Consumer<MergeState>>> bySlice, boolean columnar,
            long shuffleSeed) {
        List<MergeState> states = new ArrayList<>();
        for (List<Consumer<MergeState>> ops : bySlice) {
            MergeState state = new MergeState(ValueMerge.EXACT, false, columnar);
            ops.forEach(op -> op.accept(state));
            states.add(state);
        }
        java.util.Collections.shuffle(states, new java.util.Random(shuffleSeed));
        MergeState all = states.get(0);
        for (int i = 1; i < states.size(); i++) {
            all.combine(states.get(i));
        }
        return StateFinisher.finish(all, null, false);
    }

    /** A bulk add of inputs {@code first .. first + m - 1}, one record of one function each. */
    private static Consumer<MergeState> bulk(SplittableRandom rnd, int first, int m) {
        String name = "f" + rnd.nextInt(4);
        long hash = rnd.nextInt(4) == 0 ? 0x2000 : 0x1000;
        int numCounters = rnd.nextInt(6) == 0 ? 3 : 2;
        boolean withSites = rnd.nextBoolean();
        int numSites = rnd.nextInt(5) == 0 ? 2 : 1;
        long[] summed = new long[numCounters];
        long[] positions = new long[m];
        long[] sums = new long[m];
        long total = 0;
        List<ValueSite[]> perInput = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            long sum = 0;
            for (int c = 0; c < numCounters; c++) {
                long v = rnd.nextInt(40);
                summed[c] += v;
                sum += v;
            }
            positions[i] = MergeState.position(first + i, 0);
            sums[i] = sum;
            total += sum;
            ValueSite[] sites = new ValueSite[numSites];
            for (int j = 0; j < numSites; j++) {
                sites[j] = randomSite(rnd);
            }
            perInput.add(sites);
        }
        BulkContribution many = new BulkContribution(positions, sums, m, total);
        ProfileRecord record = new ProfileRecord(name, hash, summed, new byte[0], ProfileRecord.noValueSites(), null);
        return state -> {
            BulkValues values = null;
            if (withSites) {
                values = new BulkValues();
                for (int i = 0; i < m; i++) {
                    ValueSite[][] sites = ProfileRecord.noValueSites();
                    sites[ValueKind.INDIRECT_CALL_TARGET.number()] = perInput.get(i);
                    values.add(sites, 1, positions[i]);
                }
            }
            state.addSummed(record.name(), record.hash(), record.counts(), many, values);
        };
    }

    private static List<ProfileRecord> randomInput(SplittableRandom rnd) {
        List<ProfileRecord> records = new ArrayList<>();
        int n = 1 + rnd.nextInt(5);
        for (int i = 0; i < n; i++) {
            String name = "f" + rnd.nextInt(4);
            long hash = rnd.nextInt(4) == 0 ? 0x2000 : 0x1000;
            long[] counts = new long[rnd.nextInt(6) == 0 ? 3 : 2];
            for (int c = 0; c < counts.length; c++) {
                counts[c] = rnd.nextInt(12) == 0 ? -4L - rnd.nextInt(3) : rnd.nextInt(40);
            }
            if (rnd.nextInt(25) == 0) {
                counts[0] = rnd.nextBoolean() ? ProfileRecord.PSEUDO_HOT : ProfileRecord.PSEUDO_WARM;
            }
            byte[] bitmap = new byte[rnd.nextInt(8) == 0 ? 1 : 0];
            if (bitmap.length > 0) {
                bitmap[0] = (byte) rnd.nextInt(256);
            }
            ValueSite[][] sites = ProfileRecord.noValueSites();
            if (rnd.nextBoolean()) {
                ValueSite[] s = new ValueSite[rnd.nextInt(5) == 0 ? 2 : 1];
                for (int j = 0; j < s.length; j++) {
                    s[j] = randomSite(rnd);
                }
                sites[ValueKind.INDIRECT_CALL_TARGET.number()] = s;
            }
            long[] waves = rnd.nextInt(12) == 0 ? new long[] {rnd.nextInt(9)} : null;
            records.add(new ProfileRecord(name, hash, counts, bitmap, sites,
                    waves == null ? null : new dev.jprofdata.format.OffloadData(0, null, null, waves)));
        }
        return records;
    }

    private static ValueSite randomSite(SplittableRandom rnd) {
        int n = rnd.nextInt(4);
        long[] v = new long[n];
        long[] c = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = i * 3L + rnd.nextInt(3);
            c[i] = rnd.nextInt(20);
        }
        return new ValueSite(v, c);
    }
}
