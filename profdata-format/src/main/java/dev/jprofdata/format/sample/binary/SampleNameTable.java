package dev.jprofdata.format.sample.binary;

import dev.jprofdata.format.sample.ContextFrame;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.SampleRecord;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The name table of a binary sample profile as LLVM's writers build it: every name a profile
 * refers to (its function or, for a calling context, every frame's function; call targets;
 * inlinees, recursively; vtable type names when they are written), once each, in
 * {@link FunctionId} order. A name's index is its position in that order.
 */
public final class SampleNameTable {
    private final TreeSet<FunctionId> names = new TreeSet<>();
    private Map<FunctionId, Integer> indices;

    /** The table of every name in {@code profiles}. */
    public static SampleNameTable of(Collection<FunctionSamples> profiles, boolean withVtableTypes) {
        SampleNameTable t = new SampleNameTable();
        for (FunctionSamples f : profiles) {
            for (ContextFrame frame : f.context().frames()) {
                t.names.add(frame.function());
            }
            t.addNames(f, withVtableTypes);
        }
        return t;
    }

    private void addNames(FunctionSamples f, boolean withVtableTypes) {
        for (SampleRecord r : f.body().values()) {
            names.addAll(r.targets().keySet());
        }
        for (TreeMap<FunctionId, FunctionSamples> callees : f.callsites().values()) {
            for (FunctionSamples c : callees.values()) {
                names.add(c.function());
                addNames(c, withVtableTypes);
            }
        }
        if (withVtableTypes) {
            for (TreeMap<FunctionId, Long> types : f.vtables().values()) {
                names.addAll(types.keySet());
            }
        }
    }

    /** The names in table order. */
    public Collection<FunctionId> names() {
        return names;
    }

    public int size() {
        return names.size();
    }

    /** The index of {@code name}, which must be in the table. */
    public int indexOf(FunctionId name) {
        if (indices == null) {
            indices = new HashMap<>(names.size() * 2);
            int i = 0;
            for (FunctionId n : names) {
                indices.put(n, i++);
            }
        }
        Integer i = indices.get(name);
        if (i == null) {
            throw new IllegalStateException("name missing from the name table: " + name);
        }
        return i;
    }
}
