package dev.jprofdata.format.sample;

import java.util.Arrays;
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
    // Body records and inlinees are kept in arrays sorted by location (and callee), not in tree
    // maps: readers append in file order, which is this order, and a merge walks two sorted
    // arrays side by side instead of looking each entry up. Locations are LineLocation sort keys.
    private long[] bodyKeys = NO_KEYS;
    private SampleRecord[] bodyRecords = NO_RECORDS;
    private int bodySize;
    private long[] callKeys = NO_KEYS;
    private FunctionId[] callees = NO_IDS;
    private FunctionSamples[] inlinees = NO_NODES;
    private int callSize;
    private TreeMap<LineLocation, TreeMap<FunctionId, Long>> vtables;
    // The map views handed out by body() and callsites(), built on first use after a change.
    private NavigableMap<LineLocation, SampleRecord> bodyView;
    private NavigableMap<LineLocation, TreeMap<FunctionId, FunctionSamples>> callsiteView;

    private static final long[] NO_KEYS = {};
    private static final SampleRecord[] NO_RECORDS = {};
    private static final FunctionId[] NO_IDS = {};
    private static final FunctionSamples[] NO_NODES = {};

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

    /** Body records by location; an unmodifiable snapshot of the current locations. */
    public NavigableMap<LineLocation, SampleRecord> body() {
        NavigableMap<LineLocation, SampleRecord> v = bodyView;
        if (v == null) {
            TreeMap<LineLocation, SampleRecord> m = new TreeMap<>();
            for (int i = 0; i < bodySize; i++) {
                m.put(LineLocation.ofSortKey(bodyKeys[i]), bodyRecords[i]);
            }
            v = Collections.unmodifiableNavigableMap(m);
            bodyView = v;
        }
        return v;
    }

    /** How many body records there are. */
    public int bodySize() {
        return bodySize;
    }

    /** The location of the {@code i}-th body record in location order. */
    public LineLocation bodyLocation(int i) {
        return LineLocation.ofSortKey(bodyKeys[checkBody(i)]);
    }

    /** The {@code i}-th body record in location order. */
    public SampleRecord bodyRecordAt(int i) {
        return bodyRecords[checkBody(i)];
    }

    private int checkBody(int i) {
        if (i < 0 || i >= bodySize) {
            throw new IndexOutOfBoundsException(i);
        }
        return i;
    }

    /** The record at {@code location}, created empty when absent. */
    public SampleRecord bodyRecord(LineLocation location) {
        return bodyRecord(location.line(), location.discriminator());
    }

    /** The record at line offset {@code line}, {@code discriminator}, created empty when absent. */
    public SampleRecord bodyRecord(int line, int discriminator) {
        long key = LineLocation.sortKey(line, discriminator);
        int n = bodySize;
        if (n > 0 && Long.compareUnsigned(bodyKeys[n - 1], key) >= 0) {
            int at = findKey(bodyKeys, n, key);
            if (at >= 0) {
                return bodyRecords[at];
            }
            return insertBody(-at - 1, key, new SampleRecord());
        }
        return insertBody(n, key, new SampleRecord());
    }

    /**
     * Makes room for {@code records} more body records and {@code inlinees} more inlinees (a reader
     * knows the counts before it reads them), so the arrays are not grown step by step.
     */
    public void reserve(int records, int inlinees) {
        if (records > 0 && bodyKeys.length - bodySize < records) {
            int cap = bodySize + records;
            bodyKeys = Arrays.copyOf(bodyKeys, cap);
            bodyRecords = Arrays.copyOf(bodyRecords, cap);
        }
        if (inlinees > 0 && callKeys.length - callSize < inlinees) {
            int cap = callSize + inlinees;
            callKeys = Arrays.copyOf(callKeys, cap);
            callees = Arrays.copyOf(callees, cap);
            this.inlinees = Arrays.copyOf(this.inlinees, cap);
        }
    }

    private SampleRecord insertBody(int at, long key, SampleRecord r) {
        if (bodySize == bodyKeys.length) {
            int cap = Math.max(4, bodySize * 2);
            bodyKeys = Arrays.copyOf(bodyKeys, cap);
            bodyRecords = Arrays.copyOf(bodyRecords, cap);
        }
        System.arraycopy(bodyKeys, at, bodyKeys, at + 1, bodySize - at);
        System.arraycopy(bodyRecords, at, bodyRecords, at + 1, bodySize - at);
        bodyKeys[at] = key;
        bodyRecords[at] = r;
        bodySize++;
        bodyView = null;
        return r;
    }

    /** Binary search of sort keys (unsigned): the index, or -(insertion point) - 1. */
    private static int findKey(long[] keys, int n, long key) {
        int lo = 0;
        int hi = n - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Long.compareUnsigned(keys[mid], key);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    public void removeBodyRecord(LineLocation location) {
        int at = findKey(bodyKeys, bodySize, location.sortKey());
        if (at < 0) {
            return;
        }
        System.arraycopy(bodyKeys, at + 1, bodyKeys, at, bodySize - at - 1);
        System.arraycopy(bodyRecords, at + 1, bodyRecords, at, bodySize - at - 1);
        bodySize--;
        bodyRecords[bodySize] = null;
        bodyView = null;
    }

    /**
     * Inlined callees by location, then callee; an unmodifiable snapshot of the current inlinees
     * (the inner maps are the snapshot's own: changing them changes nothing here).
     */
    public NavigableMap<LineLocation, TreeMap<FunctionId, FunctionSamples>> callsites() {
        NavigableMap<LineLocation, TreeMap<FunctionId, FunctionSamples>> v = callsiteView;
        if (v == null) {
            TreeMap<LineLocation, TreeMap<FunctionId, FunctionSamples>> m = new TreeMap<>();
            for (int i = 0; i < callSize; i++) {
                m.computeIfAbsent(LineLocation.ofSortKey(callKeys[i]), l -> new TreeMap<>()).put(callees[i], inlinees[i]);
            }
            v = Collections.unmodifiableNavigableMap(m);
            callsiteView = v;
        }
        return v;
    }

    public boolean hasInlinees() {
        return callSize > 0;
    }

    /** How many inlinees there are (over all locations). */
    public int inlineeCount() {
        return callSize;
    }

    /** The location of the {@code i}-th inlinee in location, then callee order. */
    public LineLocation inlineeLocation(int i) {
        return LineLocation.ofSortKey(callKeys[checkCall(i)]);
    }

    /** The callee of the {@code i}-th inlinee in location, then callee order. */
    public FunctionId inlineeCallee(int i) {
        return callees[checkCall(i)];
    }

    /** The {@code i}-th inlinee in location, then callee order. */
    public FunctionSamples inlineeAt(int i) {
        return inlinees[checkCall(i)];
    }

    private int checkCall(int i) {
        if (i < 0 || i >= callSize) {
            throw new IndexOutOfBoundsException(i);
        }
        return i;
    }

    /** The inlinee {@code callee} at {@code location}, created empty when absent. */
    public FunctionSamples inlinee(LineLocation location, FunctionId callee) {
        return inlinee(location.line(), location.discriminator(), callee);
    }

    /** The inlinee {@code callee} at line offset {@code line}, {@code discriminator}, created empty when absent. */
    public FunctionSamples inlinee(int line, int discriminator, FunctionId callee) {
        long key = LineLocation.sortKey(line, discriminator);
        int at = findCall(key, callee);
        if (at >= 0) {
            return inlinees[at];
        }
        FunctionSamples node = new FunctionSamples(SampleContext.of(callee));
        insertCall(-at - 1, key, callee, node);
        return node;
    }

    /** The inlinee {@code callee} at {@code location}, or null when there is none (nothing is created). */
    public FunctionSamples inlineeIfPresent(LineLocation location, FunctionId callee) {
        int at = findCall(location.sortKey(), callee);
        return at >= 0 ? inlinees[at] : null;
    }

    /** The index of ({@code key}, {@code callee}), or -(insertion point) - 1. */
    private int findCall(long key, FunctionId callee) {
        int n = callSize;
        if (n == 0 || compareCall(n - 1, key, callee) < 0) {
            return -(n + 1);
        }
        int lo = 0;
        int hi = n - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = compareCall(mid, key, callee);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    private int compareCall(int i, long key, FunctionId callee) {
        int c = Long.compareUnsigned(callKeys[i], key);
        return c != 0 ? c : callees[i].compareTo(callee);
    }

    private void insertCall(int at, long key, FunctionId callee, FunctionSamples node) {
        if (callSize == callKeys.length) {
            int cap = Math.max(2, callSize * 2);
            callKeys = Arrays.copyOf(callKeys, cap);
            callees = Arrays.copyOf(callees, cap);
            inlinees = Arrays.copyOf(inlinees, cap);
        }
        System.arraycopy(callKeys, at, callKeys, at + 1, callSize - at);
        System.arraycopy(callees, at, callees, at + 1, callSize - at);
        System.arraycopy(inlinees, at, inlinees, at + 1, callSize - at);
        callKeys[at] = key;
        callees[at] = callee;
        inlinees[at] = node;
        callSize++;
        callsiteView = null;
    }

    /**
     * Puts {@code node} itself (not a copy) as the inlinee of its function at {@code location},
     * unless that place already has one; whether it was put. Layout conversion moves whole
     * profiles under their callers this way.
     */
    public boolean putInlineeIfAbsent(LineLocation location, FunctionSamples node) {
        long key = location.sortKey();
        int at = findCall(key, node.function());
        if (at >= 0) {
            return false;
        }
        insertCall(-at - 1, key, node.function(), node);
        return true;
    }

    public void removeCallsites() {
        Arrays.fill(inlinees, 0, callSize, null);
        Arrays.fill(callees, 0, callSize, null);
        callSize = 0;
        callsiteView = null;
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
        mergeBody(other, weight, overflow);
        MergeStatus status = other.callSize == 0 ? MergeStatus.SUCCESS : mergeInlinees(other, weight);
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

    /**
     * Adds the other's body records: both arrays are in location order, so one pass over both
     * finds the common locations; the other's new locations are then added in a second pass.
     */
    private void mergeBody(FunctionSamples other, long weight, Saturating.Overflow overflow) {
        int m = other.bodySize;
        if (m == 0) {
            return;
        }
        int n = bodySize;
        long[] ok = other.bodyKeys;
        int missing = 0;
        int i = 0;
        for (int j = 0; j < m; j++) {
            long key = ok[j];
            while (i < n && Long.compareUnsigned(bodyKeys[i], key) < 0) {
                i++;
            }
            if (i < n && bodyKeys[i] == key) {
                bodyRecords[i].merge(other.bodyRecords[j], weight, overflow);
                i++;
            } else {
                missing++;
            }
        }
        if (missing == 0) {
            return;
        }
        long[] keys = new long[n + missing];
        SampleRecord[] records = new SampleRecord[n + missing];
        int k = 0;
        i = 0;
        for (int j = 0; j < m; j++) {
            long key = ok[j];
            while (i < n && Long.compareUnsigned(bodyKeys[i], key) < 0) {
                keys[k] = bodyKeys[i];
                records[k++] = bodyRecords[i++];
            }
            if (i < n && bodyKeys[i] == key) {
                keys[k] = bodyKeys[i];
                records[k++] = bodyRecords[i++];
            } else {
                SampleRecord r = new SampleRecord();
                r.merge(other.bodyRecords[j], weight, overflow);
                keys[k] = key;
                records[k++] = r;
            }
        }
        while (i < n) {
            keys[k] = bodyKeys[i];
            records[k++] = bodyRecords[i++];
        }
        bodyKeys = keys;
        bodyRecords = records;
        bodySize = k;
        bodyView = null;
    }

    /** Merges the other's inlinees in (location, callee) order, recursively; the first problem wins. */
    private MergeStatus mergeInlinees(FunctionSamples other, long weight) {
        MergeStatus status = MergeStatus.SUCCESS;
        int m = other.callSize;
        int n = callSize;
        int missing = 0;
        int i = 0;
        FunctionSamples[] created = null;
        for (int j = 0; j < m; j++) {
            long key = other.callKeys[j];
            FunctionId callee = other.callees[j];
            int c = 1;
            while (i < n && (c = compareCall(i, key, callee)) < 0) {
                i++;
            }
            FunctionSamples mine;
            if (i < n && c == 0) {
                mine = inlinees[i++];
            } else {
                mine = new FunctionSamples(null);
                if (created == null) {
                    created = new FunctionSamples[m];
                }
                created[j] = mine;
                missing++;
            }
            status = status.then(mine.merge(other.inlinees[j], weight));
        }
        if (missing == 0) {
            return status;
        }
        long[] keys = new long[n + missing];
        FunctionId[] ids = new FunctionId[n + missing];
        FunctionSamples[] nodes = new FunctionSamples[n + missing];
        int k = 0;
        i = 0;
        for (int j = 0; j < m; j++) {
            if (created[j] == null) {
                continue;
            }
            long key = other.callKeys[j];
            FunctionId callee = other.callees[j];
            while (i < n && compareCall(i, key, callee) < 0) {
                keys[k] = callKeys[i];
                ids[k] = callees[i];
                nodes[k++] = inlinees[i++];
            }
            keys[k] = key;
            ids[k] = callee;
            nodes[k++] = created[j];
        }
        while (i < n) {
            keys[k] = callKeys[i];
            ids[k] = callees[i];
            nodes[k++] = inlinees[i++];
        }
        callKeys = keys;
        callees = ids;
        inlinees = nodes;
        callSize = k;
        callsiteView = null;
        return status;
    }

    /** A deep copy with the same context and attributes. */
    public FunctionSamples copy() {
        FunctionSamples c = new FunctionSamples(context);
        c.attributes = attributes;
        c.totalSamples = totalSamples;
        c.headSamples = headSamples;
        c.functionHash = functionHash;
        c.bodyKeys = Arrays.copyOf(bodyKeys, bodySize);
        c.bodyRecords = new SampleRecord[bodySize];
        for (int i = 0; i < bodySize; i++) {
            c.bodyRecords[i] = bodyRecords[i].copy();
        }
        c.bodySize = bodySize;
        c.callKeys = Arrays.copyOf(callKeys, callSize);
        c.callees = Arrays.copyOf(callees, callSize);
        c.inlinees = new FunctionSamples[callSize];
        for (int i = 0; i < callSize; i++) {
            c.inlinees[i] = inlinees[i].copy();
        }
        c.callSize = callSize;
        if (vtables != null) {
            c.vtables = new TreeMap<>();
            for (Map.Entry<LineLocation, TreeMap<FunctionId, Long>> e : vtables.entrySet()) {
                c.vtables.put(e.getKey(), new TreeMap<>(e.getValue()));
            }
        }
        return c;
    }
}
