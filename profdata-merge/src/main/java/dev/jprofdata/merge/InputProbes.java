package dev.jprofdata.merge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs a cheap per-input check (its kind, whether it holds GPU records) over all inputs on several
 * threads, before a merge. Each thread takes a contiguous run of inputs and its own checker (which
 * may keep reusable buffers); the results come back in input order, so they do not depend on the
 * thread count. With thousands of inputs these checks, done one by one, would be the serial part
 * that keeps a merge from scaling.
 */
public final class InputProbes {
    /** Fewer inputs than this per thread are checked on the calling thread. */
    private static final int MIN_PER_THREAD = 32;

    private InputProbes() {
    }

    /**
     * {@code check} applied to every input, in order, on up to {@code threads} threads (0: one per
     * core); {@code newChecker} makes one checker per thread.
     */
    public static <T, C, R> List<R> map(List<T> inputs, int threads, Supplier<C> newChecker,
            CheckFunction<C, T, R> check) throws IOException {
        int n = inputs.size();
        int wanted = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        int parts = Math.max(1, Math.min(wanted, n / MIN_PER_THREAD));
        List<R> out = new ArrayList<>(n);
        if (parts == 1) {
            C checker = newChecker.get();
            for (T in : inputs) {
                out.add(check.apply(checker, in));
            }
            return out;
        }
        List<Callable<List<R>>> tasks = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
            List<T> run = inputs.subList((int) ((long) n * p / parts), (int) ((long) n * (p + 1) / parts));
            tasks.add(() -> {
                C checker = newChecker.get();
                List<R> results = new ArrayList<>(run.size());
                for (T in : run) {
                    results.add(check.apply(checker, in));
                }
                return results;
            });
        }
        for (List<R> results : ParallelTasks.run("jprofdata-probe", tasks)) {
            out.addAll(results);
        }
        return out;
    }

    /** A check of one input with a per-thread checker; must not throw checked exceptions. */
    @FunctionalInterface
    public interface CheckFunction<C, T, R> {
        R apply(C checker, T input);
    }

    /** {@link #map} for checks that need no per-thread state. */
    public static <T, R> List<R> map(List<T> inputs, int threads, Function<T, R> check) throws IOException {
        return map(inputs, threads, () -> null, (ignored, in) -> check.apply(in));
    }
}
