package dev.jprofdata.format.sample.binary;

import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleRecord;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryEntry;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

/**
 * Encodes function records as both binary formats store them: head samples, then the body (name
 * index, total, body records with their call targets hottest first, inlinees by location and
 * callee, each a nested body, and optionally the vtable type counts).
 */
public final class FunctionRecordEncoder {
    private final SampleNameTable names;
    private final ToIntFunction<FunctionSamples> topLevelIndex;
    private final boolean withVtableTypes;

    /**
     * @param names           the name table every index refers to
     * @param topLevelIndex   the index a top-level record names itself by (a name index, or in a
     *                        context-sensitive ext-binary profile the context's index)
     * @param withVtableTypes append the vtable type block to every body
     */
    public FunctionRecordEncoder(SampleNameTable names, ToIntFunction<FunctionSamples> topLevelIndex,
            boolean withVtableTypes) {
        this.names = names;
        this.topLevelIndex = topLevelIndex;
        this.withVtableTypes = withVtableTypes;
    }

    /** A top-level record: head samples, then the body. */
    public void writeRecord(FunctionSamples f, SampleBinaryOutput out) {
        out.uleb(f.headSamples());
        writeBody(f, topLevelIndex.applyAsInt(f), out);
    }

    private void writeBody(FunctionSamples f, int nameIndex, SampleBinaryOutput out) {
        out.uleb(nameIndex);
        out.uleb(f.totalSamples());
        out.uleb(f.body().size());
        for (Map.Entry<LineLocation, SampleRecord> e : f.body().entrySet()) {
            location(e.getKey(), out);
            SampleRecord r = e.getValue();
            out.uleb(r.samples());
            out.uleb(r.targets().size());
            for (Map.Entry<FunctionId, Long> t : r.sortedTargets()) {
                out.uleb(names.indexOf(t.getKey()));
                out.uleb(t.getValue());
            }
        }
        long inlinees = 0;
        for (TreeMap<FunctionId, FunctionSamples> callees : f.callsites().values()) {
            inlinees += callees.size();
        }
        out.uleb(inlinees);
        for (Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> e : f.callsites().entrySet()) {
            for (FunctionSamples c : e.getValue().values()) {
                location(e.getKey(), out);
                writeBody(c, names.indexOf(c.function()), out);
            }
        }
        if (withVtableTypes) {
            out.uleb(f.vtables().size());
            for (Map.Entry<LineLocation, TreeMap<FunctionId, Long>> e : f.vtables().entrySet()) {
                location(e.getKey(), out);
                out.uleb(e.getValue().size());
                for (Map.Entry<FunctionId, Long> t : e.getValue().entrySet()) {
                    out.uleb(names.indexOf(t.getKey()));
                    out.uleb(t.getValue());
                }
            }
        }
    }

    static void location(LineLocation l, SampleBinaryOutput out) {
        out.uleb(l.lineValue());
        out.uleb(l.discriminatorValue());
    }

    /** The summary block: totals, then every detailed entry. */
    public static void writeSummary(ProfileSummary s, SampleBinaryOutput out) {
        out.uleb(s.totalCount());
        out.uleb(s.maxCount());
        out.uleb(s.maxFunctionCount());
        out.uleb(s.numCounts());
        out.uleb(s.numFunctions());
        out.uleb(s.entries().size());
        for (SummaryEntry e : s.entries()) {
            out.uleb(e.cutoff());
            out.uleb(e.minCount());
            out.uleb(e.numCounts());
        }
    }
}
