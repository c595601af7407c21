package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LlvmMapOrder;
import dev.jprofdata.format.sample.SampleProfile;
import java.util.ArrayList;
import java.util.List;

/**
 * The order in which llvm-profdata visits one input's profiles: the iteration order of its
 * reader's hash map, filled in file order. It decides which spelling and attributes win when two
 * profiles of one input meet in one merged profile, and the merged map's insertion order.
 */
final class ReaderOrder {
    private ReaderOrder() {
    }

    static List<FunctionSamples> of(SampleProfile input) {
        List<Keyed> keyed = keyed(input);
        List<FunctionSamples> out = new ArrayList<>(keyed.size());
        for (Keyed k : keyed) {
            out.add(k.profile());
        }
        return out;
    }

    /** A profile with its map key (computed once: hashing calling contexts is not free). */
    record Keyed(long key, FunctionSamples profile) {
    }

    /** The input's profiles with their keys, in llvm-profdata's visiting order. */
    static List<Keyed> keyed(SampleProfile input) {
        List<Keyed> inFileOrder = new ArrayList<>(input.profiles().size());
        for (FunctionSamples f : input.profiles().values()) {
            inFileOrder.add(new Keyed(LlvmMapOrder.mapKey(f.context()), f));
        }
        return LlvmMapOrder.iterationOrder(inFileOrder, Keyed::key);
    }
}
