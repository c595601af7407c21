package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.MergeStatus;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleRecord;
import dev.jprofdata.format.sample.Saturating;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * {@code merge -r}: a copy of a profile with every function name (its own, call targets, inlinees)
 * passed through the remapping; names stored as MD5 hashes are left as they are.
 *
 * <p>The copy is rebuilt from counts only, as llvm-profdata rebuilds it: the pseudo-probe
 * checksum, the context attributes and the vtable counts are not carried over, a calling context
 * becomes its leaf function (so every context of a function merges into one profile), and body
 * discriminators are cut to the flow-sensitive pass's bits. Inlinees that meet at one place after
 * renaming are merged, and the first problem of those merges is reported.
 */
final class SampleRemapping {
    private final UnaryOperator<String> remapper;
    private final int discriminatorMask;

    SampleRemapping(UnaryOperator<String> remapper, int discriminatorMask) {
        this.remapper = remapper;
        this.discriminatorMask = discriminatorMask;
    }

    /** The remapped copy; {@code status[0]} receives the first problem met. */
    FunctionSamples remap(FunctionSamples samples, MergeStatus[] status) {
        FunctionSamples result = new FunctionSamples(SampleContext.of(rename(samples.function())));
        Saturating.Overflow ignored = new Saturating.Overflow();
        result.addTotalSamples(samples.totalSamples(), 1, ignored);
        result.addHeadSamples(samples.headSamples(), 1, ignored);
        for (Map.Entry<LineLocation, SampleRecord> e : samples.body().entrySet()) {
            LineLocation at = new LineLocation(e.getKey().line(), e.getKey().discriminator() & discriminatorMask);
            SampleRecord target = result.bodyRecord(at);
            target.addSamples(e.getValue().samples(), 1, ignored);
            for (Map.Entry<FunctionId, Long> t : e.getValue().targets().entrySet()) {
                target.addTarget(rename(t.getKey()), t.getValue(), 1, ignored);
            }
        }
        for (Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> e : samples.callsites().entrySet()) {
            for (FunctionSamples callee : e.getValue().values()) {
                FunctionSamples remapped = remap(callee, status);
                MergeStatus s = result.inlinee(e.getKey(), remapped.function()).merge(remapped, 1);
                status[0] = status[0].then(s);
            }
        }
        return result;
    }

    private FunctionId rename(FunctionId id) {
        if (id.isHash()) {
            return id;
        }
        String renamed = remapper.apply(id.name());
        return renamed.equals(id.name()) ? id : FunctionId.of(renamed);
    }
}
