package dev.jprofdata.merge.groups;

import dev.jprofdata.format.Magic;
import dev.jprofdata.format.offload.DeviceProfiles;
import dev.jprofdata.format.raw.NameTableCache;
import dev.jprofdata.format.raw.RawCounterLayout;
import dev.jprofdata.format.raw.RunValueSites;
import dev.jprofdata.format.raw.Words;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.ValueMerge;
import dev.jprofdata.merge.state.BulkValues;
import dev.jprofdata.merge.state.MergeState;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fast path for many runs of one binary (spec/performance.md, "binary groups").
 *
 * <p>The first plain raw file of a binary is checked with the ordinary reader
 * ({@link RawCounterLayout#probe}: every record is where the layout says, no warning; and its
 * records own its counters one each, {@link RecordRanges}) and starts a group. A later file whose
 * bytes equal that first file's before the value data, apart from the counters and the run-time
 * address fields, and whose functions all moved by one slide, joins the group. Every member's
 * counters are added, weighted, into one accumulator straight from the file (as little-endian
 * words) and its value blobs decoded against the first file's address table, with no names or
 * record objects per file. Once every slice has been read, each binary's groups are added up
 * ({@link #absorb}); then each group enters the merge state as summed records
 * ({@link dev.jprofdata.merge.state.SummedRecords}, through the state's one way in), which give the
 * state per-input adds would give.
 *
 * <p>Groups of different programs share the value sites of the functions they have in common
 * ({@link SharedValueSites}), and such a function enters the merge state once, in the first
 * group's record ({@link #addSharedFunctions}).
 *
 * <p>Anything unusual leaves a file to the ordinary reader: counters of 2^56 or more (the reader
 * warns about them), weights above 255, damaged value data, and sums that overflow (the whole group
 * is then read again file by file, so overflow reports name the right input).
 */
public final class BinaryGroups {
    /** Groups kept per slice; more distinct binaries than this are merged the ordinary way. */
    static final int MAX_GROUPS = 64;

    private final List<BinaryGroup> groups = new ArrayList<>();
    private final Probes probes;
    /** Reads joining files, a window at a time; closes each when the next is read. */
    private final Words.Reader reader = new Words.Reader();
    /** The value sites of the run being joined, decoded before any is added; reused run after run. */
    private final RunValueSites runSites = new RunValueSites();
    /** The value sites this slice's groups share, function by function ({@link SharedValueSites}). */
    private final SharedValueSites shared = new SharedValueSites();
    /** Records of this slice's groups that borrowed another group's sites (for tests). */
    private int borrowedRecords;
    /** Records added into an earlier group's record of the same function when emitted (for tests). */
    private int mergedRecords;

    /** Groups for one slice of a merge whose slices share {@code probes}. */
    public BinaryGroups(Probes probes) {
        this.probes = probes;
    }

    /** Groups for a merge of one slice. */
    BinaryGroups() {
        this(new Probes(new NameTableCache(), false));
    }

    /**
     * Whether the options leave the per-file reading unobservable (no renaming, budget or details),
     * and value sites are merged exactly (groups sum them; LLVM's value merge needs each file's).
     */
    public static boolean applies(MergeOptions options) {
        return options.groupRawInputs() && options.remapper() == null && !options.verbose()
                && options.memoryBudget() == 0 && options.valueMerge() == ValueMerge.EXACT;
    }

    /**
     * Adds {@code input} ({@code size} bytes, as probed) to the group of its binary, or starts a
     * group with it when this slice has none ({@link #tryStart}); returns what loading it gave, or
     * {@code null} when it must be read the ordinary way. A run of a binary with a group that may
     * not join it (large counters, weight, damaged value data) starts no second group: each file
     * is compared with the groups once.
     */
    public JoinedRun tryAdd(int inputIndex, MergeInput input, long size) {
        if (DeviceProfiles.isDeviceName(input.path())) {
            return null;
        }
        Fit fit = fit(input, size);
        if (fit != null) {
            return fit.join(inputIndex, input, reader, runSites);
        }
        return tryStart(inputIndex, input, size);
    }

    /**
     * Starts a group with {@code input} ({@code size} bytes, as probed), a file no group of this
     * slice fits ({@link #tryAdd} asks only then), when it is a clean plain raw file, and adds its
     * counters as the group's first member; returns what loading it gave, or {@code null} when it
     * must be read the ordinary way. A run of a binary another slice has probed is read through
     * the window like any run; only a binary not seen yet is read whole, to be probed. The
     * binary's IDs go to the merge state only when the group is emitted ({@link #emit}): a group
     * that cannot be (its names do not decode, a sum overflowed) has its files read the ordinary
     * way, and a file that then fails must not leave its IDs in the output.
     */
    JoinedRun tryStart(int inputIndex, MergeInput input, long size) {
        if (groups.size() >= MAX_GROUPS || DeviceProfiles.isDeviceName(input.path())
                || !reader.read(input.path(), size)) {
            return null;
        }
        Found found = probes.findProbed(reader, size);
        if (found == null) {
            ByteBuffer map = mapWhole(input.path());
            // Only little-endian 64-bit raw files can join a group: look at the magic before probing
            // the whole file.
            if (map == null || map.capacity() != size || map.getLong(0) != Magic.RAW64) {
                return null;
            }
            // The layout is probed from the mapping; the run itself joins through the reader, as
            // every run does (no copy of the file: 3 MB of garbage per binary, straight into the old
            // generation at the heap sizes of raw merges).
            found = probes.probe(reader, size, map);
            if (found == null) {
                return null;
            }
        }
        Probed binary = found.binary;
        BinaryGroup g = new BinaryGroup(binary.layout, binary.ranges);
        List<SharedValueSites.Loan> loans = shareSites(g);
        JoinedRun loaded = g.join(inputIndex, input, reader, found.match.slide(), runSites);
        if (loaded != null) {
            shared.commit(loans);
            borrowedRecords += loans.size();
            groups.add(g);
        }
        return loaded;
    }

    /**
     * Lets the records of {@code g}, a group about to take its first run, add their value sites to
     * those of earlier groups' records of the same functions ({@link SharedValueSites}); returns
     * the loans, to commit once the run has joined. The earlier groups are registered only now: a
     * merge of one program's runs builds no table.
     */
    private List<SharedValueSites.Loan> shareSites(BinaryGroup g) {
        if (groups.isEmpty() || !g.layout.hasValueData()) {
            return List.of();
        }
        for (BinaryGroup earlier : groups) {
            if (!earlier.registered) {
                shared.register(earlier.component, earlier.layout, earlier.values, earlier.borrowed);
                earlier.registered = true;
            }
        }
        g.values = new BulkValues[g.layout.numRecords()];
        g.borrowed = new boolean[g.layout.numRecords()];
        return shared.borrow(g.component, g.layout, g.values, g.borrowed);
    }

    /** How many records of this slice's groups borrowed another group's value sites. */
    int borrowedRecords() {
        return borrowedRecords;
    }

    /** How many records {@link #emit} added into an earlier group's record of the same function. */
    int mergedRecords() {
        return mergedRecords;
    }

    /** A binary's layout (with what runs are compared with) and its records by counter position. */
    private record Probed(RawCounterLayout layout, RecordRanges ranges) {
    }

    /** The probed binary a file is a run of, and how it compares with the probed file. */
    private record Found(Probed binary, RawCounterLayout.Match match) {
    }

    /**
     * The binaries probed so far, shared by the slices of one merge: probing (a full read with the
     * ordinary reader) costs as much as reading dozens of runs the fast way, so each binary is
     * probed once, and a slice that meets a binary another slice is probing waits for it.
     */
    public static final class Probes {
        private final List<Probed> known = new ArrayList<>();
        private final NameTableCache names;
        private final boolean decodeNamesAhead;

        /**
         * {@code names}: the merge's decoded names sections, which the probes add to;
         * {@code decodeNamesAhead}: decode a new binary's names on a thread of their own while the
         * merge's threads read its runs (for merges on several threads: with one, the names are
         * decoded on it when its slice ends, so that it alone does the work).
         */
        public Probes(NameTableCache names, boolean decodeNamesAhead) {
            this.names = names;
            this.decodeNamesAhead = decodeNamesAhead;
        }

        /**
         * The probed binary {@code run} (a whole file of {@code size} bytes) is a run of; null if
         * none. Waits for a probe another slice is making.
         */
        synchronized Found findProbed(Words.Source run, long size) {
            for (Probed p : known) {
                RawCounterLayout.Match match = p.layout.compare(run, size);
                if (match.sameBinary()) {
                    return new Found(p, match);
                }
            }
            return null;
        }

        /**
         * Probes the binary {@code words} (a whole file of {@code size} bytes, mapped as {@code map})
         * is a run of, unless another slice has probed it since {@link #findProbed}; null when it
         * cannot be probed.
         */
        synchronized Found probe(Words.Source words, long size, ByteBuffer map) {
            Found found = findProbed(words, size);
            if (found != null) {
                return found;
            }
            if (known.size() >= MAX_GROUPS) {
                return null;
            }
            RawCounterLayout layout = RawCounterLayout.probe(map, names);
            RecordRanges ranges = layout == null ? null : RecordRanges.of(layout);
            if (ranges == null) {
                return null; // not a clean file, or its records do not own its counters one each
            }
            if (decodeNamesAhead) {
                // The other threads wait for the probe; with the names decoded beside them they
                // start on their runs about 40 ms sooner (20,000 names; spec/performance.md).
                layout.decodeNamesOn(task -> {
                    Thread t = new Thread(task, "jprofdata-names");
                    t.setDaemon(true);
                    t.start();
                });
            }
            Probed p = new Probed(layout, ranges);
            known.add(p);
            return new Found(p, RawCounterLayout.Match.UNMOVED); // the probed file is its own reference
        }
    }

    /**
     * Adds {@code input}'s counters ({@code size} bytes, as probed) to the group of its binary, if
     * this slice has one; returns what loading it gave, or {@code null} when there is none or the
     * input must be read the ordinary way ({@link #tryAdd} also starts groups).
     */
    JoinedRun tryJoin(int inputIndex, MergeInput input, long size) {
        if (DeviceProfiles.isDeviceName(input.path())) {
            return null;
        }
        Fit fit = fit(input, size);
        return fit == null ? null : fit.join(inputIndex, input, reader, runSites);
    }

    /** A group a file is a run of, and how the file compares with the group's reference. */
    private record Fit(BinaryGroup group, RawCounterLayout.Match match) {
        JoinedRun join(int inputIndex, MergeInput input, Words.Source words, RunValueSites runSites) {
            return group.join(inputIndex, input, words, match.slide(), runSites);
        }
    }

    /** The group {@code input} (read through the window) is a run of; null if none. */
    private Fit fit(MergeInput input, long size) {
        boolean opened = false;
        for (BinaryGroup g : groups) {
            // Files with value data differ in size; the rest must be exactly as long.
            boolean candidate = g.layout.hasValueData() ? size >= g.layout.valueDataOffset() : g.layout.fileSize() == size;
            if (!candidate) {
                continue;
            }
            if (!opened) {
                if (!reader.read(input.path(), size)) {
                    return null; // gone, or no longer that size
                }
                opened = true;
            }
            RawCounterLayout.Match match = g.compare(reader, size);
            if (match.sameBinary()) {
                return new Fit(g, match);
            }
        }
        return null;
    }

    /**
     * Takes over the groups of {@code later}, the groups of the next slice of the same merge (all
     * their inputs come after all of these'), neither emitted yet: a group of a binary this slice
     * has a group of is added to that group, any other joins this slice's. Adding them before
     * either is emitted puts each binary's records into the merge state once, instead of once per
     * slice and then combining the states' records (spec/performance.md). {@code later} is empty
     * afterwards.
     */
    public void absorb(BinaryGroups later) {
        for (BinaryGroup theirs : later.groups) {
            BinaryGroup mine = null;
            for (BinaryGroup g : groups) {
                if (g.layout == theirs.layout) {
                    mine = g;
                    break;
                }
            }
            if (mine == null || !mine.absorbUnemitted(theirs)) {
                groups.add(theirs); // emitted on its own; combining the states then adds them up
            }
        }
        later.groups.clear();
        shared.absorb(later.shared);
    }

    /** Closes the file last read to join a group (reading it again opens it again). */
    public void closeReader() {
        reader.close();
    }

    /**
     * Gives up every group without putting anything into a state; returns their inputs, which the
     * caller reads the ordinary way instead.
     */
    public List<Integer> abandon() {
        reader.close();
        List<Integer> inputs = new ArrayList<>();
        for (BinaryGroup g : groups) {
            addMembers(g, inputs);
        }
        groups.clear();
        return inputs;
    }

    /** Adds the input indexes of {@code g}'s runs to {@code to}. */
    private static void addMembers(BinaryGroup g, List<Integer> to) {
        for (BinaryGroup.Member m : g.members) {
            to.add(m.inputIndex());
        }
    }

    /**
     * Puts every group's sums into {@code state}; returns the inputs of groups that could not be
     * emitted, which the caller reads the ordinary way instead.
     */
    public List<Integer> emit(MergeState state) {
        reader.close();
        // Groups that share value sites are emitted together or not at all (SharedValueSites).
        java.util.Set<SharedValueSites.Component> failing = java.util.Collections.newSetFromMap(
                new java.util.IdentityHashMap<>());
        for (BinaryGroup g : groups) {
            if (!g.members.isEmpty() && !g.canEmit()) {
                failing.add(g.component.root());
            }
        }
        shared.disagreeing(failing);
        List<BinaryGroup> emitting = new ArrayList<>();
        for (BinaryGroup g : groups) {
            if (!g.members.isEmpty() && !failing.contains(g.component.root())) {
                emitting.add(g);
            }
        }
        mergedRecords += addSharedFunctions(emitting);
        List<Integer> fallback = new ArrayList<>();
        for (BinaryGroup g : groups) {
            if (g.members.isEmpty()) {
                continue;
            }
            if (failing.contains(g.component.root()) || !g.emit(state)) {
                addMembers(g, fallback);
            } else {
                state.addBinaryIds(g.layout.binaryIds());
            }
        }
        groups.clear();
        return fallback;
    }

    /**
     * Adds each function that several programs' groups hold (a test suite's programs and their
     * library) into the record of the first group that has it, so that it enters the merge state
     * once instead of once per program (spec/performance.md, "Many programs"): its counters are
     * added there, its contributions listed there ({@link BinaryGroup#contribution}), and the later
     * groups leave the record out. Only where the result is what the state would make of the
     * records: the same profile kind and number of counters; value sites either none on both sides
     * or the later record's borrowed from the very sites the first one's are
     * ({@link SharedValueSites}; a record that owns sites keeps its own record, which brings them);
     * and the first group's bound on its sums, with the later group's added, still below the
     * counter cap (so that no sum can have wrapped). {@code emitting} are the groups that will be
     * emitted, in order; their names are decoded. Returns how many records were added into others.
     */
    private static int addSharedFunctions(List<BinaryGroup> emitting) {
        if (emitting.size() < 2) {
            return 0;
        }
        int merged = 0;
        // Per name, the first record of each function hash: (group index << 32) | record.
        java.util.Map<String, long[]> first = new java.util.HashMap<>(4 * emitting.get(0).layout.numRecords());
        for (int gi = 0; gi < emitting.size(); gi++) {
            BinaryGroup g = emitting.get(gi);
            java.util.Map<BinaryGroup, Boolean> withinBound = new java.util.IdentityHashMap<>();
            for (int r = 0; r < g.layout.numRecords(); r++) {
                long at = firstOfFunction(first, emitting, g.name(r), g.hash(r), ((long) gi << 32) | r);
                if (at < 0) {
                    continue;
                }
                BinaryGroup target = emitting.get((int) (at >>> 32));
                int tr = (int) at;
                if (target == g || !target.canTake(tr, g, r)) {
                    continue;
                }
                if (withinBound.computeIfAbsent(target, t -> t.addBound(g))) {
                    target.take(tr, g, r);
                    merged++;
                }
            }
        }
        return merged;
    }

    /**
     * The first record ({@code (group index << 32) | record}) of function ({@code name},
     * {@code hash}) in {@code first}; -1, with {@code self} noted as that first record, when there is
     * none yet. A name usually has one function hash, so most names hold one entry.
     */
    private static long firstOfFunction(java.util.Map<String, long[]> first, List<BinaryGroup> emitting, String name,
            long hash, long self) {
        long[] entries = first.get(name);
        if (entries == null) {
            first.put(name, new long[] {self});
            return -1;
        }
        for (long e : entries) {
            BinaryGroup g = emitting.get((int) (e >>> 32));
            if (g.hash((int) e) == hash) {
                return e;
            }
        }
        long[] more = Arrays.copyOf(entries, entries.length + 1);
        more[entries.length] = self;
        first.put(name, more);
        return -1;
    }

    private static ByteBuffer mapWhole(Path path) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size == 0 || size > Integer.MAX_VALUE) {
                return null;
            }
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, size).order(ByteOrder.LITTLE_ENDIAN);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

}
