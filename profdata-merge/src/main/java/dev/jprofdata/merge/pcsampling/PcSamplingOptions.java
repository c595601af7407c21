package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.CommentSourceLocator;
import dev.jprofdata.format.pcsampling.SourceLocator;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * What a PC-sampling analysis keeps and how it reads the samples.
 *
 * @param kernel keep only kernels whose name contains this, or null for all
 * @param dispatches keep only these dispatch ids; empty for all
 * @param lineRange also report the metrics of the samples in this line range, or null
 * @param mfmaF64OnValu attribute stalled {@code v_mfma_f64*} instructions to the VALU pipe instead
 *     of MATRIX (upstream is inconsistent about it; spec/pc-sampling.md)
 * @param locator turns a sampled instruction into source frames where no code object's DWARF does
 * @param codeObjects code object files by code object id, symbolized for every process of the run
 *     (the command's {@code --code-object ID=FILE[#TARGET]})
 * @param codeObjectsFromUris also symbolize with the code objects a results JSON names by a
 *     {@code file://} URI, when the file is on this machine
 */
public record PcSamplingOptions(String kernel, Set<Long> dispatches, LineRange lineRange, boolean mfmaF64OnValu,
        SourceLocator locator, Map<Long, CodeObjectFile> codeObjects, boolean codeObjectsFromUris) {

    public PcSamplingOptions {
        dispatches = Set.copyOf(dispatches);
        codeObjects = Map.copyOf(codeObjects);
    }

    /** As before code objects could be given: the comments as the only source of lines. */
    public PcSamplingOptions(String kernel, Set<Long> dispatches, LineRange lineRange, boolean mfmaF64OnValu,
            SourceLocator locator) {
        this(kernel, dispatches, lineRange, mfmaF64OnValu, locator, Map.of(), false);
    }

    /** Everything kept; lines from the code objects the input names when they are here, else the comments. */
    public static PcSamplingOptions defaults() {
        return new PcSamplingOptions(null, Set.of(), null, false, new CommentSourceLocator(), Map.of(), true);
    }

    public PcSamplingOptions withKernel(String k) {
        return new PcSamplingOptions(k, dispatches, lineRange, mfmaF64OnValu, locator, codeObjects, codeObjectsFromUris);
    }

    public PcSamplingOptions withDispatches(Set<Long> d) {
        return new PcSamplingOptions(kernel, d, lineRange, mfmaF64OnValu, locator, codeObjects, codeObjectsFromUris);
    }

    public PcSamplingOptions withLineRange(LineRange r) {
        return new PcSamplingOptions(kernel, dispatches, r, mfmaF64OnValu, locator, codeObjects, codeObjectsFromUris);
    }

    public PcSamplingOptions withLocator(SourceLocator l) {
        return new PcSamplingOptions(kernel, dispatches, lineRange, mfmaF64OnValu, l, codeObjects, codeObjectsFromUris);
    }

    /**
     * A code object on disk: an ELF file, or an offload bundle and the target of its entry
     * ({@code gfx942}; null for a bundle with one device entry).
     */
    public record CodeObjectFile(Path path, String target) {
    }

    /** Symbolizes code object {@code id}'s samples with {@code file} (an ELF code object or a one-entry bundle). */
    public PcSamplingOptions withCodeObject(long id, Path file) {
        return withCodeObject(id, file, null);
    }

    /** Symbolizes code object {@code id}'s samples with the {@code target} entry of the bundle {@code file}. */
    public PcSamplingOptions withCodeObject(long id, Path file, String target) {
        Map<Long, CodeObjectFile> all = new java.util.TreeMap<>(codeObjects);
        all.put(id, new CodeObjectFile(file, target));
        return new PcSamplingOptions(kernel, dispatches, lineRange, mfmaF64OnValu, locator, all, codeObjectsFromUris);
    }

    /** Whether to use the code objects the input names by URI (on by default). */
    public PcSamplingOptions withCodeObjectsFromUris(boolean use) {
        return new PcSamplingOptions(kernel, dispatches, lineRange, mfmaF64OnValu, locator, codeObjects, use);
    }
}
