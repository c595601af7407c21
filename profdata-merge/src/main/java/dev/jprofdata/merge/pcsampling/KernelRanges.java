package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.CodeObject;
import dev.jprofdata.format.pcsampling.KernelSymbol;
import dev.jprofdata.format.pcsampling.ResultsRun;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The kernel a PC lies in, from the kernels' entry offsets in their code object: the kernel with
 * the largest entry at or below the PC. The fallback for a results JSON without dispatch records
 * (spec/pc-sampling.md, "Joining samples to kernels"). A device function that is called rather
 * than inlined lies after some kernel's entry and would be credited to that kernel, so the
 * analysis uses this only when every sample of a dispatch points to the same kernel.
 */
final class KernelRanges {
    private final Map<Long, TreeMap<Long, KernelSymbol>> entries = new HashMap<>();

    KernelRanges(ResultsRun run) {
        for (KernelSymbol k : run.kernels().values()) {
            CodeObject co = run.codeObjects().get(k.codeObjectId());
            if (co == null || k.kernelAddress() < 0 || k.codeObjectId() == 0 || k.kernelAddress() < co.loadBase()) {
                continue;
            }
            entries.computeIfAbsent(k.codeObjectId(), id -> new TreeMap<>())
                    .put(k.kernelAddress() - co.loadBase(), k);
        }
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The kernel holding {@code offset} of code object {@code codeObjectId}, or null. */
    KernelSymbol kernelAt(long codeObjectId, long offset) {
        TreeMap<Long, KernelSymbol> e = entries.get(codeObjectId);
        if (e == null || offset < 0) {
            return null;
        }
        Map.Entry<Long, KernelSymbol> at = e.floorEntry(offset);
        return at == null ? null : at.getValue();
    }
}
