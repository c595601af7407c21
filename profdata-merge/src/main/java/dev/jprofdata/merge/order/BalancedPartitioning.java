package dev.jprofdata.merge.order;

import dev.jprofdata.merge.random.Mt19937;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Recursive balanced graph partitioning (LLVM's {@code BalancedPartitioning} with its default
 * configuration): orders functions so that functions sharing utility nodes end up close together.
 *
 * <p>Every step is reproduced bit for bit, because the output must equal llvm-profdata's: float
 * (not double) gain arithmetic, one {@code std::mt19937} per split seeded with the split's bucket,
 * libstdc++'s unstable {@code std::partition}, and stable sorts where LLVM uses them. Splits own
 * disjoint ranges and their own generators, so LLVM's threading does not change its result and this
 * single-threaded version gives the same order.
 */
final class BalancedPartitioning {
    static final int SPLIT_DEPTH = 18;
    static final int ITERATIONS_PER_SPLIT = 40;
    static final float SKIP_PROBABILITY = 0.1f;

    private final FunctionNode[] nodes;
    /** Scratch indexed by utility value, all zero between uses; values never exceed its size. */
    private final int[] scratch;

    private BalancedPartitioning(FunctionNode[] nodes) {
        this.nodes = nodes;
        int bound = 0;
        for (FunctionNode n : nodes) {
            for (int i = 0; i < n.utilityCount; i++) {
                bound = Math.max(bound, n.utilities[i] + 1);
            }
        }
        this.scratch = new int[bound];
    }

    /** Orders {@code input} (given in its input order); returns the nodes in their final order. */
    static FunctionNode[] run(List<FunctionNode> input) {
        FunctionNode[] nodes = input.toArray(new FunctionNode[0]);
        for (int i = 0; i < nodes.length; i++) {
            nodes[i].inputIndex = i;
        }
        new BalancedPartitioning(nodes).bisect(0, nodes.length, 0, 1, 0);
        // Buckets are unsigned 32-bit in LLVM; ours stay far below 2^31 (at most 2^19 + n).
        Arrays.sort(nodes, Comparator.comparingInt(n -> n.bucket));
        return nodes;
    }

    private void bisect(int begin, int end, int depth, int rootBucket, int offset) {
        int n = end - begin;
        if (n <= 1 || depth >= SPLIT_DEPTH) {
            sortByInputIndex(begin, end);
            for (int i = begin; i < end; i++) {
                nodes[i].bucket = offset++;
            }
            return;
        }
        Mt19937 rng = new Mt19937(rootBucket);
        int left = 2 * rootBucket;
        int right = 2 * rootBucket + 1;
        sortByInputIndex(begin, end);
        int half = begin + (n + 1) / 2;
        for (int i = begin; i < end; i++) {
            nodes[i].bucket = i < half ? left : right;
        }
        runIterations(begin, end, left, rng);
        int mid = Partition.hoare(nodes, begin, end, node -> node.bucket == left);
        bisect(begin, mid, depth + 1, left, offset);
        bisect(mid, end, depth + 1, right, offset + (mid - begin));
    }

    private void sortByInputIndex(int begin, int end) {
        Arrays.sort(nodes, begin, end, Comparator.comparingInt(node -> node.inputIndex));
    }

