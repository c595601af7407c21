package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.io.MappedFaults;
import dev.jprofdata.format.offload.DeviceProfiles;
import dev.jprofdata.format.raw.NameTableCache;
import dev.jprofdata.merge.groups.BinaryGroups;
import dev.jprofdata.merge.groups.JoinedRun;
import dev.jprofdata.merge.state.MergeState;
import dev.jprofdata.merge.state.Saturating;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Merges profiles of any format into one, with llvm-profdata's semantics.
 *
 * <p>Work is split in two steps. First every input's profile kind is probed in input order, so the
 * compatibility decisions LLVM takes input by input are taken the same way. Then the accepted
 * inputs are cut into contiguous slices (balanced by size), each slice is merged into its own
 * {@link MergeState} on a worker thread (runs of one binary into its binary groups, which are
 * added up across the slices before they enter a state), and the partial states are combined.
 * Because combining is associative and commutative, the result is the same for every thread count
 * and equals what a sequential merge would produce. With {@link ValueMerge#LLVM} the first slice's
 * state is the leading one: it applies value sites record by record as it reads them, and the
 * other slices' records are applied after them, in input order, as their states are combined into
 * it (the slices are combined in input order).
 */
public final class ProfileMerger {
    static final String KIND_CONFLICT = "Merge IR generated profile with Clang generated profile.";

    private final MergeOptions options;
    private final MergeListener listener;

    public ProfileMerger(MergeOptions options) {
        this(options, MergeListener.NONE);
    }

    /** A merger that reports progress to {@code listener} and stops when it asks to cancel. */
    public ProfileMerger(MergeOptions options, MergeListener listener) {
        this.options = options;
        this.listener = java.util.Objects.requireNonNull(listener, "listener");
    }

    public MergeResult merge(List<MergeInput> inputs) throws IOException, NoProfileMergedException {
        return run(inputs, false).result();
    }

    /**
     * Merges the host inputs and the GPU device inputs of {@code inputs} apart (spec/offload.md),
     * reading each host input once. An input is a device profile when its name says so
     * ({@link DeviceProfiles#isDeviceName}) or when it holds device records; the second is found
     * where the host merge opens it, and such an input is set apart there, unread, for the device
     * merge. Setting inputs apart cannot change which of the others are merged: when the kind
     * checks (taken in input order over all host candidates) would have decided differently
     * without them, the host inputs are merged again on their own. The parts are the merges
     * {@link #merge} would give for each part's inputs alone.
     */
    public HostDeviceMerge mergeSplit(List<MergeInput> inputs) throws IOException {
        List<Integer> hostIndices = new ArrayList<>();
        List<Integer> deviceIndices = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            (DeviceProfiles.isDeviceName(inputs.get(i).path()) ? deviceIndices : hostIndices).add(i);
        }
        Run host = hostIndices.isEmpty() ? null : run(pick(inputs, hostIndices), true);
        if (host != null && !host.setApart().isEmpty()) {
            List<Integer> kept = new ArrayList<>(hostIndices);
            for (int k = host.setApart().size() - 1; k >= 0; k--) {
                int index = host.setApart().get(k);
                deviceIndices.add(hostIndices.get(index));
                kept.remove(index);
            }
            deviceIndices.sort(null);
            hostIndices = kept;
            if (hostIndices.isEmpty()) {
                host = null;
            } else if (!host.kindDecisionsStandWithoutSetApart()) {
                host = run(pick(inputs, hostIndices), false);
            }
        }
        List<MergeInput> deviceInputs = pick(inputs, deviceIndices);
        Run device = deviceInputs.isEmpty() ? null : run(deviceInputs, false);
        return new HostDeviceMerge(HostDeviceMerge.Part.of(pick(inputs, hostIndices), host),
                HostDeviceMerge.Part.of(deviceInputs, device));
    }

    private static List<MergeInput> pick(List<MergeInput> inputs, List<Integer> indices) {
        List<MergeInput> out = new ArrayList<>(indices.size());
        for (int i : indices) {
            out.add(inputs.get(i));
        }
        return out;
    }

    /**
     * One merge's outcome: its result or why it was rejected; the inputs set apart as device
     * profiles (by index); and each input's probe and kind-conflict decision, to check them.
     */
    record Run(MergeResult mergeResult, NoProfileMergedException rejected, List<Integer> setApart,
            List<Object> probed, boolean[] kindConflicts) {
        MergeResult result() throws NoProfileMergedException {
            if (rejected != null) {
                throw rejected;
            }
            return mergeResult;
        }

        /** Whether every other input's kind decision is the same when the set-apart inputs are left out. */
        boolean kindDecisionsStandWithoutSetApart() {
            boolean[] skip = new boolean[probed.size()];
            for (int i : setApart) {
                skip[i] = true;
            }
            boolean[] without = ProfileMerger.kindConflicts(probed, skip);
            for (int i = 0; i < skip.length; i++) {
                if (!skip[i] && without[i] != kindConflicts[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Merges {@code inputs}; with {@code setDeviceApart}, inputs with device records are left out and named. */
    private Run run(List<MergeInput> inputs, boolean setDeviceApart) throws IOException {
        InputOutcomes outcomes = new InputOutcomes(inputs.size());
        List<Object> probed = InputProbes.map(inputs, options.numThreads(), ProfileMerger::probeKind);
        boolean[] conflicts = kindConflicts(probed, new boolean[inputs.size()]);
        List<Integer> all = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            all.add(i);
        }
        List<Integer> accepted = accept(inputs, all, probed, conflicts, outcomes);

        List<MergeState> partials = mergeSlices(inputs, accepted, probed, outcomes, setDeviceApart);
        checkCancelled(listener);
        MergeState state = partials.get(0);
        for (int i = 1; i < partials.size(); i++) {
            state.combine(partials.get(i));
        }

        List<Integer> setApart = outcomes.setApart();
        MergeFinisher.Finished finished = MergeFinisher.finish(state, outcomes, i -> inputs.get(i).displayName(),
                options);
        return new Run(finished.result(), finished.rejected(), setApart, probed, conflicts);
    }

    /**
     * Decides, in input order, which of the inputs {@code indices} (ascending) take part: empty
     * files are skipped silently (as LLVM does), unreadable ones fail, and an input whose kind
     * cannot be merged with the kinds accepted before it fails with LLVM's message
     * ({@code conflicts}). Notes each input's size and kind on the way. {@code inputs},
     * {@code probed} and {@code conflicts} are by input index.
     */
    static List<Integer> accept(List<MergeInput> inputs, List<Integer> indices, List<Object> probed,
            boolean[] conflicts, InputOutcomes outcomes) {
        List<Integer> accepted = new ArrayList<>();
        for (int i : indices) {
            outcomes.covered[i] = true;
            MergeInput in = inputs.get(i);
            Object result = probed.get(i);
            if (result instanceof ProfileFormatException e) {
                if (e.kind() != ProfileFormatException.Kind.EMPTY_FILE) {
                    outcomes.failures[i] = InputFailure.unreadable(in.displayName(), e, 0);
                } else {
                    outcomes.empty[i] = true;
                }
                continue;
            }
            if (result instanceof IOException e) {
                outcomes.failures[i] = InputFailure.ioError(in.displayName(), String.valueOf(e.getMessage()), 0);
                continue;
            }
            outcomes.sizes[i] = ((KindProbe.Head) result).size();
            outcomes.probedKinds[i] = ((KindProbe.Head) result).kind();
            if (conflicts[i]) {
                outcomes.failures[i] = new InputFailure(in.displayName(), KIND_CONFLICT, -1, 0, true,
                        InputFailure.Kind.INCOMPATIBLE_KIND, null);
                continue;
            }
            accepted.add(i);
        }
        return accepted;
    }

    /**
     * Which probed inputs cannot be merged with the kinds accepted before them, taken in input order
     * as LLVM takes them; inputs marked in {@code skip} take no part. Probing reads each input's
     * first bytes on several threads ({@link InputProbes}); this decides on their results.
     */
    static boolean[] kindConflicts(List<Object> probed, boolean[] skip) {
        boolean[] conflicts = new boolean[probed.size()];
        ProfileKind merged = ProfileKind.UNKNOWN;
        for (int i = 0; i < probed.size(); i++) {
            if (skip[i] || !(probed.get(i) instanceof KindProbe.Head head)) {
                continue;
            }
            if (!merged.accepts(head.kind())) {
                conflicts[i] = true;
                continue;
            }
            merged = merged.isUnknown() ? head.kind() : merged.union(head.kind());
        }
        return conflicts;
    }

    /** The input's kind and size, or the exception that probing it threw. */
    static Object probeKind(MergeInput in) {
        try {
            return KindProbe.probe(in.path(), in.displayName());
        } catch (IOException e) {
            return e;
        }
    }

    private List<MergeState> mergeSlices(List<MergeInput> inputs, List<Integer> accepted, List<Object> probed,
            InputOutcomes outcomes, boolean setDeviceApart) throws IOException {
        int threads = threadCount(accepted.size());
        // No more inputs than threads: a slice per input would build a partial state per input
        // (each as big as the result when the inputs share their functions, as shards and repeated
        // merges do) and add them all up again. Instead half the threads read batches ahead for the
        // other half (100 MB indexed merged with itself on two threads: 4.70 -> 4.09 s wall,
        // 943 -> 738 MB; bench/RESULTS.md, tenth session). Not for raw files, which the binary
        // groups read without batches: they keep a thread each.
        boolean readAhead = threads >= 2 && accepted.size() <= threads && !anyRawFile(accepted, probed);
        List<List<Integer>> slices = slice(outcomes.sizes, accepted, readAhead ? threads / 2 : threads);
        // The decoded names sections of the inputs' binaries, shared by this merge's readers and
        // let go with it (a merge reads hundreds of runs of one binary).
        NameTableCache names = new NameTableCache();
        InputLoader loader = new InputLoader(options, Math.max(1, slices.size()), names, setDeviceApart, readAhead);
        BinaryGroups.Probes probes = new BinaryGroups.Probes(names, slices.size() > 1);
        List<Slice> loaded;
        if (slices.size() <= 1) {
            MergeState state = new MergeState(options.valueMerge(), true);
            BinaryGroups groups = slices.isEmpty() ? null
                    : loadSlice(loader, probes, inputs, slices.get(0), state, outcomes, listener);
            loaded = List.of(new Slice(state, groups));
        } else {
            List<Callable<Slice>> tasks = new ArrayList<>();
            for (List<Integer> slice : slices) {
                boolean leading = tasks.isEmpty(); // the slices are in input order
                tasks.add(() -> {
                    MergeState s = new MergeState(options.valueMerge(), leading);
                    return new Slice(s, loadSlice(loader, probes, inputs, slice, s, outcomes, listener));
                });
            }
            loaded = ParallelTasks.run("jprofdata-merge", tasks);
        }
        List<MergeState> partials = new ArrayList<>();
        for (Slice slice : loaded) {
            partials.add(slice.state());
        }
        // Each binary's groups, one per slice, are added up before any enters a state
        // (BinaryGroups#absorb); the slices are in input order, as absorbing wants them.
        BinaryGroups groups = loaded.get(0).groups();
        if (groups != null) {
            for (int i = 1; i < loaded.size(); i++) {
                groups.absorb(loaded.get(i).groups());
            }
            emitGroups(loader, groups, inputs, partials.get(0), outcomes, listener);
        }
        return partials;
    }

    /** One slice's merge state and its binary groups, not emitted yet (null: no groups). */
    private record Slice(MergeState state, BinaryGroups groups) {
    }

    /**
     * Merges the inputs of one slice into {@code state}, except those that joined binary groups:
     * returns the groups (null when they do not apply), to be emitted. Writes only the slice's slots
     * of {@code outcomes}.
     */
    static BinaryGroups loadSlice(InputLoader loader, BinaryGroups.Probes probes, List<MergeInput> inputs,
            List<Integer> slice, MergeState state, InputOutcomes outcomes, MergeListener listener) throws IOException {
        BinaryGroups groups = BinaryGroups.applies(loader.options()) ? new BinaryGroups(probes) : null;
        try {
            for (int index : slice) {
                checkCancelled(listener);
                MergeInput input = inputs.get(index);
                listener.inputStarted(index, input);
                InputLoader.Loaded loaded = null;
                try {
                    JoinedRun joined = groups == null ? null : groups.tryAdd(index, input, outcomes.sizes[index]);
                    if (joined != null) {
                        loaded = new InputLoader.Loaded(joined.kind(), null, List.of(), List.of(), List.of(),
                                joined.recordsRead(), joined.countsRead(), false);
                    }
                    if (loaded == null) {
                        loaded = loader.load(input, index, state);
                    }
                } catch (InternalError e) {
                    // A mapped file that shrank while a group added it up (the readers report
                    // their own): as below, the merge stops rather than guess.
                    throw MappedFaults.truncated(input.displayName(), e);
                } catch (OutOfMemoryError e) {
                    throw named(e, input);
                }
                if (!loaded.setApart()) { // a device input set apart is reported by the device merge
                    listener.inputFinished(index, input, outcomes.sizes[index]);
                }
                outcomes.record(index, loaded);
            }
        } catch (java.io.UncheckedIOException e) {
            // A file that could no longer be read after it was opened (a run of a group that
            // shrank): some of its counts may be in the state already, so the merge stops rather
            // than guess.
            throw e.getCause();
        } finally {
            if (groups != null) {
                groups.closeReader(); // also when the slice stops early: no file left open
            }
        }
        return groups;
    }

    /**
     * Puts {@code groups} into {@code state}; the inputs of groups that turn out not to be what
     * they seemed are read again file by file.
     */
    static void emitGroups(InputLoader loader, BinaryGroups groups, List<MergeInput> inputs, MergeState state,
            InputOutcomes outcomes, MergeListener listener) throws IOException {
        // A group's runs enter the state as one summed record, which cannot tell at which run a
        // counter that saturates overflowed (the run the report names). When all the counts read
        // together stay below the cap no counter can saturate; otherwise every group's runs are
        // read the ordinary way. Only merges of about 2^64 counts pay for this.
        boolean mayOverflow = Long.compareUnsigned(outcomes.countsRead(), Saturating.COUNTER_CAP) >= 0;
        for (int index : mayOverflow ? groups.abandon() : groups.emit(state)) {
            checkCancelled(listener);
            try {
                outcomes.record(index, loader.load(inputs.get(index), index, state));
            } catch (java.io.UncheckedIOException e) {
                throw e.getCause(); // a file that shrank while it was read, as in loadSlice
            } catch (OutOfMemoryError e) {
                throw named(e, inputs.get(index));
            }
        }
    }

    /** {@code e}, naming {@code input} (the error stays an OutOfMemoryError; see InputOutOfMemoryError). */
    private static OutOfMemoryError named(OutOfMemoryError e, MergeInput input) {
        return e instanceof InputOutOfMemoryError ? e : new InputOutOfMemoryError(input.displayName(), e);
    }

    private static void checkCancelled(MergeListener listener) {
        if (listener.isCancelled()) {
            throw new java.util.concurrent.CancellationException("merge cancelled");
        }
    }

    /** The threads this merger may use at most: {@code --num-threads}, or the processors for 0. */
    int threads() {
        return options.numThreads() > 0 ? options.numThreads() : Runtime.getRuntime().availableProcessors();
    }

    private static boolean anyRawFile(List<Integer> accepted, List<Object> probed) {
        for (int i : accepted) {
            if (probed.get(i) instanceof KindProbe.Head head && head.rawFile()) {
                return true;
            }
        }
        return false;
    }

    private int threadCount(int inputCount) {
        if (options.numThreads() > 0) {
            return Math.max(1, Math.min(options.numThreads(), inputCount));
        }
        int cores = Runtime.getRuntime().availableProcessors();
        return Math.max(1, Math.min(cores, (inputCount + 1) / 2));
    }

    /**
     * Cuts the accepted inputs, in order, into at most {@code n} runs of similar total size
     * ({@code sizes} by input index, as probed).
     */
    private static List<List<Integer>> slice(long[] inputSizes, List<Integer> accepted, int n) {
        List<List<Integer>> slices = new ArrayList<>();
        if (accepted.isEmpty()) {
            return slices;
        }
        long[] sizes = new long[accepted.size()];
        long total = 0;
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = Math.max(1, inputSizes[accepted.get(i)]);
            total += sizes[i];
        }
        long perSlice = (total + n - 1) / n;
        List<Integer> current = new ArrayList<>();
        long filled = 0;
        for (int i = 0; i < sizes.length; i++) {
            current.add(accepted.get(i));
            filled += sizes[i];
            int remainingInputs = sizes.length - i - 1;
            int remainingSlices = n - slices.size() - 1;
            if ((filled >= perSlice && remainingSlices > 0) || remainingInputs == remainingSlices && remainingSlices > 0) {
                slices.add(current);
                current = new ArrayList<>();
                filled = 0;
            }
        }
        if (!current.isEmpty()) {
            slices.add(current);
        }
        slices.sort(Comparator.comparing(s -> s.get(0)));
        return slices;
    }

    @Override
    public String toString() {
        return "ProfileMerger" + Arrays.asList(options);
    }
}
