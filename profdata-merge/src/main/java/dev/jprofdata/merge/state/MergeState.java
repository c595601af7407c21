package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.merge.ValueMerge;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The merge state of any number of inputs. {@link #combine} is associative and commutative: the
 * state remembers, for every choice LLVM makes by input order, the position (input index, record
 * ordinal) that decides it, so partial states built on different threads, in any grouping, combine
 * to the state a single sequential merge would reach.
 *
 * <p>With {@link ValueMerge#LLVM} value sites are merged as LLVM merges them, record after record
 * ({@link SequentialSite}), which only input order can decide: the records of each value site are
 * applied by position. A <em>leading</em> state applies them as they come; it must receive its
 * records in position order, and every record of a state combined into it must come after them
 * (the first slice of a merge). Any other state keeps its records' values until it is combined into
 * the leading one or finished. Everything else stays order-free.
 */
public final class MergeState {
    private final SiteKeeping keeping;
    /**
     * Functions held column by column (null: none, with {@link ValueMerge#LLVM}, whose value sites
     * need each record); a key held there is not in {@link #names}.
     */
    private final FunctionColumns columns;
    /** Functions held as an object graph: what {@link #columns} cannot hold, and every function without it. */
    private final Map<String, NameEntry> names = new HashMap<>();
    private final TreeSet<byte[]> binaryIds = new TreeSet<>(Arrays::compareUnsigned);
    private final TreeMap<Integer, TemporalTraces> traceSources = new TreeMap<>();
    private final TreeMap<Integer, List<String>> vtableNames = new TreeMap<>();
    /** The contributions of the summed record {@link #addSummed} is adding, for the columns to read. */
    private final Contributors bulkScratch = Contributors.scratch();
    /**
     * Summed records holding flat records, in no particular order (finishing resolves names they
     * share with others).
     */
    private final List<SummedRecords> flat = new ArrayList<>();

    /** A state that merges value sites exactly ({@link ValueMerge#EXACT}). */
    public MergeState() {
        this(ValueMerge.EXACT, false);
    }

    /**
     * A state that merges value sites as {@code valueMerge} says; {@code leading}: with
     * {@link ValueMerge#LLVM}, a leading state (see the class comment), ignored otherwise.
     */
    public MergeState(ValueMerge valueMerge, boolean leading) {
        this(valueMerge, leading, true);
    }

    /**
     * As {@link #MergeState(ValueMerge, boolean)}; {@code columnar}: whether functions may be held
     * column by column ({@link FunctionColumns}), which must not change any result (tests run both).
     */
    MergeState(ValueMerge valueMerge, boolean leading, boolean columnar) {
        this.keeping = SiteKeeping.of(valueMerge, leading);
        this.columns = columnar && keeping == SiteKeeping.EXACT ? new FunctionColumns() : null;
    }

    /** How this state merges value sites. */
    public ValueMerge valueMerge() {
        return keeping.valueMerge();
    }

    SiteKeeping keeping() {
        return keeping;
    }

    /** Position of record {@code ordinal} of input {@code inputIndex}: orders all input records. */
    public static long position(int inputIndex, long ordinal) {
        return ((long) inputIndex << 32) | ordinal;
    }

    public static int inputIndexOf(long position) {
        return (int) (position >>> 32);
    }

    /**
     * Adds what enters the state: one input's records ({@link InputRecords}) or many inputs'
     * records summed ({@link SummedRecords}), which must not change afterwards. Returns what the
     * added records' counters contribute, summed ({@link Saturating#cappedSum} of each record, 0
     * for pseudo counts): the data-loss accounting's count of what was read. Summed records
     * return 0, as their runs were counted when the shortcut summed them.
     */
    public long add(StateInput input) {
        if (input instanceof InputRecords in) {
            return addRecords(in.batch(), in.weight(), in.inputIndex(), in.firstOrdinal());
        }
        addSummed((SummedRecords) input);
        return 0;
    }

    /**
     * Adds one record read from an input with the input's weight: the path of every record the
     * columns cannot hold, and of tests that build records one by one.
     */
    void add(ProfileRecord record, long weight, long position) {
        if (columns != null) {
            int slot = columns.find(record.name(), record.hash());
            if (slot < 0) {
                if (FunctionColumns.plain(record)) {
                    columns.create(record, weight, position);
                    return;
                }
                columns.addDemoted(record.name(), record.hash());
            } else if (!columns.isDemoted(slot)) {
                if (FunctionColumns.plain(record) && columns.fits(slot, record)) {
                    columns.addInPlace(slot, record, weight, position);
                    return;
                }
                demote(slot);
            }
        }
        NameEntry entry = names.get(record.name());
        if (entry == null) {
            names.put(record.name(), NameEntry.ofRecord(record, weight, position));
        } else {
            entry.add(record, weight, position, keeping);
        }
    }

    /**
     * Adds the records of {@code batch}, the records {@code firstOrdinal} on of input
     * {@code inputIndex}, with the input's weight: the same as adding each with
     * {@link #add(ProfileRecord, long, long)}, without building them where the columns take them.
     */
    private long addRecords(RecordBatch batch, long weight, int inputIndex, long firstOrdinal) {
        long read = 0;
        for (int i = 0; i < batch.size(); i++) {
            long position = position(inputIndex, firstOrdinal + i);
            ProfileRecord whole = batch.object(i);
            if (whole != null) {
                // A record kept whole (GPU data): added as the record it is.
                read = Saturating.add(read, whole.isPseudo() ? 0
                        : Saturating.cappedSum(whole.counts(), 0, whole.counts().length, weight));
                add(whole, weight, position);
                continue;
            }
            int from = batch.countsStart(i);
            int to = batch.countsEnd(i);
            boolean pseudo = to > from && ProfileRecord.isPseudoCount(batch.counts()[from]);
            if (columns != null && !pseudo) {
                // Where the columns hold (or can start) the key, they add the record and sum it.
                int slot = columns.find(batch, i);
                if (slot < 0) {
                    read = Saturating.add(read, columns.create(batch, i, weight, position));
                    continue;
                }
                if (!columns.isDemoted(slot) && columns.fits(slot, batch, i)) {
                    read = Saturating.add(read, columns.addInPlace(slot, batch, i, weight, position));
                    continue;
                }
            }
            read = Saturating.add(read, pseudo ? 0 : Saturating.cappedSum(batch.counts(), from, to, weight));
            add(batch.record(i), weight, position);
        }
        return read;
    }

    /**
     * Puts summed records into the state: those with value sites are added up with the rest now,
     * flat ones are kept in {@code records} (finishing adds up those whose names other records
     * share).
     */
    private void addSummed(SummedRecords records) {
        boolean anyFlat = false;
        for (int r = 0; r < records.size(); r++) {
            if (records.isFlat(r)) {
                anyFlat = true;
                continue;
            }
            BulkValues sites = records.values(r);
            if (sites != null) {
                addSummed(records.name(r), records.hash(r), records.counts(r), records.contribution(r), sites);
            }
        }
        if (anyFlat) {
            flat.add(records);
        }
    }

    /**
     * Adds one summed record: the counters {@code counts} (each at most
     * {@link Saturating#COUNTER_CAP}) and value sites {@code values} (null: none) of the input
     * records {@code many} lists, already weighted and summed. The state afterwards equals the one
     * adding each input's record with {@link #add(ProfileRecord, long, long)} would give, except
     * for which input a counter that saturates is charged to: a summed record cannot tell at which
     * of its inputs that happened, so it is charged as one record. Callers that must name the input
     * llvm-profdata names add no summed record when the counts could saturate
     * ({@code ProfileMerger.emitGroups}).
     */
    void addSummed(String name, long hash, long[] counts, BulkContribution many, BulkValues values) {
        if (values != null && keeping != SiteKeeping.EXACT) {
            // Summed value sites are exact sums; LLVM's value merge needs each record's values.
            throw new IllegalStateException("summed value sites need exact value merging: " + name);
        }
        if (columns != null) {
            SiteValues[][] sites = values == null ? FunctionColumns.sitesOf(new SiteValues[0][])
                    : FunctionColumns.sitesOf(values.allSites());
            // The columns only read the contributions: loaded into one list, not copied anew per record.
            bulkScratch.load(many.positions(), many.countSums(), 0, many.positions().length, many.total(),
                    many.totalCountSum());
            if (columns.addBulk(name, hash, counts, bulkScratch, sites)) {
                return;
            }
        }
        CountersVersion shape = CountersVersion.ofBulk(
                new ProfileRecord(name, hash, counts, new byte[0], ProfileRecord.noValueSites(), null),
                many.contributors(), values);
        leaveColumns(name, hash);
        NameEntry entry = names.get(name);
        if (entry == null) {
            names.put(name, new NameEntry(new RecordAggregate(hash, shape)));
        } else {
            entry.addShape(hash, shape, keeping);
        }
    }

    public void addBinaryIds(List<byte[]> ids) {
        binaryIds.addAll(ids);
    }

    public void addTraces(int inputIndex, TemporalTraces traces) {
        if (!traces.traces().isEmpty() || traces.streamSize() != 0) {
            traceSources.put(inputIndex, traces);
        }
    }

    public void addVTableNames(int inputIndex, List<String> vtables) {
        if (!vtables.isEmpty()) {
            vtableNames.put(inputIndex, List.copyOf(vtables));
        }
    }

    /**
     * Moves the key (name, hash) out of the columns, if they hold it, and marks it as living in
     * {@link #names} from now on.
     */
    private void leaveColumns(String name, long hash) {
        if (columns == null) {
            return;
        }
        int slot = columns.find(name, hash);
        if (slot < 0) {
            columns.addDemoted(name, hash);
        } else if (!columns.isDemoted(slot)) {
            demote(slot);
        }
    }

    /** Moves live column slot {@code slot} into {@link #names}. */
    private void demote(int slot) {
        String name = columns.name(slot);
        RecordAggregate aggregate = columns.demote(slot);
        NameEntry entry = names.get(name);
        if (entry == null) {
            names.put(name, new NameEntry(aggregate));
        } else {
            entry.append(aggregate);
        }
    }

    /** Folds {@code other} into this state; {@code other} must not be used afterwards. */
    public void combine(MergeState other) {
        if (other.valueMerge() != valueMerge()) {
            throw new IllegalArgumentException("states merge value sites differently: " + valueMerge() + " and "
                    + other.valueMerge());
        }
        if (columns != null) {
            // The keys the other state holds as objects leave this state's columns first.
            for (Map.Entry<String, NameEntry> e : other.names.entrySet()) {
                for (long hash : e.getValue().hashes()) {
                    leaveColumns(e.getKey(), hash);
                }
            }
            combineColumns(other);
        } else {
            other.demoteAll();
        }
        for (Map.Entry<String, NameEntry> e : other.names.entrySet()) {
            NameEntry mine = names.get(e.getKey());
            if (mine == null) {
                names.put(e.getKey(), e.getValue());
            } else {
                mine.absorb(e.getValue(), keeping, other.keeping);
            }
        }
        binaryIds.addAll(other.binaryIds);
        flat.addAll(other.flat);
        traceSources.putAll(other.traceSources);
        vtableNames.putAll(other.vtableNames);
    }

    /**
     * Adds {@code other}'s column slots to this state's: a key new here is copied, one of the same
     * shape is added in place; any other is demoted on both sides (to {@code other}'s object graph,
     * which {@link #combine} absorbs next).
     */
    private void combineColumns(MergeState other) {
        if (other.columns == null) {
            return;
        }
        FunctionColumns theirs = other.columns;
        for (int o = 0; o < theirs.size(); o++) {
            if (theirs.isDemoted(o)) {
                continue;
            }
            int mine = columns.find(theirs.name(o), theirs.hash(o));
            if (mine < 0) {
                columns.copy(theirs, o);
            } else if (!columns.isDemoted(mine) && columns.sameShape(mine, theirs, o)) {
                columns.absorb(mine, theirs, o);
            } else {
                if (!columns.isDemoted(mine)) {
                    demote(mine);
                }
                other.demote(o);
            }
        }
    }

    /**
     * Moves every live column slot into {@link #names}: before this state is combined into one
     * without columns (states of one merge are all alike, so only in tests).
     */
    void demoteAll() {
        if (columns == null) {
            return;
        }
        for (int s = 0; s < columns.size(); s++) {
            if (!columns.isDemoted(s)) {
                demote(s);
            }
        }
    }

    Map<String, NameEntry> names() {
        return names;
    }

    /** The functions held column by column, or null. */
    FunctionColumns columns() {
        return columns;
    }

    List<SummedRecords> flat() {
        return flat;
    }

    /**
     * Puts a decoded function ({@link MergeStateCodec}) into the object graph, its keys marked in the
     * columns as living there (as a key demoted from them is); false when the name is held already.
     */
    boolean putDecoded(String name, NameEntry entry) {
        if (names.containsKey(name)) {
            return false;
        }
        for (long hash : entry.hashes()) {
            leaveColumns(name, hash);
        }
        names.put(name, entry);
        return true;
    }

    /** Each input's temporal traces, by input index. */
    Map<Integer, TemporalTraces> traceSources() {
        return traceSources;
    }

    /** Each input's vtable names, by input index. */
    Map<Integer, List<String>> vtableNames() {
        return vtableNames;
    }

    public List<byte[]> binaryIds() {
        return new ArrayList<>(binaryIds);
    }

    /** Temporal traces as a sequential LLVM merge would sample them. */
    public TemporalTraces traces(int reservoirSize, int maxTraceLength) {
        TraceReservoir reservoir = new TraceReservoir(reservoirSize, maxTraceLength);
        for (TemporalTraces t : traceSources.values()) {
            reservoir.add(t);
        }
        return reservoir.result();
    }

    /** Each input's vtable names, in input order. */
    public List<List<String>> vtableNamesByInput() {
        return new ArrayList<>(vtableNames.values());
    }

    /** Functions held (a flat record whose name is also held elsewhere counts twice). */
    public int functionCount() {
        int n = names.size() + (columns == null ? 0 : columns.live());
        for (SummedRecords f : flat) {
            n += f.size();
        }
        return n;
    }
}
