package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.LlvmMapOrder;
import dev.jprofdata.format.sample.MergeStatus;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.Saturating;
import dev.jprofdata.format.sample.SampleProfileFlags;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The running result of a sample-profile merge: one profile per context, the process-wide flags,
 * the symbol list and what was read. {@link #add} merges one whole input, after which the input
 * can be dropped, so memory does not grow with the number of inputs.
 *
 * <p>Profiles are keyed as llvm-profdata keys its map: a plain context by its function's GUID (so
 * {@code main} and the MD5 hash of {@code main} are one entry, spelled as the first input spelled
 * it), a calling context by LLVM's hash of its frames ({@link LlvmMapOrder#mapKey}). The map keeps insertion order, which is the order
 * llvm-profdata inserts into its hash map; writers derive LLVM's iteration order from it.
 */
public final class SampleMergeState {
    private final SampleMergeOptions options;
    private final SampleRemapping remapping;
    private final ProfileMap profiles = new ProfileMap();
    private final ProcessFlags flags = new ProcessFlags();
    private final FlagHistory history = new FlagHistory();
    private final TreeSet<String> symbols = new TreeSet<>();
    private Boolean firstProbeBased;
    private Boolean firstContextSensitive;
    private long recordsRead;
    private long countsRead;
    /**
     * Only in a part of a merge in parts ({@link SamplePartialMerge}), null otherwise: where each
     * function was first met (input index times 2^32 plus its place in that input's visiting order),
     * which gives the merged map's order once the parts are combined in any order; and the functions
     * whose contributions could not simply be added ({@link SummableProfiles}), to be merged again
     * input by input.
     */
    private final HashMap<Long, Long> firstSeen;
    private final TreeSet<Long> conflicts;

    public SampleMergeState(SampleMergeOptions options) {
        this(options, false);
    }

    private SampleMergeState(SampleMergeOptions options, boolean part) {
        this.options = options;
        this.remapping = options.remapper() == null ? null
                : new SampleRemapping(options.remapper(), options.fsDiscriminatorMask());
        this.firstSeen = part ? new HashMap<>() : null;
        this.conflicts = part ? new TreeSet<>() : null;
    }

    /**
     * A state for a part of a merge: flags are only recorded (the checks need the inputs before the
     * part), and functions are watched for contributions that cannot simply be added.
     */
    static SampleMergeState forPart(SampleMergeOptions options) {
        return new SampleMergeState(options, true);
    }

    boolean isPart() {
        return conflicts != null;
    }

    /** The key llvm-profdata's profile map uses for {@code context}. */
    static long key(SampleContext context) {
        return LlvmMapOrder.mapKey(context);
    }

    /**
     * One top-level profile of an input as it enters the map: its key, its samples after remapping,
     * the remapping's status and its total samples as read (before remapping).
     */
    record Contribution(long key, FunctionSamples samples, MergeStatus remapStatus, long readTotal) {
    }

    /**
     * Merges every top-level profile of {@code input}, each count times {@code weight}, in the order
     * llvm-profdata visits them, and adds its symbol list (unless dropped).
     *
     * @return the functions that did not merge cleanly, with {@code file} as their file
     * @throws SampleMergeException when the input is probe-based and the earlier ones
     *     were not (or the reverse), or context-sensitive and the earlier ones were not (or the
     *     reverse); nothing of it is merged then
     */
    public List<FunctionProblem> add(SampleProfile input, long weight, String file) {
        return add(history.nextIndex(), input, weight, file);
    }

    /** {@link #add(SampleProfile, long, String)} for input {@code index} of the whole merge. */
    List<FunctionProblem> add(int index, SampleProfile input, long weight, String file) {
        if (!isPart()) {
            applyFlags(input.format(), input.flags());
        }
        history.record(index, input);
        List<FunctionProblem> problems = new ArrayList<>();
        Saturating.Overflow ignored = new Saturating.Overflow();
        List<Contribution> contributions = contributions(input);
        for (int i = 0; i < contributions.size(); i++) {
            Contribution c = contributions.get(i);
            recordsRead++;
            countsRead = Saturating.mulAdd(c.readTotal(), weight, countsRead, ignored);
            if (isPart()) {
                firstSeen.putIfAbsent(c.key(), ((long) index << 32) | i);
            }
            merge(c, weight, file, problems);
        }
        if (!options.dropSymbolList() && input.symbolList() != null) {
            symbols.addAll(input.symbolList());
        }
        return problems;
    }

