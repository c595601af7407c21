package dev.jprofdata.merge;

import dev.jprofdata.format.Magic;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.offload.DeviceProfiles;
import dev.jprofdata.format.raw.NameTableCache;
import dev.jprofdata.format.raw.RawCounterLayout;
import dev.jprofdata.format.raw.RunValueSites;
import dev.jprofdata.format.raw.Words;
import dev.jprofdata.merge.state.BulkContribution;
import dev.jprofdata.merge.state.BulkValues;
import dev.jprofdata.merge.state.FlatRecords;
import dev.jprofdata.merge.state.MergeState;
import dev.jprofdata.merge.state.Saturating;
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
 * ({@link #absorb}); then a group's records with value data enter the merge state as bulk records
 * ({@link MergeState#addBulk}) and the rest as flat records ({@link MergeState#addFlat}), which
 * give the state per-input adds would give.
 *
 * <p>Groups of different programs share the value sites of the functions they have in common
 * ({@link SharedValueSites}), and such a function enters the merge state once, in the first
 * group's record ({@link #addSharedFunctions}).
 *
 * <p>Anything unusual leaves a file to the ordinary reader: counters of 2^56 or more (the reader
 * warns about them), weights above 255, damaged value data, and sums that overflow (the whole group
 * is then read again file by file, so overflow reports name the right input).
 */
final class BinaryGroups {
    /** Groups kept per slice; more distinct binaries than this are merged the ordinary way. */
    static final int MAX_GROUPS = 64;
    /** With counters below 2^56, a weight up to 255 cannot overflow the weighted value. */
    private static final long MAX_WEIGHT = 255;
    private static final long LARGE_COUNTER_BITS = 0xFF00_0000_0000_0000L;

    private final List<Group> groups = new ArrayList<>();
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
    BinaryGroups(Probes probes) {
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
    static boolean applies(MergeOptions options) {
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
    InputLoader.Loaded tryAdd(int inputIndex, MergeInput input, long size, MergeState state) {
        if (DeviceProfiles.isDeviceName(input.path())) {
            return null;
        }
        Fit fit = fit(input, size);
        if (fit != null) {
            return fit.join(inputIndex, input, reader, runSites);
        }
        return tryStart(inputIndex, input, size, state);
    }

    /**
     * Starts a group with {@code input} ({@code size} bytes, as probed), a file no group of this
     * slice fits ({@link #tryAdd} asks only then), when it is a clean plain raw file, and adds its
     * counters as the group's first member (its binary IDs go to {@code state}); returns what
     * loading it gave, or {@code null} when it must be read the ordinary way. A run of a binary
     * another slice has probed is read through the window like any run; only a binary not seen
     * yet is read whole, to be probed.
     */
    InputLoader.Loaded tryStart(int inputIndex, MergeInput input, long size, MergeState state) {
        if (groups.size() >= MAX_GROUPS || DeviceProfiles.isDeviceName(input.path())
                || !reader.read(input.path(), size)) {
            return null;
        }
        Words.Source source = reader;
        Found found = probes.findProbed(reader, size);
        if (found == null) {
            ByteBuffer map = mapWhole(input.path());
            // Only little-endian 64-bit raw files can join a group: look at the magic before copying
            // the whole file (an indexed input of 100 MB was copied for nothing).
            if (map == null || map.capacity() != size || map.getLong(0) != Magic.RAW64) {
                return null;
            }
            long[] words = new long[(int) (size / 8)];
            map.asLongBuffer().get(words);
            found = probes.probe(words, size, map);
            if (found == null) {
                return null;
            }
            source = Words.Source.of(words);
        }
        Probed binary = found.binary;
        Group g = new Group(binary.layout.kind(), binary.layout, binary.ranges);
        List<SharedValueSites.Loan> loans = shareSites(g);
        InputLoader.Loaded loaded = g.join(inputIndex, input, source, found.match.slide(), runSites);
        if (loaded != null) {
            shared.commit(loans);
            borrowedRecords += loans.size();
            groups.add(g);
            state.addBinaryIds(binary.layout.binaryIds());
        }
        return loaded;
    }

    /**
     * Lets the records of {@code g}, a group about to take its first run, add their value sites to
     * those of earlier groups' records of the same functions ({@link SharedValueSites}); returns
     * the loans, to commit once the run has joined. The earlier groups are registered only now: a
     * merge of one program's runs builds no table.
     */
    private List<SharedValueSites.Loan> shareSites(Group g) {
        if (groups.isEmpty() || !g.layout.hasValueData()) {
            return List.of();
        }
        for (Group earlier : groups) {
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
    static final class Probes {
        private final List<Probed> known = new ArrayList<>();
        private final NameTableCache names;
        private final boolean decodeNamesAhead;

        /**
         * {@code names}: the merge's decoded names sections, which the probes add to;
         * {@code decodeNamesAhead}: decode a new binary's names on a thread of their own while the
         * merge's threads read its runs (for merges on several threads: with one, the names are
         * decoded on it when its slice ends, so that it alone does the work).
         */
        Probes(NameTableCache names, boolean decodeNamesAhead) {
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
        synchronized Found probe(long[] words, long size, ByteBuffer map) {
            Found found = findProbed(Words.Source.of(words), size);
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
    InputLoader.Loaded tryJoin(int inputIndex, MergeInput input, long size) {
        if (DeviceProfiles.isDeviceName(input.path())) {
            return null;
        }
        Fit fit = fit(input, size);
        return fit == null ? null : fit.join(inputIndex, input, reader, runSites);
    }

    /** A group a file is a run of, and how the file compares with the group's reference. */
    private record Fit(Group group, RawCounterLayout.Match match) {
        InputLoader.Loaded join(int inputIndex, MergeInput input, Words.Source words, RunValueSites runSites) {
            return group.join(inputIndex, input, words, match.slide(), runSites);
        }
    }

    /** The group {@code input} (read through the window) is a run of; null if none. */
    private Fit fit(MergeInput input, long size) {
        boolean opened = false;
        for (Group g : groups) {
            // Files with value data differ in size; the rest must be exactly as long.
            boolean candidate = g.layout.hasValueData() ? size >= g.layout.valueDataOffset() : g.size == size;
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
    void absorb(BinaryGroups later) {
        for (Group theirs : later.groups) {
            Group mine = null;
            for (Group g : groups) {
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
    void closeReader() {
        reader.close();
    }

    /**
     * Puts every group's sums into {@code state}; returns the inputs of groups that could not be
     * emitted, which the caller reads the ordinary way instead.
     */
    List<Integer> emit(MergeState state) {
        reader.close();
        // Groups that share value sites are emitted together or not at all (SharedValueSites).
        java.util.Set<SharedValueSites.Component> failing = java.util.Collections.newSetFromMap(
                new java.util.IdentityHashMap<>());
        for (Group g : groups) {
            if (!g.members.isEmpty() && !g.canEmit()) {
                failing.add(g.component.root());
            }
        }
        shared.disagreeing(failing);
        List<Group> emitting = new ArrayList<>();
        for (Group g : groups) {
            if (!g.members.isEmpty() && !failing.contains(g.component.root())) {
                emitting.add(g);
            }
        }
        mergedRecords += addSharedFunctions(emitting);
        List<Integer> fallback = new ArrayList<>();
        for (Group g : groups) {
            if (!g.members.isEmpty() && (failing.contains(g.component.root()) || !g.emit(state))) {
                for (Member m : g.members) {
                    fallback.add(m.inputIndex);
                }
            }
        }
        groups.clear();
        return fallback;
    }

    /**
     * Adds each function that several programs' groups hold (a test suite's programs and their
     * library) into the record of the first group that has it, so that it enters the merge state
     * once instead of once per program (spec/performance.md, "Many programs"): its counters are
     * added there, its contributions listed there ({@link Group#contribution}), and the later
     * groups leave the record out. Only where the result is what the state would make of the
     * records: the same profile kind and number of counters; value sites either none on both sides
     * or the later record's borrowed from the very sites the first one's are
     * ({@link SharedValueSites}; a record that owns sites keeps its own record, which brings them);
     * and the first group's bound on its sums, with the later group's added, still below the
     * counter cap (so that no sum can have wrapped). {@code emitting} are the groups that will be
     * emitted, in order; their names are decoded. Returns how many records were added into others.
     */
    private static int addSharedFunctions(List<Group> emitting) {
        if (emitting.size() < 2) {
            return 0;
        }
        int merged = 0;
        // Per name, the first record of each function hash: (group index << 32) | record.
        java.util.Map<String, long[]> first = new java.util.HashMap<>(4 * emitting.get(0).layout.numRecords());
        for (int gi = 0; gi < emitting.size(); gi++) {
            Group g = emitting.get(gi);
            java.util.Map<Group, Boolean> withinBound = new java.util.IdentityHashMap<>();
            for (int r = 0; r < g.layout.numRecords(); r++) {
                long at = firstOfFunction(first, emitting, g.name(r), g.hash(r), ((long) gi << 32) | r);
                if (at < 0) {
                    continue;
                }
                Group target = emitting.get((int) (at >>> 32));
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
    private static long firstOfFunction(java.util.Map<String, long[]> first, List<Group> emitting, String name,
            long hash, long self) {
        long[] entries = first.get(name);
        if (entries == null) {
            first.put(name, new long[] {self});
            return -1;
        }
        for (long e : entries) {
            Group g = emitting.get((int) (e >>> 32));
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

    /** One joined input: its position in the merge and, for the first few, per-record count sums. */
    private record Member(int inputIndex, RecordSums recordSums) {
    }

    /**
     * One input's count sum per record, kept for the first {@link BulkContribution#KEPT} members of
     * a group: as 32-bit words when every sum fits (the usual case: half the memory of 16 copies
     * of a long per function), else as longs.
     */
    private record RecordSums(int[] small, long[] large) {
        static RecordSums of(long[] sums) {
            int[] small = new int[sums.length];
            for (int r = 0; r < sums.length; r++) {
                if ((sums[r] >>> 32) != 0) {
                    return new RecordSums(null, sums);
                }
                small[r] = (int) sums[r];
            }
            return new RecordSums(small, null);
        }

        long get(int r) {
            return small != null ? Integer.toUnsignedLong(small[r]) : large[r];
        }
    }

    /**
     * The files of one binary, all added here: the first (the reference, probed with the ordinary
     * reader) and every later run that matches it. Its counters-only records enter the merge state
     * flat.
     */
    private static final class Group implements FlatRecords {
        final ProfileKind kind;
        /** The binary's layout, which holds what runs are compared with (the probed file's words). */
        final RawCounterLayout layout;
        final long size;
        final List<Member> members = new ArrayList<>();
        long[] sums;
        /**
         * Per record with value data, its members' summed sites; null without value data. A
         * borrowed record's are another group's, shared ({@link SharedValueSites}).
         */
        BulkValues[] values;
        /** Which records' sites are borrowed; null when none can be. */
        boolean[] borrowed;
        /** The groups this one shares value sites with, itself included. */
        final SharedValueSites.Component component = new SharedValueSites.Component();
        /** Whether its records are offered to later groups to share. */
        boolean registered;
        /**
         * Records added into an earlier group's record of the same function when the groups were
         * emitted ({@link #addSharedFunctions}); left out of the state. Null when none.
         */
        boolean[] mergedAway;
        /**
         * Groups whose records were added into this group's, each with its record for each of this
         * group's records (-1: none); null when none.
         */
        java.util.Map<Group, int[]> donors;
        /**
         * After {@link #emit}: which records went into the state as bulk records (the state then
         * owns their sites, and lets go of each as it finishes it); null when none did.
         */
        boolean[] emittedBulk;
        /** All members' counters, weighted and summed, saturating: bounds every single sum. */
        long grandTotal;
        /** The records by counter position (the probe's, shared by the slices' groups of the binary). */
        final RecordRanges ranges;

        Group(ProfileKind kind, RawCounterLayout layout, RecordRanges ranges) {
            this.kind = kind;
            this.layout = layout;
            this.ranges = ranges;
            this.size = layout.fileSize();
        }

        RawCounterLayout.Match compare(Words.Source words, long wordsSize) {
            return layout.compare(words, wordsSize);
        }

        /**
         * Adds one run ({@code words} is the whole file, whose functions sit {@code slide} above
         * the reference file's, null when they did not move together; its value sites are decoded
         * into {@code runSites}); null when it cannot join.
         */
        InputLoader.Loaded join(int inputIndex, MergeInput input, Words.Source words, Long slide,
                RunValueSites runSites) {
            long weight = input.weight();
            if (Long.compareUnsigned(weight, MAX_WEIGHT) > 0) {
                return null;
            }
            if (layout.hasValueData()) {
                // The value data is checked and decoded whole before any of it is added (after the
                // counters, below): a damaged blob leaves the file to the ordinary reader.
                if (slide == null || !layout.decodeValues(words.bytesFrom(layout.valueDataOffset()), slide, runSites)) {
                    return null;
                }
            }
            int base = (int) (layout.countersOffset() / 8);
            int n = layout.numCounters();
            if (sums == null) {
                sums = new long[n];
            }
            // The first members' per-record sums are added up in the same pass (unweighted:
            // weighted below, once the input is known not to overflow).
            long[] recordSums = members.size() < BulkContribution.KEPT ? new long[layout.numRecords()] : null;
            int nextRange = 0;
            // One pass: add the weighted counters and note the reader's warning case (counters of
            // 2^56 and more) and the input's own sum, kept in two halves that cannot overflow.
            long seen = 0;
            long high = 0;
            long low = 0;
            for (int from = 0; from < n; from += Words.CHUNK) {
                int len = Math.min(Words.CHUNK, n - from);
                int at = words.load(base + from, len);
                long[] w = words.array();
                if (recordSums != null) {
                    nextRange = ranges.addSums(w, at, from, len, recordSums, nextRange);
                }
                if (weight == 1) {
                    for (int i = 0; i < len; i++) {
                        long y = w[at + i];
                        seen |= y;
                        high += y >>> 32;
                        low += y & 0xFFFF_FFFFL;
                        sums[from + i] += y;
                    }
                } else {
                    for (int i = 0; i < len; i++) {
                        long y = w[at + i];
                        seen |= y;
                        high += y >>> 32;
                        low += y & 0xFFFF_FFFFL;
                        sums[from + i] += weight * y;
                    }
                }
            }
            long total = (high << 32) + low;
            if ((seen & LARGE_COUNTER_BITS) != 0 || (high >>> 32) != 0 || Long.compareUnsigned(total, low) < 0) {
                // Leave this input to the ordinary reader; subtracting undoes the additions exactly
                // (arithmetic modulo 2^64), so the group's sums are as before.
                for (int from = 0; from < n; from += Words.CHUNK) {
                    int len = Math.min(Words.CHUNK, n - from);
                    int at = words.load(base + from, len);
                    long[] w = words.array();
                    for (int i = 0; i < len; i++) {
                        sums[from + i] -= weight * w[at + i];
                    }
                }
                return null;
            }
            // No counter's sum can exceed the sum of all counters of all members: while that stays
            // below 2^64 - 3 nothing overflowed, without checking each addition.
            grandTotal = Saturating.add(grandTotal, Saturating.multiply(total, weight));
            if (layout.hasValueData()) {
                if (values == null) {
                    values = new BulkValues[layout.numRecords()];
                }
                long w = weight;
                runSites.feed((r, kind, site, vals, counts, from, count) -> {
                    if (values[r] == null) {
                        values[r] = new BulkValues();
                    }
                    values[r].addSite(kind, site, layout.siteCount(r, ValueKind.of(kind)), vals, counts, from, count,
                            w, MergeState.position(inputIndex, r));
                });
            }
            RecordSums kept = null;
            if (recordSums != null) {
                // No record's sum can exceed the input's, which fits: weighting saturates as adding
                // each weighted counter would.
                if (weight != 1) {
                    for (int r = 0; r < recordSums.length; r++) {
                        recordSums[r] = Saturating.multiply(recordSums[r], weight);
                    }
                }
                kept = RecordSums.of(recordSums);
            }
            members.add(new Member(inputIndex, kept));
            return new InputLoader.Loaded(kind, null, List.of(), List.of(), List.of(), layout.numRecords(),
                    Saturating.multiply(total, weight), false);
        }

        /**
         * Puts the group into {@code state}: records with value data as bulk records, the rest flat;
         * false when its files must be read one by one.
         */
        boolean emit(MergeState state) {
            if (!canEmit()) {
                return false;
            }
            boolean anyFlat = false;
            emittedBulk = values == null ? null : new boolean[layout.numRecords()];
            for (int r = 0; r < layout.numRecords(); r++) {
                if (isMergedAway(r)) {
                    continue; // in an earlier group's record of the function
                }
                if (isFlat(r)) {
                    anyFlat = true;
                } else {
                    // A borrowed record's sites are in its owner's; it brings empty ones of its shape.
                    BulkValues sites = isBorrowed(r) ? BulkValues.emptySites(siteCounts(r)) : values[r];
                    state.addBulk(new ProfileRecord(name(r), hash(r), counts(r), new byte[0],
                            ProfileRecord.noValueSites(), null), contribution(r), sites);
                    emittedBulk[r] = true;
                }
            }
            values = null;
            borrowed = null;
            if (anyFlat) {
                state.addFlat(this);
            }
            return true;
        }

        /** Whether {@link #emit} can put the group into the state (else its files are read one by one). */
        boolean canEmit() {
            // Some sum may have wrapped; or damaged names sections, which the ordinary reader reports.
            return Long.compareUnsigned(grandTotal, Saturating.COUNTER_CAP) <= 0 && layout.namesDecoded();
        }

        private boolean isBorrowed(int r) {
            return borrowed != null && borrowed[r];
        }

        private boolean isMergedAway(int r) {
            return mergedAway != null && mergedAway[r];
        }

        /**
         * Whether {@code g}'s record {@code r}, of this record {@code tr}'s function, can be added
         * into it ({@link #addSharedFunctions}).
         */
        boolean canTake(int tr, Group g, int r) {
            if (!layout.kind().equals(g.layout.kind()) || layout.counterCount(tr) != g.layout.counterCount(r)) {
                return false;
            }
            BulkValues mine = values == null ? null : values[tr];
            BulkValues theirs = g.values == null ? null : g.values[r];
            // A record that owns its sites must bring them itself: this record may have borrowed
            // them (after the threads' groups were added together, an owner can come later).
            return theirs == null ? mine == null : g.isBorrowed(r) && theirs == mine;
        }

        /**
         * Takes {@code g}'s bound on its sums into this group's, if the two together stay below the
         * counter cap (then no sum of this group's, with {@code g}'s records added, can have
         * wrapped); false, and nothing changed, otherwise.
         */
        boolean addBound(Group g) {
            long both = Saturating.add(grandTotal, g.grandTotal);
            if (Long.compareUnsigned(both, Saturating.COUNTER_CAP) > 0) {
                return false;
            }
            grandTotal = both;
            return true;
        }

        /** Adds {@code g}'s record {@code r} into this group's record {@code tr} of the same function. */
        void take(int tr, Group g, int r) {
            int to = (int) layout.counterStart(tr);
            int from = (int) g.layout.counterStart(r);
            for (int k = 0; k < layout.counterCount(tr); k++) {
                sums[to + k] += g.sums[from + k];
            }
            if (g.mergedAway == null) {
                g.mergedAway = new boolean[g.layout.numRecords()];
            }
            g.mergedAway[r] = true;
            if (donors == null) {
                donors = new java.util.IdentityHashMap<>();
            }
            donors.computeIfAbsent(g, d -> {
                int[] records = new int[layout.numRecords()];
                Arrays.fill(records, -1);
                return records;
            })[tr] = r;
        }

        private void setBorrowed(int r, boolean b) {
            if (b && borrowed == null) {
                borrowed = new boolean[layout.numRecords()];
            }
            if (borrowed != null) {
                borrowed[r] = b;
            }
        }

        private int[] siteCounts(int r) {
            int[] counts = new int[ValueKind.COUNT];
            for (int k = 0; k < ValueKind.COUNT; k++) {
                counts[k] = layout.siteCount(r, ValueKind.of(k));
            }
            return counts;
        }

        @Override
        public int size() {
            return layout.numRecords();
        }

        @Override
        public boolean absorb(FlatRecords records) {
            if (!(records instanceof Group other) || (emittedBulk == null) != (other.emittedBulk == null)
                    || mergedAway != null || donors != null || other.mergedAway != null || other.donors != null) {
                // Groups whose records went into others' (or took others') are resolved by name.
                return false;
            }
            return addUp(other);
        }

        /** {@link #absorb} for a group of another slice before either was emitted. */
        boolean absorbUnemitted(Group other) {
            if (emittedBulk != null || other.emittedBulk != null || (values == null) != (other.values == null)
                    || !addUp(other)) {
                return false;
            }
            if (values != null) {
                for (int r = 0; r < values.length; r++) {
                    BulkValues theirs = other.values[r];
                    if (theirs == null || other.isBorrowed(r) && values[r] != null) {
                        // A borrowed record's sites are in its owner's, which adds them up or
                        // emits them on its own.
                        continue;
                    }
                    if (values[r] == null || isBorrowed(r)) {
                        values[r] = theirs;
                        setBorrowed(r, other.isBorrowed(r));
                    } else {
                        values[r].absorb(theirs);
                    }
                }
                other.values = null;
            }
            component.join(other.component);
            return true;
        }

        /**
         * Adds {@code other}'s members and sums to this group's, if both are of one binary, their
         * inputs are distinct and no sum would overflow; false (both groups as they were) if not.
         */
        private boolean addUp(Group other) {
            if (other.layout != layout || other.sums.length != sums.length) {
                // One layout per probed binary, shared by the slices of a merge: the same layout
                // means the same binary (its reference files had equal bytes apart from counters).
                return false;
            }
            List<Member> all = new ArrayList<>(members.size() + other.members.size());
            all.addAll(members);
            all.addAll(other.members);
            all.sort(java.util.Comparator.comparingInt(Member::inputIndex));
            for (int m = 0; m < all.size(); m++) {
                if (m > 0 && all.get(m - 1).inputIndex == all.get(m).inputIndex) {
                    return false; // overlapping inputs: not two parts of one merge
                }
                if (m < BulkContribution.KEPT && all.get(m).recordSums == null) {
                    return false;
                }
            }
            // Checked whole before anything is added (so a refusal leaves both groups as they
            // were), then added in place: no third array of sums at the peak of the merge.
            for (int i = 0; i < sums.length; i++) {
                long a = sums[i];
                long t = a + other.sums[i];
                if (Long.compareUnsigned(t, a) < 0 || Long.compareUnsigned(t, Saturating.COUNTER_CAP) > 0) {
                    return false; // the state's ordinary combine reports the overflow
                }
            }
            for (int i = 0; i < sums.length; i++) {
                sums[i] += other.sums[i];
            }
            grandTotal = Saturating.add(grandTotal, other.grandTotal);
            members.clear();
            members.addAll(all);
            return true;
        }

        @Override
        public boolean isFlat(int r) {
            if (isMergedAway(r)) {
                return false;
            }
            if (values != null) {
                return values[r] == null;
            }
            return emittedBulk == null || !emittedBulk[r];
        }

        @Override
        public String name(int r) {
            return layout.name(r);
        }

        @Override
        public long hash(int r) {
            return layout.hash(r);
        }

        @Override
        public long[] counts(int r) {
            int start = (int) layout.counterStart(r);
            return Arrays.copyOfRange(sums, start, start + layout.counterCount(r));
        }

        @Override
        public long firstPosition(int r) {
            long first = MergeState.position(members.get(0).inputIndex, r);
            if (donors != null) {
                for (java.util.Map.Entry<Group, int[]> d : donors.entrySet()) {
                    int dr = d.getValue()[r];
                    if (dr >= 0) {
                        first = Math.min(first, MergeState.position(d.getKey().members.get(0).inputIndex, dr));
                    }
                }
            }
            return first;
        }

        @Override
        public BulkContribution contribution(int r) {
            long totalCountSum = 0;
            int start = (int) layout.counterStart(r);
            for (int k = 0; k < layout.counterCount(r); k++) {
                totalCountSum = Saturating.add(totalCountSum, sums[start + k]);
            }
            int listed = Math.min(BulkContribution.KEPT, members.size());
            long total = members.size();
            int room = listed;
            if (donors != null) {
                for (java.util.Map.Entry<Group, int[]> d : donors.entrySet()) {
                    if (d.getValue()[r] >= 0) {
                        room += Math.min(BulkContribution.KEPT, d.getKey().members.size());
                        total += d.getKey().members.size();
                    }
                }
            }
            // Each group's first members, by position (the state keeps the earliest of all).
            long[] positions = new long[room];
            long[] countSums = new long[room];
            int n = listFirst(this, r, positions, countSums, 0);
            if (donors != null) {
                for (java.util.Map.Entry<Group, int[]> d : donors.entrySet()) {
                    int dr = d.getValue()[r];
                    if (dr >= 0) {
                        n = listFirst(d.getKey(), dr, positions, countSums, n);
                    }
                }
                sortByPosition(positions, countSums, n);
            }
            int kept = Math.min(BulkContribution.KEPT, n);
            return new BulkContribution(Arrays.copyOf(positions, kept), Arrays.copyOf(countSums, kept), total,
                    totalCountSum);
        }

        /**
         * Puts the first members of {@code g} (its record {@code r}) into {@code positions} and
         * {@code countSums} from {@code at}; returns the next free place.
         */
        private static int listFirst(Group g, int r, long[] positions, long[] countSums, int at) {
            int listed = Math.min(BulkContribution.KEPT, g.members.size());
            for (int m = 0; m < listed; m++) {
                Member member = g.members.get(m);
                positions[at] = MergeState.position(member.inputIndex, r);
                countSums[at++] = member.recordSums.get(r);
            }
            return at;
        }

        /**
         * Puts the smallest {@link BulkContribution#KEPT} positions of the first {@code n} (with
         * their count sums) first, ascending: selection of each next smallest, as only the first
         * few are kept.
         */
        private static void sortByPosition(long[] positions, long[] countSums, int n) {
            for (int i = 0; i < Math.min(BulkContribution.KEPT, n); i++) {
                int min = i;
                for (int j = i + 1; j < n; j++) {
                    if (positions[j] < positions[min]) {
                        min = j;
                    }
                }
                long p = positions[i];
                positions[i] = positions[min];
                positions[min] = p;
                long c = countSums[i];
                countSums[i] = countSums[min];
                countSums[min] = c;
            }
        }
    }
}
