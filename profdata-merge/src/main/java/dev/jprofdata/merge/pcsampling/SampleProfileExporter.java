package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.SamplingMethod;
import dev.jprofdata.format.pcsampling.SourceFrame;
import dev.jprofdata.format.sample.BaseDiscriminator;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileFlags;
import dev.jprofdata.format.sample.Saturating;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns the PC samples of an analysis ({@link PcSamplingReport}) into an LLVM sample profile for
 * {@code -fprofile-sample-use} on the device compile (spec/pc-sampling.md, "Export to a sample
 * profile").
 *
 * <p>PC samples are instruction-pointer samples without branch records, so the export does what
 * llvm-profgen does for such profiles: each sampled instruction's count is added, not maxed, to the
 * line it belongs to. With the code object's DWARF, an instruction's source stack (innermost frame
 * first) places it: the outermost frame's function is the top-level profile, each inlined frame is
 * an inlinee at its caller's call line, and the innermost line takes the count; every line is
 * counted from its own function's declaration line and keyed by its base discriminator, as the
 * compiler's sample loader looks it up. Each function on the way counts the sample in its total;
 * head samples stay 0 (a kernel is launched, not called, and there are no branch records to tell
 * calls of device functions).
 *
 * <p>Without a code object (frames from rocprofv3's comments: lines, no functions, no declaration
 * lines) the export is degraded: a kernel's samples go to the kernel's own line (the outermost of
 * the comment's chain) under its ELF symbol, counted from the kernel's first sampled line instead of
 * its declaration line; a warning says so for each such kernel. Samples without a known line, and
 * of kernels whose symbol the input does not give, are left out and counted in a warning.
 */
public final class SampleProfileExporter {
    /** The compiler keeps 16 bits of a line offset (LLVM's FunctionSamples::getOffset masks them). */
    private static final int OFFSET_MASK = 0xFFFF;

    private final ExportCount count;
    private final Map<String, FunctionSamples> functions = new TreeMap<>();
    private final Saturating.Overflow overflow = new Saturating.Overflow();
    private final List<String> warnings = new ArrayList<>();
    private long counted;
    private long exported;
    private long noLocation;
    private long unknownKernel;
    private final Map<String, Long> noSymbol = new TreeMap<>();

    private SampleProfileExporter(ExportCount count) {
        this.count = count;
    }

    /**
     * The sample profile of {@code report}'s kept samples, counting {@code count}.
     *
     * @throws PcSamplingInputException when the samples cannot give that count (host-trap samples
     *     carry no issue flag)
     */
    public static ExportedProfile export(PcSamplingReport report, ExportCount count) throws PcSamplingInputException {
        if (count == ExportCount.ISSUED && report.method() == SamplingMethod.HOST_TRAP) {
            throw new PcSamplingInputException("host-trap samples do not say whether the wave issued the instruction:"
                    + " only all samples can be exported (drop the issued-only count)");
        }
        SampleProfileExporter e = new SampleProfileExporter(count);
        e.warnings.addAll(report.warnings());
        for (KernelSummary k : report.kernels()) {
            e.addKernel(k);
        }
        return e.finish();
    }

    private long countOf(InstructionSummary i) {
        return count == ExportCount.ALL ? i.tally().samples() : i.tally().issued();
    }

    private void addKernel(KernelSummary kernel) {
        List<InstructionSummary> degraded = new ArrayList<>();
        for (InstructionSummary i : kernel.instructions()) {
            long n = countOf(i);
            if (n == 0) {
                continue;
            }
            counted += n;
            List<SourceFrame> frames = i.frames();
            if (frames.isEmpty()) {
                noLocation += n;
            } else if (frames.stream().allMatch(f -> f.function() != null)) {
                // Line 0 marks code the compiler made without a source line: nothing to key it by.
                if (frames.stream().anyMatch(f -> f.line() <= 0)) {
                    noLocation += n;
                } else {
                    addStack(frames, n);
                }
            } else if (frames.get(frames.size() - 1).line() <= 0) {
                noLocation += n;
            } else {
                degraded.add(i);
            }
        }
        if (!degraded.isEmpty()) {
            addDegraded(kernel, degraded);
        }
    }

    /** Adds {@code n} samples along a symbolized stack (innermost frame first). */
    private void addStack(List<SourceFrame> frames, long n) {
        int k = frames.size() - 1;
        FunctionSamples f = functions.computeIfAbsent(frames.get(k).function(),
                name -> new FunctionSamples(SampleContext.of(FunctionId.of(name))));
        f.addTotalSamples(n, 1, overflow);
        for (int j = k; j >= 1; j--) {
            SourceFrame caller = frames.get(j);
            f = f.inlinee(offset(caller), BaseDiscriminator.of(caller.discriminator()),
                    FunctionId.of(frames.get(j - 1).function()));
            f.addTotalSamples(n, 1, overflow);
        }
        SourceFrame leaf = frames.get(0);
        f.bodyRecord(offset(leaf), BaseDiscriminator.of(leaf.discriminator())).addSamples(n, 1, overflow);
        exported += n;
    }

    private static int offset(SourceFrame f) {
        return (f.line() - f.declLine()) & OFFSET_MASK;
    }

    /** Adds a kernel's instructions known only by their comment lines, under the kernel's symbol. */
    private void addDegraded(KernelSummary kernel, List<InstructionSummary> instructions) {
        long n = 0;
        int base = Integer.MAX_VALUE;
        for (InstructionSummary i : instructions) {
            n += countOf(i);
            base = Math.min(base, outermost(i).line());
        }
        if (kernel.symbol() == null) {
            if (kernel.known()) {
                noSymbol.merge(kernel.name(), n, Long::sum);
            } else {
                unknownKernel += n;
            }
            return;
        }
        FunctionSamples f = functions.computeIfAbsent(kernel.symbol(),
                name -> new FunctionSamples(SampleContext.of(FunctionId.of(name))));
        for (InstructionSummary i : instructions) {
            long c = countOf(i);
            f.addTotalSamples(c, 1, overflow);
            f.bodyRecord((outermost(i).line() - base) & OFFSET_MASK, 0).addSamples(c, 1, overflow);
        }
        exported += n;
        warnings.add("kernel " + kernel.symbol() + ": " + n + " samples placed without the code object: their"
                + " lines are counted from line " + base + ", the kernel's first sampled line, not from its"
                + " declaration line (which only the code object's DWARF gives), and inlined calls are not"
                + " told apart; give the code object (--code-object) for a profile the compiler can match");
    }

    private static SourceFrame outermost(InstructionSummary i) {
        return i.frames().get(i.frames().size() - 1);
    }

    private ExportedProfile finish() {
        if (noLocation > 0) {
            warnings.add(noLocation + " samples have no source line (no debug information for their instruction,"
                    + " or line 0: code the compiler made without one): not exported");
        }
        if (unknownKernel > 0) {
            warnings.add(unknownKernel + " samples of unknown kernels have no code object to name their functions:"
                    + " not exported");
        }
        noSymbol.forEach((kernel, n) -> warnings.add("kernel " + kernel + ": " + n + " samples not exported: the"
                + " input names the kernel but not its ELF symbol (a kernel trace gives only demangled names);"
                + " give the results JSON or the code object"));
        if (overflow.happened()) {
            warnings.add("a count passed 2^64-1 and was held at that value");
        }
        LinkedHashMap<SampleContext, FunctionSamples> profiles = new LinkedHashMap<>();
        for (FunctionSamples f : functions.values()) {
            profiles.put(f.context(), f);
        }
        SampleProfile profile = new SampleProfile(SampleFormat.EXTBINARY, profiles, SampleProfileFlags.NONE, null,
                null);
        return new ExportedProfile(profile, counted, exported, warnings);
    }
}
