package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.ContextFrame;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleRecord;
import dev.jprofdata.format.sample.Saturating;
import dev.jprofdata.merge.MergeStateFormatException;
import dev.jprofdata.merge.state.StateBytesIn;
import dev.jprofdata.merge.state.StateBytesOut;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The bytes of one function's samples in a sample merge's partial state (spec/spark.md, "Sample
 * profiles"): every field a merge or a writer looks at, so that a decoded profile merges and writes
 * exactly as the one encoded. Decoding checks every count against the bytes left and the nesting
 * against the readers' own limit, so damaged bytes are an error at an offset, never a huge
 * allocation or a stack overflow.
 *
 * <pre>
 * node     = context, attributes, total, head, checksum (word),
 *            body count, (location, samples, target count, (id, count)...)...,
 *            inlinee count, (location, callee id, node)...,
 *            vtable location count, (location, type count, (id, count)...)...
 * context  = flag calling-context; plain: id; calling: frame count, (id, location)...
 * id       = flag is-hash; hash: word; name: text
 * location = LEB128 of LLVM's (line, discriminator) sort key
 * </pre>
 */
final class SampleStateCodec {
    /** An id and a count take at least two bytes; a node at least ten. */
    private static final int MIN_PAIR = 2;
    private static final int MIN_NODE = 10;
    /** The deepest nesting of inlinees decoded: the binary readers' own limit. */
    static final int MAX_DEPTH = 1000;

    private SampleStateCodec() {
    }

    static void node(StateBytesOut out, FunctionSamples f) {
        context(out, f.context());
        out.number(f.attributes());
        out.number(f.totalSamples());
        out.number(f.headSamples());
        out.word(f.functionHash());
        out.number(f.bodySize());
        for (int i = 0; i < f.bodySize(); i++) {
            out.number(f.bodyLocation(i).sortKey());
            SampleRecord r = f.bodyRecordAt(i);
            out.number(r.samples());
            out.number(r.targetCount());
            for (int t = 0; t < r.targetCount(); t++) {
                id(out, r.targetAt(t));
                out.number(r.targetCountAt(t));
            }
        }
        out.number(f.inlineeCount());
        for (int i = 0; i < f.inlineeCount(); i++) {
            out.number(f.inlineeLocation(i).sortKey());
            id(out, f.inlineeCallee(i));
            node(out, f.inlineeAt(i));
        }
        Map<LineLocation, TreeMap<FunctionId, Long>> vtables = f.vtables();
        out.number(vtables.size());
        for (Map.Entry<LineLocation, TreeMap<FunctionId, Long>> e : vtables.entrySet()) {
            out.number(e.getKey().sortKey());
            out.number(e.getValue().size());
            for (Map.Entry<FunctionId, Long> t : e.getValue().entrySet()) {
                id(out, t.getKey());
                out.number(t.getValue());
            }
        }
    }

    static FunctionSamples node(StateBytesIn in) throws MergeStateFormatException {
        return node(in, null, 0);
    }

    /** A node; an inlinee is created under {@code parent} at its location and callee. */
    private static FunctionSamples node(StateBytesIn in, Placement parent, int depth)
            throws MergeStateFormatException {
        int start = in.offset();
        if (depth > MAX_DEPTH) {
            throw in.problem(start, "inlinees nest deeper than " + MAX_DEPTH);
        }
        SampleContext context = context(in);
        FunctionSamples f;
        if (parent == null) {
            f = new FunctionSamples(context);
        } else {
            f = parent.owner.inlinee(parent.location, parent.callee);
            if (f.totalSamples() != 0 || f.bodySize() != 0 || f.hasInlinees()) {
                throw in.problem(start, "an inlinee appears twice at one location");
            }
            f.setContext(context);
        }
        f.setAttributes((int) in.number());
        f.setTotalSamples(in.number());
        f.setHeadSamples(in.number());
        f.setFunctionHash(in.word());
        int body = in.length(3, "a body record count");
        Saturating.Overflow none = new Saturating.Overflow();
        long previous = -1;
        for (int i = 0; i < body; i++) {
            int at = in.offset();
            long key = in.number();
            if (i > 0 && Long.compareUnsigned(key, previous) <= 0) {
                throw in.problem(at, "body records out of order");
            }
            previous = key;
            LineLocation loc = LineLocation.ofSortKey(key);
            SampleRecord r = f.bodyRecord(loc.line(), loc.discriminator());
            r.setSamples(in.number());
            int targets = in.length(MIN_PAIR, "a call target count");
            for (int t = 0; t < targets; t++) {
                FunctionId target = id(in);
                r.addTarget(target, in.number(), 1, none);
            }
        }
        int calls = in.length(MIN_NODE, "an inlinee count");
        for (int i = 0; i < calls; i++) {
            LineLocation loc = LineLocation.ofSortKey(in.number());
            FunctionId callee = id(in);
            node(in, new Placement(f, loc, callee), depth + 1);
        }
        int vtableLocations = in.length(2, "a vtable location count");
        for (int i = 0; i < vtableLocations; i++) {
            LineLocation loc = LineLocation.ofSortKey(in.number());
            int types = in.length(MIN_PAIR, "a vtable type count");
            for (int t = 0; t < types; t++) {
                FunctionId type = id(in);
                f.addVtableCount(loc, type, in.number(), 1, none);
            }
        }
        return f;
    }

    private record Placement(FunctionSamples owner, LineLocation location, FunctionId callee) {
    }

    private static void context(StateBytesOut out, SampleContext c) {
        out.flag(c.isContextSensitive());
        if (!c.isContextSensitive()) {
            id(out, c.function());
            return;
        }
        List<ContextFrame> frames = c.frames();
        out.number(frames.size());
        for (ContextFrame f : frames) {
            id(out, f.function());
            out.number(f.callsite().sortKey());
        }
    }

    private static SampleContext context(StateBytesIn in) throws MergeStateFormatException {
        if (!in.flag()) {
            return SampleContext.of(id(in));
        }
        int at = in.offset();
        int n = in.length(MIN_PAIR, "a context frame count");
        if (n == 0) {
            throw in.problem(at, "a calling context without frames");
        }
        List<ContextFrame> frames = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            FunctionId function = id(in);
            frames.add(new ContextFrame(function, LineLocation.ofSortKey(in.number())));
        }
        return SampleContext.ofFrames(frames);
    }

    static void id(StateBytesOut out, FunctionId id) {
        out.flag(id.isHash());
        if (id.isHash()) {
            out.word(id.guid());
        } else {
            out.text(id.name());
        }
    }

    static FunctionId id(StateBytesIn in) throws MergeStateFormatException {
        return in.flag() ? FunctionId.ofHash(in.word()) : FunctionId.of(in.text("a function name"));
    }
}
