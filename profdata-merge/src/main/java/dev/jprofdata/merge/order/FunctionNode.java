package dev.jprofdata.merge.order;

/**
 * One function being placed by {@link BalancedPartitioning}: its name hash, the utility nodes
 * (groups of functions that run close together in time) it belongs to, and its working state.
 * Mutable on purpose: partitioning edits buckets and utility lists in place, as LLVM does.
 */
final class FunctionNode {
    final long id;
    int[] utilities;
    int utilityCount;
    int bucket;
    int inputIndex;

    FunctionNode(long id, int[] utilities) {
        this.id = id;
        this.utilities = utilities;
        this.utilityCount = utilities.length;
    }
}
