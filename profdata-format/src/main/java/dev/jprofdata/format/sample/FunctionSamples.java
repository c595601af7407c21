package dev.jprofdata.format.sample;

import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The samples of one function, or of one inlined copy of it (a node of the profile tree): totals,
 * body records by location, inlined callees by location and name, the pseudo-probe checksum, the
 * context attributes and LLVM 22's vtable type counts.
 *
 * <p>Mutable and not thread-safe: a reader builds it, a merge accumulates into its own copy. All
 * additions saturate at 2^64-1. Maps iterate in LLVM's order (locations ascending, callees in
 * {@link FunctionId} order), which is the order every writer uses.
 */
public final class FunctionSamples {
    /** Context attribute: the context was inlined in the profiled binary. */
    public static final int ATTR_WAS_INLINED = 1;
    /** Context attribute: the pre-inliner decided this context should be inlined. */
    public static final int ATTR_SHOULD_BE_INLINED = 2;
    /** Context attribute: this inlinee was also merged into its function's base profile. */
    public static final int ATTR_DUPLICATED_INTO_BASE = 4;

    private SampleContext context;
    private int attributes;
    private long totalSamples;
    private long headSamples;
    private long functionHash;
    private final TreeMap<LineLocation, SampleRecord> body = new TreeMap<>();
    private final TreeMap<LineLocation, TreeMap<FunctionId, FunctionSamples>> callsites = new TreeMap<>();
    private TreeMap<LineLocation, TreeMap<FunctionId, Long>> vtables;

    /** A node for {@code context}; null makes a fresh merge target that adopts the first merged node's. */
    public FunctionSamples(SampleContext context) {
        this.context = context;
    }

    public SampleContext context() {
        return context;
    }

    public void setContext(SampleContext context) {
        this.context = context;
    }

    /** The function these samples belong to. */
    public FunctionId function() {
        return context.function();
    }

    public int attributes() {
        return attributes;
    }

    public void setAttributes(int attributes) {
        this.attributes = attributes;
    }

    public long totalSamples() {
        return totalSamples;
    }

    public long headSamples() {
        return headSamples;
    }

    /** The pseudo-probe CFG checksum; 0 when the profile has none. */
    public long functionHash() {
        return functionHash;
    }

    public void setFunctionHash(long functionHash) {
        this.functionHash = functionHash;
    }

    public void setTotalSamples(long totalSamples) {
        this.totalSamples = totalSamples;
    }

    public void setHeadSamples(long headSamples) {
        this.headSamples = headSamples;
    }

    public void addTotalSamples(long count, long weight, Saturating.Overflow overflow) {
        totalSamples = Saturating.mulAdd(count, weight, totalSamples, overflow);
    }

    public void addHeadSamples(long count, long weight, Saturating.Overflow overflow) {
        headSamples = Saturating.mulAdd(count, weight, headSamples, overflow);
    }

    /** Body records by location; unmodifiable view. */
    public NavigableMap<LineLocation, SampleRecord> body() {
        return Collections.unmodifiableNavigableMap(body);
    }

    /** The record at {@code location}, created empty when absent. */
    public SampleRecord bodyRecord(LineLocation location) {
        return body.computeIfAbsent(location, l -> new SampleRecord());
    }

    public void removeBodyRecord(LineLocation location) {
        body.remove(location);
    }

    /** Inlined callees by location, then callee; unmodifiable view. */
    public NavigableMap<LineLocation, TreeMap<FunctionId, FunctionSamples>> callsites() {
        return Collections.unmodifiableNavigableMap(callsites);
    }

    public boolean hasInlinees() {
        return !callsites.isEmpty();
    }

    /** The inlinee {@code callee} at {@code location}, created empty when absent. */
    public FunctionSamples inlinee(LineLocation location, FunctionId callee) {
        return callsites.computeIfAbsent(location, l -> new TreeMap<>())
                .computeIfAbsent(callee, c -> new FunctionSamples(SampleContext.of(c)));
    }

    /**
     * Puts {@code node} itself (not a copy) as the inlinee of its function at {@code location},
     * unless that place already has one; whether it was put. Layout conversion moves whole
     * profiles under their callers this way.
     */
    public boolean putInlineeIfAbsent(LineLocation location, FunctionSamples node) {
        return callsites.computeIfAbsent(location, l -> new TreeMap<>()).putIfAbsent(node.function(), node) == null;
    }