    private void runIterations(int begin, int end, int left, Mt19937 rng) {
        int n = end - begin;
        int[][] filtered = new int[n][];
        // Utilities of one node only, or of every node, cannot change the cost: drop them for good.
        for (int i = begin; i < end; i++) {
            FunctionNode node = nodes[i];
            for (int k = 0; k < node.utilityCount; k++) {
                scratch[node.utilities[k]]++;
            }
        }
        for (int i = begin; i < end; i++) {
            FunctionNode node = nodes[i];
            int[] keptUtilities = new int[node.utilityCount];
            int kept = 0;
            for (int k = 0; k < node.utilityCount; k++) {
                int count = scratch[node.utilities[k]];
                if (count != 1 && count != n) {
                    keptUtilities[kept++] = node.utilities[k];
                }
            }
            // The old list stays intact until every node is filtered: the counts are still needed.
            filtered[i - begin] = kept == node.utilityCount ? node.utilities : Arrays.copyOf(keptUtilities, kept);
        }
        for (int i = begin; i < end; i++) {
            FunctionNode node = nodes[i];
            for (int k = 0; k < node.utilityCount; k++) {
                scratch[node.utilities[k]] = 0;
            }
            node.utilities = filtered[i - begin];
            node.utilityCount = node.utilities.length;
        }
        // Renumber densely in first-seen order (scratch holds number + 1; 0 means unseen).
        int signatures = 0;
        int[] original = new int[16];
        for (int i = begin; i < end; i++) {
            FunctionNode node = nodes[i];
            for (int k = 0; k < node.utilityCount; k++) {
                int un = node.utilities[k];
                if (scratch[un] == 0) {
                    if (signatures == original.length) {
                        original = Arrays.copyOf(original, signatures * 2);
                    }
                    original[signatures] = un;
                    scratch[un] = ++signatures;
                }
                node.utilities[k] = scratch[un] - 1;
            }
        }
        for (int s = 0; s < signatures; s++) {
            scratch[original[s]] = 0;
        }
        Signatures sig = new Signatures(signatures);
        for (int i = begin; i < end; i++) {
            FunctionNode node = nodes[i];
            for (int k = 0; k < node.utilityCount; k++) {
                if (node.bucket == left) {
                    sig.leftCount[node.utilities[k]]++;
                } else {
                    sig.rightCount[node.utilities[k]]++;
                }
            }
        }
        GainPair[] gains = new GainPair[n];
        for (int iteration = 0; iteration < ITERATIONS_PER_SPLIT; iteration++) {
            if (runIteration(begin, end, left, sig, gains, rng) == 0) {
                break;
            }
        }
    }

    private int runIteration(int begin, int end, int left, Signatures sig, GainPair[] gains, Mt19937 rng) {
        sig.refreshGains();
        int n = end - begin;
        for (int i = 0; i < n; i++) {
            FunctionNode node = nodes[begin + i];
            boolean leftToRight = node.bucket == left;
            float gain = 0f;
            for (int k = 0; k < node.utilityCount; k++) {
                int un = node.utilities[k];
                gain += leftToRight ? sig.gainLR[un] : sig.gainRL[un];
            }
            gains[i] = new GainPair(gain, node);
        }
        int leftEnd = Partition.hoare(gains, 0, n, pair -> pair.node.bucket == left);
        // Descending by gain; the comparison treats -0 and +0 as equal, as C++'s > does.
        Comparator<GainPair> larger = (a, b) -> a.gain > b.gain ? -1 : (b.gain > a.gain ? 1 : 0);
        Arrays.sort(gains, 0, leftEnd, larger);
        Arrays.sort(gains, leftEnd, n, larger);
        int moved = 0;
        int pairs = Math.min(leftEnd, n - leftEnd);
        for (int i = 0; i < pairs; i++) {
            GainPair l = gains[i];
            GainPair r = gains[leftEnd + i];
            if (l.gain + r.gain <= 0f) {
                break;
            }
            if (move(l.node, left, sig, rng)) {
                moved++;
            }
            if (move(r.node, left, sig, rng)) {
                moved++;
            }
        }
        return moved;
    }

    private static boolean move(FunctionNode node, int left, Signatures sig, Mt19937 rng) {
        // Skipping some moves at random helps to leave local optima.
        if (rng.nextCanonicalFloat() <= SKIP_PROBABILITY) {
            return false;
        }
        boolean leftToRight = node.bucket == left;
        node.bucket = leftToRight ? left + 1 : left;
        for (int k = 0; k < node.utilityCount; k++) {
            int un = node.utilities[k];
            if (leftToRight) {
                sig.leftCount[un]--;
                sig.rightCount[un]++;
            } else {
                sig.leftCount[un]++;
                sig.rightCount[un]--;
            }
            sig.valid[un] = false;
        }
        return true;
    }

    private record GainPair(float gain, FunctionNode node) {
    }

    /** Per utility: how many of its nodes are on each side, and the cached gains of a move. */
    private static final class Signatures {
        final int[] leftCount;
        final int[] rightCount;
        final float[] gainLR;
        final float[] gainRL;
        final boolean[] valid;

        Signatures(int size) {
            leftCount = new int[size];
            rightCount = new int[size];
            gainLR = new float[size];
            gainRL = new float[size];
            valid = new boolean[size];
        }

        void refreshGains() {
            for (int s = 0; s < valid.length; s++) {
                if (valid[s]) {
                    continue;
                }
                int l = leftCount[s];
                int r = rightCount[s];
                float cost = LogCost.of(l, r);
                gainLR[s] = l > 0 ? cost - LogCost.of(l - 1, r + 1) : 0f;
                gainRL[s] = r > 0 ? cost - LogCost.of(l + 1, r - 1) : 0f;
                valid[s] = true;
            }
        }
    }
}
