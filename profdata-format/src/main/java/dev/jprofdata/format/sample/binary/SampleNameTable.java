package dev.jprofdata.format.sample.binary;

import dev.jprofdata.format.sample.ContextFrame;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.SampleRecord;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The name table of a binary sample profile as LLVM's writers build it: every name a profile
 * refers to (its function or, for a calling context, every frame's function; call targets;
 * inlinees, recursively; vtable type names when they are written), once each, in
 * {@link FunctionId} order. A name's index is its position in that order.
 */
public final class SampleNameTable {
    // Names are collected in a hash set (a profile repeats its call targets and callees many
    // times) and sorted once.
    private final HashSet<FunctionId> names = new HashSet<>();
    private List<FunctionId> sorted;
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
        t.sorted = new ArrayList<>(t.names);
        Collections.sort(t.sorted);
        t.indices = new HashMap<>(t.sorted.size() * 2);
        for (FunctionId n : t.sorted) {
            t.indices.put(n, t.indices.size());
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
    public List<FunctionId> names() {
        return Collections.unmodifiableList(sorted);
    }

    public int size() {
        return sorted.size();
    }

    /** The index of {@code name}, which must be in the table. */
    public int indexOf(FunctionId name) {
        Integer i = indices.get(name);
        if (i == null) {
            throw new IllegalStateException("name missing from the name table: " + name);
        }
        return i;
    }
}
