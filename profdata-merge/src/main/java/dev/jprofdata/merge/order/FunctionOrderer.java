package dev.jprofdata.merge.order;

import dev.jprofdata.format.TemporalTrace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Computes a function order for a linker from temporal profile traces, as {@code llvm-profdata
 * order} does: balanced partitioning over the training traces, optionally evaluated on the last
 * {@code numTestTraces} traces. Deterministic and free of global state.
 */
public final class FunctionOrderer {
    /** llvm-profdata assumes this many functions per page when it evaluates an order. */
    public static final int FUNCTIONS_PER_PAGE = 32;

    private FunctionOrderer() {
    }

    /**
     * Orders the functions of {@code traces}; the last {@code numTestTraces} traces are held out to
     * evaluate the order and the others train it.
     *
     * @throws IllegalArgumentException when {@code numTestTraces} is negative, or positive and not
     *     smaller than the number of traces
     */
    public static FunctionOrder order(List<TemporalTrace> traces, int numTestTraces) {
        if (numTestTraces < 0 || (numTestTraces > 0 && numTestTraces >= traces.size())) {
            throw new IllegalArgumentException("--num-test-traces must be smaller than the total number of traces:"
                    + " expected: < " + traces.size() + ", actual: " + numTestTraces);
        }
        int split = traces.size() - numTestTraces;
        List<long[]> training = new ArrayList<>(split);
        for (TemporalTrace t : traces.subList(0, split)) {
            training.add(t.functionHashes());
        }
        FunctionNode[] ordered = BalancedPartitioning.run(FunctionNodes.create(training));
        List<Long> hashes = new ArrayList<>(ordered.length);
        for (FunctionNode node : ordered) {
            hashes.add(node.id);
        }
        OptionalLong area = numTestTraces == 0 ? OptionalLong.empty()
                : OptionalLong.of(pageFaultArea(hashes, traces.subList(split, traces.size())));
        return new FunctionOrder(hashes, area);
    }

    /** The unsigned 32-bit area LLVM computes (it wraps like LLVM's {@code unsigned}). */
    private static long pageFaultArea(List<Long> order, List<TemporalTrace> tests) {
        Map<Long, Integer> page = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            page.putIfAbsent(order.get(i), i / FUNCTIONS_PER_PAGE);
        }
        int area = 0;
        Set<Integer> touched = new HashSet<>();
        for (TemporalTrace trace : tests) {
            for (long id : trace.functionHashes()) {
                Integer p = page.get(id);
                if (p == null) {
                    continue;
                }
                touched.add(p);
                area += touched.size();
            }
            touched.clear();
        }
        return Integer.toUnsignedLong(area);
    }
}
