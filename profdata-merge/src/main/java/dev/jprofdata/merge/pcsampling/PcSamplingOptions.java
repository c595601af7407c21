package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.CommentSourceLocator;
import dev.jprofdata.format.pcsampling.SourceLocator;
import java.util.Set;

/**
 * What a PC-sampling analysis keeps and how it reads the samples.
 *
 * @param kernel keep only kernels whose name contains this, or null for all
 * @param dispatches keep only these dispatch ids; empty for all
 * @param lineRange also report the metrics of the samples in this line range, or null
 * @param mfmaF64OnValu attribute stalled {@code v_mfma_f64*} instructions to the VALU pipe instead
 *     of MATRIX (upstream is inconsistent about it; spec/pc-sampling.md)
 * @param locator turns a sampled instruction into source frames
 */
public record PcSamplingOptions(String kernel, Set<Long> dispatches, LineRange lineRange, boolean mfmaF64OnValu,
        SourceLocator locator) {

    public PcSamplingOptions {
        dispatches = Set.copyOf(dispatches);
    }

    /** Everything kept, comments as the source of lines. */
    public static PcSamplingOptions defaults() {
        return new PcSamplingOptions(null, Set.of(), null, false, new CommentSourceLocator());
    }

    public PcSamplingOptions withKernel(String k) {
        return new PcSamplingOptions(k, dispatches, lineRange, mfmaF64OnValu, locator);
    }

    public PcSamplingOptions withDispatches(Set<Long> d) {
        return new PcSamplingOptions(kernel, d, lineRange, mfmaF64OnValu, locator);
    }

    public PcSamplingOptions withLineRange(LineRange r) {
        return new PcSamplingOptions(kernel, dispatches, r, mfmaF64OnValu, locator);
    }

    public PcSamplingOptions withLocator(SourceLocator l) {
        return new PcSamplingOptions(kernel, dispatches, lineRange, mfmaF64OnValu, l);
    }
}