    /** The top-level profiles of {@code input} in llvm-profdata's visiting order, remapped and keyed. */
    List<Contribution> contributions(SampleProfile input) {
        List<ReaderOrder.Keyed> keyed = ReaderOrder.keyed(input);
        List<Contribution> out = new ArrayList<>(keyed.size());
        for (ReaderOrder.Keyed k : keyed) {
            if (remapping == null) {
                out.add(new Contribution(k.key(), k.profile(), MergeStatus.SUCCESS, k.profile().totalSamples()));
            } else {
                MergeStatus[] status = {MergeStatus.SUCCESS};
                FunctionSamples samples = remapping.remap(k.profile(), status);
                out.add(new Contribution(key(samples.context()), samples, status[0], k.profile().totalSamples()));
            }
        }
        return out;
    }

    /** Merges one contribution times {@code weight}; a problem is added to {@code problems}. */
    void merge(Contribution c, long weight, String file, List<FunctionProblem> problems) {
        FunctionSamples samples = c.samples();
        int before = profiles.size();
        FunctionSamples target = profiles.getOrCreate(c.key(), () -> new FunctionSamples(null));
        if (isPart() && profiles.size() == before && !SummableProfiles.agree(target, samples)) {
            conflicts.add(c.key());
        }
        long hashBefore = target.functionHash();
        MergeStatus s = target.merge(samples, weight);
        MergeStatus status = c.remapStatus().then(s);
        if (status != MergeStatus.SUCCESS) {
            if (isPart()) {
                conflicts.add(c.key());
            }
            long dropped = s == MergeStatus.SUCCESS ? 0 : droppedByMismatch(target, hashBefore, samples, weight);
            problems.add(new FunctionProblem(file, samples.context().toString(), status, dropped));
        }
    }

    /**
     * Adds another part's state into this one (both parts of one merge, covering different inputs):
     * every function is added as a whole, and one whose two halves cannot simply be added, or whose
     * sum reaches 2^64-1, is marked to be merged again input by input. {@code other} is used up.
     */
    void absorb(SampleMergeState other) {
        history.merge(other.history);
        other.profiles.forEach((key, samples) -> {
            FunctionSamples mine = profiles.get(key);
            long seen = other.firstSeen.get(key);
            if (mine == null) {
                profiles.getOrCreate(key, () -> samples);
                firstSeen.put(key, seen);
                return;
            }
            if (!SummableProfiles.agree(mine, samples) || mine.merge(samples, 1) != MergeStatus.SUCCESS) {
                conflicts.add(key);
            }
            firstSeen.merge(key, seen, Math::min);
        });
        conflicts.addAll(other.conflicts);
        symbols.addAll(other.symbols);
        recordsRead += other.recordsRead;
        countsRead = Saturating.mulAdd(other.countsRead, 1, countsRead, new Saturating.Overflow());
    }

    /** The flag checks llvm-profdata makes before it merges an input, and the flags' update. */
    private void applyFlags(SampleFormat format, SampleProfileFlags inputFlags) {
        flags.update(format, inputFlags, options.profileIsFs());
        if (firstProbeBased != null && firstProbeBased != flags.probeBased()) {
            throw new SampleMergeException(
                    "cannot merge probe-based profile with non-probe-based profile");
        }
        firstProbeBased = flags.probeBased();
        if (firstContextSensitive != null && firstContextSensitive != flags.contextSensitive()) {
            throw new SampleMergeException("cannot merge CS profile with non-CS profile");
        }
        firstContextSensitive = flags.contextSensitive();
    }

    /** Why the merge stops at an input, for the inputs' flags ({@link #applyHistory}). */
    record FlagStop(int input, SampleMergeException problem) {
    }

    /**
     * In a part holding the whole merge: applies the recorded flags in input order, with the checks
     * llvm-profdata makes; the first input they refuse, or null.
     */
    FlagStop applyHistory() {
        for (int i = 0; i < history.size(); i++) {
            int code = history.code(i);
            try {
                applyFlags(FlagHistory.format(code), FlagHistory.flags(code));
            } catch (SampleMergeException e) {
                return new FlagStop(history.firstInput(i), e);
            }
        }
        return null;
    }

