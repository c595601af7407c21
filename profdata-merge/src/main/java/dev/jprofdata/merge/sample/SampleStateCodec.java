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
 * names    = count, (flag is-hash; hash: word; name: text)...   written once, before the nodes
 * node     = context, attributes, total, head, checksum (flag, word if not 0),
 *            body count, (location, samples, target count, (id, count)...)...,
 *            inlinee count, (location, callee id, node)...,
 *            vtable location count, (location, type count, (id, count)...)...
 * context  = flag calling-context; plain: id; calling: frame count, (id, location)...
 * id       = LEB128 place in the name table
 * location = line offset, discriminator (LEB128 each)
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

    /**
     * The function names of an encoding, each written once and then referred to by its place: a
     * name appears in many contexts, call targets and inlinees, and decoded profiles share one
     * {@link FunctionId} per name.
     */
    static final class NameTable {
        private final java.util.HashMap<FunctionId, Integer> places = new java.util.HashMap<>();
        private final List<FunctionId> names = new ArrayList<>();

        /** The names of {@code profiles}, in the order they are first met. */
        static NameTable of(Iterable<FunctionSamples> profiles) {
            NameTable t = new NameTable();
            for (FunctionSamples f : profiles) {
                t.collect(f);
            }
            return t;
        }

        private void collect(FunctionSamples f) {
            for (ContextFrame frame : f.context().frames()) {
                add(frame.function());
            }
            add(f.context().function());
            for (int i = 0; i < f.bodySize(); i++) {
                SampleRecord r = f.bodyRecordAt(i);
                for (int t = 0; t < r.targetCount(); t++) {
                    add(r.targetAt(t));
                }
            }
            for (int i = 0; i < f.inlineeCount(); i++) {
                add(f.inlineeCallee(i));
                collect(f.inlineeAt(i));
            }
            for (TreeMap<FunctionId, Long> types : f.vtables().values()) {
                types.keySet().forEach(this::add);
            }
        }

        private void add(FunctionId id) {
            if (places.putIfAbsent(id, names.size()) == null) {
                names.add(id);
            }
        }

        void write(StateBytesOut out) {
            out.number(names.size());
            for (FunctionId id : names) {
                out.flag(id.isHash());
                if (id.isHash()) {
                    out.word(id.guid());
                } else {
                    out.text(id.name());
                }
            }
        }

        static NameTable read(StateBytesIn in) throws MergeStateFormatException {
            NameTable t = new NameTable();
            int n = in.length(2, "the name count");
            for (int i = 0; i < n; i++) {
                int at = in.offset();
                FunctionId id = in.flag() ? FunctionId.ofHash(in.word()) : FunctionId.of(in.text("a function name"));
                if (t.places.putIfAbsent(id, i) != null) {
                    throw in.problem(at, "a name appears twice in the name table");
                }
                t.names.add(id);
            }
            return t;
        }

        private void id(StateBytesOut out, FunctionId id) {
            Integer place = places.get(id);
            if (place == null) {
                throw new IllegalStateException("a name missing from the table: " + id);
            }
            out.number(place);
        }

        private FunctionId id(StateBytesIn in) throws MergeStateFormatException {
            return names.get(in.small(names.size() - 1, "a name's place in the table"));
        }
    }

    static void node(StateBytesOut out, FunctionSamples f, NameTable names) {
        context(out, f.context(), names);
        out.number(f.attributes());
        out.number(f.totalSamples());
        out.number(f.headSamples());
        out.flag(f.functionHash() != 0);
        if (f.functionHash() != 0) {
            out.word(f.functionHash());
        }
        out.number(f.bodySize());
        for (int i = 0; i < f.bodySize(); i++) {
            location(out, f.bodyLocation(i));
            SampleRecord r = f.bodyRecordAt(i);
            out.number(r.samples());
            out.number(r.targetCount());
            for (int t = 0; t < r.targetCount(); t++) {
                names.id(out, r.targetAt(t));
                out.number(r.targetCountAt(t));
            }
        }
        out.number(f.inlineeCount());
        for (int i = 0; i < f.inlineeCount(); i++) {
            location(out, f.inlineeLocation(i));
            names.id(out, f.inlineeCallee(i));
            node(out, f.inlineeAt(i), names);
        }
        Map<LineLocation, TreeMap<FunctionId, Long>> vtables = f.vtables();
        out.number(vtables.size());
        for (Map.Entry<LineLocation, TreeMap<FunctionId, Long>> e : vtables.entrySet()) {
            location(out, e.getKey());
            out.number(e.getValue().size());
            for (Map.Entry<FunctionId, Long> t : e.getValue().entrySet()) {
                names.id(out, t.getKey());
                out.number(t.getValue());
            }
        }
    }

    static FunctionSamples node(StateBytesIn in, NameTable names) throws MergeStateFormatException {
        return node(in, names, null, 0);
    }

    /** A node; an inlinee is created under {@code parent} at its location and callee. */
    private static FunctionSamples node(StateBytesIn in, NameTable names, Placement parent, int depth)
            throws MergeStateFormatException {
        int start = in.offset();
        if (depth > MAX_DEPTH) {
            throw in.problem(start, "inlinees nest deeper than " + MAX_DEPTH);
        }
        SampleContext context = context(in, names);
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
        f.setFunctionHash(in.flag() ? in.word() : 0);
        int body = in.length(3, "a body record count");
        Saturating.Overflow none = new Saturating.Overflow();
        long previous = -1;
        for (int i = 0; i < body; i++) {
            int at = in.offset();
            LineLocation loc = location(in);
            long key = loc.sortKey();
            if (i > 0 && Long.compareUnsigned(key, previous) <= 0) {
                throw in.problem(at, "body records out of order");
            }
            previous = key;
            SampleRecord r = f.bodyRecord(loc.line(), loc.discriminator());
            r.setSamples(in.number());
            int targets = in.length(MIN_PAIR, "a call target count");
            for (int t = 0; t < targets; t++) {
                FunctionId target = names.id(in);
                r.addTarget(target, in.number(), 1, none);
            }
        }
        int calls = in.length(MIN_NODE, "an inlinee count");
        for (int i = 0; i < calls; i++) {
            LineLocation loc = location(in);
            FunctionId callee = names.id(in);
            node(in, names, new Placement(f, loc, callee), depth + 1);
        }
        int vtableLocations = in.length(2, "a vtable location count");
        for (int i = 0; i < vtableLocations; i++) {
            LineLocation loc = location(in);
            int types = in.length(MIN_PAIR, "a vtable type count");
            for (int t = 0; t < types; t++) {
                FunctionId type = names.id(in);
                f.addVtableCount(loc, type, in.number(), 1, none);
            }
        }
        return f;
    }

    /** A location as its line offset and discriminator, each a 32-bit unsigned LEB128 number. */
    private static void location(StateBytesOut out, LineLocation loc) {
        out.number(Integer.toUnsignedLong(loc.line()));
        out.number(Integer.toUnsignedLong(loc.discriminator()));
    }

    private static LineLocation location(StateBytesIn in) throws MergeStateFormatException {
        int at = in.offset();
        long line = in.number();
        long discriminator = in.number();
        if (line >>> 32 != 0 || discriminator >>> 32 != 0) {
            throw in.problem(at, "a location beyond 32 bits");
        }
        return line == 0 && discriminator == 0 ? LineLocation.ZERO : new LineLocation((int) line, (int) discriminator);
    }

    private record Placement(FunctionSamples owner, LineLocation location, FunctionId callee) {
    }

    private static void context(StateBytesOut out, SampleContext c, NameTable names) {
        out.flag(c.isContextSensitive());
        if (!c.isContextSensitive()) {
            names.id(out, c.function());
            return;
        }
        List<ContextFrame> frames = c.frames();
        out.number(frames.size());
        for (ContextFrame f : frames) {
            names.id(out, f.function());
            location(out, f.callsite());
        }
    }

    private static SampleContext context(StateBytesIn in, NameTable names) throws MergeStateFormatException {
        if (!in.flag()) {
            return SampleContext.of(names.id(in));
        }
        int at = in.offset();
        int n = in.length(MIN_PAIR, "a context frame count");
        if (n == 0) {
            throw in.problem(at, "a calling context without frames");
        }
        List<ContextFrame> frames = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            FunctionId function = names.id(in);
            frames.add(new ContextFrame(function, location(in)));
        }
        return SampleContext.ofFrames(frames);
    }
}
