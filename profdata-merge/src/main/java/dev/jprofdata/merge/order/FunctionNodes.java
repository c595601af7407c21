package dev.jprofdata.merge.order;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns temporal traces into the nodes that balanced partitioning orders, as LLVM 22's
 * {@code TemporalProfTraceTy::createBPFunctionNodes} does with outlier removal on.
 *
 * <p>Each trace is cut into windows that double in length (positions 0, 1, 2–3, 4–7, ...); every
 * window is a utility node. A function belongs to the window of its first call and to all later
 * windows of that trace, so functions that start together share many utilities. Trace weights are
 * ignored, as in LLVM 22.
 */
final class FunctionNodes {
    private FunctionNodes() {
    }

    /** The nodes in LLVM's input order: by first timestamp over all traces, then by id (unsigned). */
    static List<FunctionNode> create(List<long[]> traces) {
        Map<Long, Long> firstTimestamp = new HashMap<>();
        Map<Long, IntList> utilitiesById = new LinkedHashMap<>();
        int maxUn = 0;
        for (long[] trace : traces) {
            long cutoff = 1;
            Map<Long, Integer> firstUn = new LinkedHashMap<>();
            for (int ts = 0; ts < trace.length; ts++) {
                long id = trace[ts];
                firstTimestamp.merge(id, (long) ts, Math::min);
                if (ts >= cutoff) {
                    maxUn++;
                    cutoff = 2L * ts;
                }
                firstUn.putIfAbsent(id, maxUn);
            }
            for (Map.Entry<Long, Integer> e : firstUn.entrySet()) {
                IntList list = utilitiesById.computeIfAbsent(e.getKey(), k -> new IntList());
                for (int un = e.getValue(); un <= maxUn; un++) {
                    list.add(un);
                }
            }
            maxUn++;
        }
        removeOutliers(utilitiesById, maxUn);
        List<FunctionNode> nodes = new ArrayList<>(utilitiesById.size());
        for (Map.Entry<Long, IntList> e : utilitiesById.entrySet()) {
            nodes.add(new FunctionNode(e.getKey(), e.getValue().toArray()));
        }
        nodes.sort(Comparator.<FunctionNode>comparingLong(n -> firstTimestamp.get(n.id))
                .thenComparing((a, b) -> Long.compareUnsigned(a.id, b.id)));
        return nodes;
    }

    /**
     * Drops utilities shared by at most one function (they relate nothing) or by more than half of
     * the functions (they separate nothing).
     */
    private static void removeOutliers(Map<Long, IntList> utilitiesById, int unBound) {
        int[] frequency = new int[unBound + 1];
        for (IntList list : utilitiesById.values()) {
            for (int i = 0; i < list.size; i++) {
                frequency[list.values[i]]++;
            }
        }
        long ids = utilitiesById.size();
        for (IntList list : utilitiesById.values()) {
            int kept = 0;
            for (int i = 0; i < list.size; i++) {
                int f = frequency[list.values[i]];
                if (f > 1 && 2L * f <= ids) {
                    list.values[kept++] = list.values[i];
                }
            }
            list.size = kept;
        }
    }

    /** A growable int array: utility lists can be long, and boxing them would be wasteful. */
    private static final class IntList {
        int[] values = new int[4];
        int size;

        void add(int v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