    /** In a part holding the whole merge: the map in the order its functions were first met. */
    void orderByFirstSeen() {
        List<Long> keys = new ArrayList<>(firstSeen.keySet());
        keys.sort((a, b) -> Long.compare(firstSeen.get(a), firstSeen.get(b)));
        profiles.reorder(keys);
    }

    /** Puts {@code samples} at {@code key} in place of what is there (a function merged again input by input). */
    void replace(long key, FunctionSamples samples) {
        profiles.replace(key, samples);
    }

    /** Functions whose contributions could not simply be added (a part only). */
    SortedSet<Long> conflicts() {
        return conflicts;
    }

    FlagHistory history() {
        return history;
    }

    Map<Long, Long> firstSeen() {
        return firstSeen;
    }

    SortedSet<String> symbols() {
        return symbols;
    }

    /** Puts a decoded function of a part in place; false when its key is already present. */
    boolean insertDecoded(long key, long seen, FunctionSamples samples) {
        if (profiles.containsKey(key)) {
            return false;
        }
        profiles.getOrCreate(key, () -> samples);
        firstSeen.put(key, seen);
        return true;
    }

    /** Restores counts read from a part's encoding. */
    void setRead(long records, long counts) {
        recordsRead = records;
        countsRead = counts;
    }

    /**
     * The weighted total samples {@code merge} left out because checksums differed. A node whose
     * checksum differs from the target's after the merge was not merged (a merged node takes the
     * incoming checksum when it had none, or had the same one).
     */
    private static long droppedByMismatch(FunctionSamples target, long hashBefore, FunctionSamples other, long weight) {
        Saturating.Overflow ignored = new Saturating.Overflow();
        if (hashBefore != 0 && hashBefore != other.functionHash()) {
            return Saturating.mulAdd(other.totalSamples(), weight, 0, ignored);
        }
        long dropped = 0;
        for (Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> e : other.callsites().entrySet()) {
            TreeMap<FunctionId, FunctionSamples> mine = target.callsites().get(e.getKey());
            for (Map.Entry<FunctionId, FunctionSamples> c : e.getValue().entrySet()) {
                FunctionSamples t = mine == null ? null : mine.get(c.getKey());
                if (t == null) {
                    continue;
                }
                long d = t.functionHash() != c.getValue().functionHash()
                        ? Saturating.mulAdd(c.getValue().totalSamples(), weight, 0, ignored)
                        : droppedByMismatch(t, 0, c.getValue(), weight);
                dropped = Saturating.mulAdd(d, 1, dropped, ignored);
            }
        }
        return dropped;
    }

    /** The merged profiles by llvm-profdata's map key (for the steps after merging). */
    ProfileMap profiles() {
        return profiles;
    }

    ProcessFlags flags() {
        return flags;
    }

    /** Adds symbols to the profile symbol list ({@code --prof-sym-list}). */
    public void addSymbols(Iterable<String> extra) {
        for (String s : extra) {
            symbols.add(s);
        }
    }

    /** Top-level profiles read from all inputs so far. */
    public long recordsRead() {
        return recordsRead;
    }

    /** Their weighted total samples, saturating. */
    public long countsRead() {
        return countsRead;
    }

    /** Whether any input was merged. */
    public boolean anyInput() {
        return history.size() > 0;
    }

    /** The merged profile as it stands (no filter, trimming or layout conversion applied). */
    public SampleProfile toProfile() {
        LinkedHashMap<SampleContext, FunctionSamples> out = new LinkedHashMap<>();
        for (FunctionSamples f : profiles.values()) {
            out.put(f.context(), f);
        }
        SortedSet<String> list = symbols.isEmpty() ? null : new TreeSet<>(symbols);
        // After removals LLVM's map iterates in an order its survivors' insertion order does not give.
        List<FunctionSamples> order = profiles.hadErasures() ? profiles.llvmOrder() : null;
        SampleFormat first = history.size() == 0 ? SampleFormat.EXTBINARY : FlagHistory.format(history.code(0));
        return new SampleProfile(first, out, flags.toFlags(),
                list, null, order);
    }
}