    public void removeCallsites() {
        callsites.clear();
    }

    /** vtable type counts by location (LLVM 22); unmodifiable view, empty when none. */
    public NavigableMap<LineLocation, TreeMap<FunctionId, Long>> vtables() {
        return vtables == null ? Collections.emptyNavigableMap() : Collections.unmodifiableNavigableMap(vtables);
    }

    public void addVtableCount(LineLocation location, FunctionId type, long count, long weight,
            Saturating.Overflow overflow) {
        if (vtables == null) {
            vtables = new TreeMap<>();
        }
        TreeMap<FunctionId, Long> types = vtables.computeIfAbsent(location, l -> new TreeMap<>());
        Long old = types.get(type);
        types.put(type, Saturating.mulAdd(count, weight, old == null ? 0 : old, overflow));
    }

    /**
     * Adds {@code other} times {@code weight} into this node as LLVM's
     * {@code FunctionSamples::merge} does: a checksum of 0 here takes the other's; different
     * checksums (including an incoming 0 against a set one) merge nothing and report
     * {@link MergeStatus#HASH_MISMATCH}; otherwise totals, body, inlinees (recursively, each with its
     * own checksum check) and vtable counts add, and the first problem is reported. A fresh node
     * (made with a null context) first takes the other's context and attributes, so the first
     * input merged decides them.
     */
    public MergeStatus merge(FunctionSamples other, long weight) {
        if (context == null) {
            context = other.context;
            attributes = other.attributes;
        }
        if (functionHash == 0) {
            functionHash = other.functionHash;
        } else if (functionHash != other.functionHash) {
            return MergeStatus.HASH_MISMATCH;
        }
        Saturating.Overflow overflow = new Saturating.Overflow();
        totalSamples = Saturating.mulAdd(other.totalSamples, weight, totalSamples, overflow);
        headSamples = Saturating.mulAdd(other.headSamples, weight, headSamples, overflow);
        for (Map.Entry<LineLocation, SampleRecord> e : other.body.entrySet()) {
            bodyRecord(e.getKey()).merge(e.getValue(), weight, overflow);
        }
        MergeStatus status = MergeStatus.SUCCESS;
        for (Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> e : other.callsites.entrySet()) {
            for (Map.Entry<FunctionId, FunctionSamples> c : e.getValue().entrySet()) {
                FunctionSamples mine = callsites.computeIfAbsent(e.getKey(), l -> new TreeMap<>())
                        .computeIfAbsent(c.getKey(), k -> new FunctionSamples(null));
                status = status.then(mine.merge(c.getValue(), weight));
            }
        }
        if (other.vtables != null) {
            for (Map.Entry<LineLocation, TreeMap<FunctionId, Long>> e : other.vtables.entrySet()) {
                for (Map.Entry<FunctionId, Long> t : e.getValue().entrySet()) {
                    addVtableCount(e.getKey(), t.getKey(), t.getValue(), weight, overflow);
                }
            }
        }
        if (overflow.happened()) {
            status = status.then(MergeStatus.COUNTER_OVERFLOW);
        }
        return status;
    }

    /** A deep copy with the same context and attributes. */
    public FunctionSamples copy() {
        FunctionSamples c = new FunctionSamples(context);
        c.attributes = attributes;
        c.totalSamples = totalSamples;
        c.headSamples = headSamples;
        c.functionHash = functionHash;
        for (Map.Entry<LineLocation, SampleRecord> e : body.entrySet()) {
            c.body.put(e.getKey(), e.getValue().copy());
        }
        for (Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> e : callsites.entrySet()) {
            TreeMap<FunctionId, FunctionSamples> m = new TreeMap<>();
            for (Map.Entry<FunctionId, FunctionSamples> f : e.getValue().entrySet()) {
                m.put(f.getKey(), f.getValue().copy());
            }
            c.callsites.put(e.getKey(), m);
        }
        if (vtables != null) {
            c.vtables = new TreeMap<>();
            for (Map.Entry<LineLocation, TreeMap<FunctionId, Long>> e : vtables.entrySet()) {
                c.vtables.put(e.getKey(), new TreeMap<>(e.getValue()));
            }
        }
        return c;
    }
}
