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
import java.util.ArrayList;
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
    private final TreeSet<String> symbols = new TreeSet<>();
    private Boolean firstProbeBased;
    private Boolean firstContextSensitive;
    private SampleFormat firstFormat;
    private long recordsRead;
    private long countsRead;

    public SampleMergeState(SampleMergeOptions options) {
        this.options = options;
        this.remapping = options.remapper() == null ? null
                : new SampleRemapping(options.remapper(), options.fsDiscriminatorMask());
    }

    /** The key llvm-profdata's profile map uses for {@code context}. */
    static long key(SampleContext context) {
        return LlvmMapOrder.mapKey(context);
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
        flags.update(input, options.profileIsFs());
        if (firstProbeBased != null && firstProbeBased != flags.probeBased()) {
            throw new SampleMergeException(
                    "cannot merge probe-based profile with non-probe-based profile");
        }
        firstProbeBased = flags.probeBased();
        if (firstContextSensitive != null && firstContextSensitive != flags.contextSensitive()) {
            throw new SampleMergeException("cannot merge CS profile with non-CS profile");
        }
        firstContextSensitive = flags.contextSensitive();
        if (firstFormat == null) {
            firstFormat = input.format();
        }
        List<FunctionProblem> problems = new ArrayList<>();
        Saturating.Overflow ignored = new Saturating.Overflow();
        for (ReaderOrder.Keyed k : ReaderOrder.keyed(input)) {
            FunctionSamples p = k.profile();
            recordsRead++;
            countsRead = Saturating.mulAdd(p.totalSamples(), weight, countsRead, ignored);
            MergeStatus[] status = {MergeStatus.SUCCESS};
            FunctionSamples samples = remapping == null ? p : remapping.remap(p, status);
            long key = remapping == null ? k.key() : key(samples.context());
            FunctionSamples target = profiles.getOrCreate(key, () -> new FunctionSamples(null));
            long hashBefore = target.functionHash();
            MergeStatus s = target.merge(samples, weight);
            status[0] = status[0].then(s);
            if (status[0] != MergeStatus.SUCCESS) {
                long dropped = s == MergeStatus.SUCCESS ? 0 : droppedByMismatch(target, hashBefore, samples, weight);
                problems.add(new FunctionProblem(file, samples.context().toString(), status[0], dropped));
            }
        }
        if (!options.dropSymbolList() && input.symbolList() != null) {
            symbols.addAll(input.symbolList());
        }
        return problems;
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
        return firstFormat != null;
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
        return new SampleProfile(firstFormat == null ? SampleFormat.EXTBINARY : firstFormat, out, flags.toFlags(),
                list, null, order);
    }
}
