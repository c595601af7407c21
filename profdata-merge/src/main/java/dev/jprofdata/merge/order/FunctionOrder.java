package dev.jprofdata.merge.order;

import java.util.List;
import java.util.OptionalLong;

/**
 * A function order computed from temporal profile traces.
 *
 * @param functionHashes the MD5 name hashes of the ordered functions, first function first
 * @param pageFaultArea with test traces: the area under their page-fault curve (pages of 32
 *     functions; for every call, the number of distinct pages touched so far in its trace, summed),
 *     as the unsigned 32-bit count LLVM keeps; empty without test traces
 */
public record FunctionOrder(List<Long> functionHashes, OptionalLong pageFaultArea) {
    public FunctionOrder {
        functionHashes = List.copyOf(functionHashes);
    }
}
