package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link InputProbes} gives results in input order for any thread count, one checker per thread. */
class InputProbesTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 8})
    void resultsComeBackInInputOrder(int threads) throws Exception {
        List<Integer> inputs = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            inputs.add(i);
        }
        AtomicInteger checkers = new AtomicInteger();
        Set<Thread> used = ConcurrentHashMap.newKeySet();
        List<String> out = InputProbes.map(inputs, threads, () -> new int[] {checkers.incrementAndGet()},
                (checker, in) -> {
                    used.add(Thread.currentThread());
                    return "#" + in;
                });
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            expected.add("#" + i);
        }
        assertThat(out).isEqualTo(expected);
        int wanted = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        assertThat(checkers.get()).isEqualTo(used.size()).isLessThanOrEqualTo(Math.max(1, wanted));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aFailingCheckFailsTheWholeMap(int threads) {
        List<Integer> inputs = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            inputs.add(i);
        }
        assertThatThrownBy(() -> InputProbes.map(inputs, threads, in -> {
            if (in == 150) {
                throw new IllegalStateException("bad input 150");
            }
            return in;
        })).isInstanceOf(IllegalStateException.class).hasMessage("bad input 150");
    }
}
