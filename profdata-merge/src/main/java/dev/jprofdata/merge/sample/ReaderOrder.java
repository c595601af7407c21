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
        return LlvmMapOrder.iterationOrder(new ArrayList<>(input.profiles().values()),
                f -> LlvmMapOrder.mapKey(f.context()));
    }
}
