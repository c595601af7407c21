package dev.jprofdata.merge.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import dev.jprofdata.merge.ValueMerge;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link LlvmSiteSort}: both sorts order every input and keep its entries; the value sort moves
 * repeated values as llvm-profdata's does (a merge recorded with llvm-profdata 22), the count sort is
 * stable. Whole merges of real profiles are checked by {@code ValueMergeFixtureTest}.
 */
class LlvmSiteSortTest {

    static Stream<Long> seeds() {
        return IntStream.range(0, 300).mapToObj(i -> (long) i);
    }

    /** Random arrays and the shapes that push a quicksort hardest (up to the heapsort fallback). */
    @ParameterizedTest
    @MethodSource("seeds")
    void sortsEveryInputAndKeepsItsEntries(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int n = rnd.nextInt(4) == 0 ? rnd.nextInt(20) : rnd.nextInt(600);
        long[] values = new long[n];
        int shape = (int) (seed % 6);
        for (int i = 0; i < n; i++) {
            values[i] = switch (shape) {
                case 0 -> rnd.nextLong(); // unsigned order matters: half are negative as signed
                case 1 -> rnd.nextInt(5); // many repeats
                case 2 -> i; // sorted
                case 3 -> n - i; // reversed
                case 4 -> i < n / 2 ? i : n - i; // organ pipe
                default -> i % 2 == 0 ? i : n - i; // interleaved
            };
        }
        long[] counts = new long[n];
        for (int i = 0; i < n; i++) {
            counts[i] = i; // tells the entries apart
        }
        long[] v = values.clone();
        long[] c = counts.clone();
        LlvmSiteSort.byValue(v, c, n);
        for (int i = 1; i < n; i++) {
            assertThat(Long.compareUnsigned(v[i - 1], v[i])).isLessThanOrEqualTo(0);
        }
        for (int i = 0; i < n; i++) {
            assertThat(v[i]).isEqualTo(values[(int) c[i]]); // each entry moved whole
        }
        assertThat(sortedCopy(c)).isEqualTo(counts);

        long[] byCount = values.clone();
        long[] ids = counts.clone();
        LlvmSiteSort.byCountDescending(ids, byCount, n); // the values as counts, the ids as values
        for (int i = 1; i < n; i++) {
            int order = Long.compareUnsigned(byCount[i - 1], byCount[i]);
            assertThat(order).isGreaterThanOrEqualTo(0);
            if (order == 0) {
                assertThat(ids[i - 1]).isLessThan(ids[i]); // stable
            }
        }
    }

    /**
     * Two text records merged by llvm-profdata 22 ({@code merge --num-threads=1 --text}): the first
     * holds memop size 7 five times among 35 entries, the second five times among 25. LLVM's
     * unstable sort pairs the copies as its introsort leaves them: 93+1000, 3+2000, 9+3000,
     * 20+4000, 50+5000 (a stable sort would pair them in count order).
     */
    @Test
    void repeatedValuesPairAsInLlvmProfdata() {
        List<long[]> first = new ArrayList<>();
        for (int v = 0; v < 30; v++) {
            first.add(new long[] {v, 100 - v});
        }
        for (long c : new long[] {3, 50, 9, 20}) {
            first.add(new long[] {7, c});
        }
        List<long[]> second = new ArrayList<>();
        for (long c : new long[] {1000, 2000, 3000, 4000, 5000}) {
            second.add(new long[] {7, c});
        }
        for (int v = 40; v < 60; v++) {
            second.add(new long[] {v, 1});
        }
        MergeState state = new MergeState(ValueMerge.LLVM, true);
        state.add(record(first), 1, MergeState.position(0, 0));
        state.add(record(second), 1, MergeState.position(1, 0));
        List<NameGroup> groups = StateFinisher.finish(state, null, false).groups();
        ValueSite merged = groups.get(0).records().get(0).sites(ValueKind.MEMOP_SIZE)[0];
        List<Long> sevens = new ArrayList<>();
        for (int i = 0; i < merged.size(); i++) {
            if (merged.value(i) == 7) {
                sevens.add(merged.count(i));
            }
        }
        assertThat(sevens).containsExactly(5050L, 4020L, 3009L, 2003L, 1093L);
    }

    private static ProfileRecord record(List<long[]> entries) {
        long[] v = new long[entries.size()];
        long[] c = new long[entries.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = entries.get(i)[0];
            c[i] = entries.get(i)[1];
        }
        ValueSite[][] sites = ProfileRecord.noValueSites();
        sites[ValueKind.MEMOP_SIZE.number()] = new ValueSite[] {new ValueSite(v, c)};
        return new ProfileRecord("f", 1234, new long[] {100}, new byte[0], sites);
    }

    private static long[] sortedCopy(long[] a) {
        long[] s = a.clone();
        Arrays.sort(s);
        return s;
    }
}
