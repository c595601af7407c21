package dev.jprofdata.format.sample.text;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleProfileFlags;
import dev.jprofdata.format.sample.SampleProfileOrder;
import dev.jprofdata.format.sample.SampleRecord;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the text sample-profile format as llvm-profdata 22 does ({@code merge --text}).
 *
 * <p>Functions hottest first. A node is its header ({@code name:total:head} at top level,
 * {@code name:total} for an inlinee after its {@code LOC: }; a context-sensitive profile writes
 * {@code [context]} instead of the name), its body lines (call targets hottest first), then its
 * inlinees by location and callee, then {@code !CFGChecksum} when the profile is probe-based (even
 * 0), {@code !Attributes} when not 0, and with the split layout {@code !Flat} after a top-level
 * function without inlinees. A location's vtable counts follow its body line and again its
 * inlinees, each type followed by a space, as LLVM writes them.
 */
public final class SampleTextWriter {
    private final StringBuilder out = new StringBuilder();
    private final SampleProfileFlags flags;
    private final boolean markFlat;

    private SampleTextWriter(SampleProfileFlags flags, boolean markFlat) {
        this.flags = flags;
        this.markFlat = markFlat;
    }

    /** The text of {@code profiles}; {@code markFlat} is {@code --split-layout}. */
    public static byte[] write(Collection<FunctionSamples> profiles, SampleProfileFlags flags, boolean markFlat) {
        SampleTextWriter w = new SampleTextWriter(flags, markFlat);
        for (FunctionSamples f : SampleProfileOrder.sorted(profiles)) {
            w.node(f, 0);
        }
        return Names.toBytes(w.out.toString());
    }

    private void node(FunctionSamples f, int indent) {
        if (flags.contextSensitive()) {
            out.append('[').append(f.context()).append("]:");
        } else {
            out.append(f.function().name()).append(':');
        }
        out.append(Long.toUnsignedString(f.totalSamples()));
        if (indent == 0) {
            out.append(':').append(Long.toUnsignedString(f.headSamples()));
        }
        out.append('\n');
        for (Map.Entry<LineLocation, SampleRecord> e : f.body().entrySet()) {
            spaces(indent + 1);
            out.append(e.getKey()).append(": ").append(Long.toUnsignedString(e.getValue().samples()));
            for (Map.Entry<FunctionId, Long> t : e.getValue().sortedTargets()) {
                out.append(' ').append(t.getKey().name()).append(':').append(Long.toUnsignedString(t.getValue()));
            }
            out.append('\n');
            vtables(f, e.getKey(), indent + 1);
        }
        for (Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> e : f.callsites().entrySet()) {
            for (FunctionSamples callee : e.getValue().values()) {
                spaces(indent + 1);
                out.append(e.getKey()).append(": ");
                node(callee, indent + 1);
            }
            vtables(f, e.getKey(), indent + 1);
        }
        if (flags.probeBased()) {
            spaces(indent + 1);
            out.append("!CFGChecksum: ").append(Long.toUnsignedString(f.functionHash())).append('\n');
        }
        if (f.attributes() != 0) {
            spaces(indent + 1);
            out.append("!Attributes: ").append(Integer.toUnsignedString(f.attributes())).append('\n');
        }
        if (indent == 0 && markFlat && !f.hasInlinees()) {
            out.append(" !Flat\n");
        }
    }

    private void vtables(FunctionSamples f, LineLocation at, int indent) {
        TreeMap<FunctionId, Long> types = f.vtables().get(at);
        if (types == null || types.isEmpty()) {
            return;
        }
        spaces(indent);
        out.append(at).append(": vtables ");
        for (Map.Entry<FunctionId, Long> t : types.entrySet()) {
            out.append(t.getKey().name()).append(':').append(Long.toUnsignedString(t.getValue())).append(' ');
        }
        out.append('\n');
    }

    private void spaces(int n) {
        for (int i = 0; i < n; i++) {
            out.append(' ');
        }
    }
}
