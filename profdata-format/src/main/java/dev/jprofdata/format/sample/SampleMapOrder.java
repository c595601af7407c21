package dev.jprofdata.format.sample;

import java.util.ArrayList;
import java.util.List;

/**
 * The order in which LLVM iterates the profile map of a profile it read. LLVM's reports keep that
 * order where their sort leaves ties: the hot-function list ({@code show --hot-func-list}) and the
 * function rows of {@code overlap --sample}.
 */
public final class SampleMapOrder {
    private SampleMapOrder() {
    }

    /**
     * The top-level profiles of {@code profile} in LLVM's map iteration order: its reader inserts
     * them in file order ({@link SampleProfile#profiles()}) into a map keyed by
     * {@link LlvmMapOrder#mapKey}.
     */
    public static List<FunctionSamples> of(SampleProfile profile) {
        return LlvmMapOrder.iterationOrder(new ArrayList<>(profile.profiles().values()),
                f -> LlvmMapOrder.mapKey(f.context()));
    }
}
