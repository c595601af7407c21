package dev.jprofdata.merge;

import dev.jprofdata.merge.state.MergeState;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The merge of some of a merge's inputs ({@link PartialMerger}): their merge state and what
 * happened to each of them, by index in the whole merge. Parts combine in any grouping
 * ({@link #combine}); once every input is covered, {@link #finish} gives what
 * {@link ProfileMerger#merge} gives for all the inputs. Parts travel between machines as bytes
 * ({@link #encode}, {@link #decode}; spec/spark.md).
 */
public final class PartialMerge {
    private final MergeState state;
    private final InputOutcomes outcomes;

    PartialMerge(MergeState state, InputOutcomes outcomes) {
        this.state = state;
        this.outcomes = outcomes;
    }

    /** A part covering none of {@code inputCount} inputs (the identity of {@link #combine}). */
    public static PartialMerge empty(int inputCount) {
        return new PartialMerge(new MergeState(ValueMerge.EXACT, false), new InputOutcomes(inputCount));
    }

    /** Folds {@code other} (of the same merge, covering other inputs) into this part; {@code other} is used up. */
    public PartialMerge combine(PartialMerge other) {
        outcomes.absorb(other.outcomes);
        state.combine(other.state);
        return this;
    }

    /** How many inputs the whole merge has. */
    public int inputCount() {
        return outcomes.count();
    }

    /** The indices of the inputs this part covers, ascending. */
    public List<Integer> covered() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < outcomes.count(); i++) {
            if (outcomes.covered[i]) {
                out.add(i);
            }
        }
        return out;
    }

    /** The inputs set apart as GPU device profiles (by index, ascending): not merged here. */
    public List<Integer> setApart() {
        return outcomes.setApart();
    }

    /** The inputs of this part that failed (or warned), in input order. */
    public List<InputFailure> failures() {
        return outcomes.failureList();
    }

    /**
     * The inputs whose profile kind cannot be merged with the kinds of the inputs before them, as
     * a single-machine merge decides in input order; meaningful once every input is covered.
     */
    public Set<Integer> kindConflicts() {
        List<Object> probed = new ArrayList<>(outcomes.count());
        for (int i = 0; i < outcomes.count(); i++) {
            probed.add(outcomes.probedKinds[i] == null ? null : new KindProbe.Head(outcomes.probedKinds[i], 0));
        }
        boolean[] conflicts = ProfileMerger.kindConflicts(probed, new boolean[outcomes.count()]);
        Set<Integer> out = new TreeSet<>();
        for (int i = 0; i < conflicts.length; i++) {
            if (conflicts[i]) {
                out.add(i);
            }
        }
        return out;
    }

    /**
     * Whether every input's kind decision other than those of {@code skipped} is the same when
     * {@code skipped} take no part (the host part of a split merge, after inputs were set apart:
     * as {@link ProfileMerger#mergeSplit} decides whether to merge the host inputs again).
     */
    public boolean kindDecisionsStandWithout(List<Integer> skipped) {
        List<Object> probed = new ArrayList<>(outcomes.count());
        for (int i = 0; i < outcomes.count(); i++) {
            probed.add(outcomes.probedKinds[i] == null ? null : new KindProbe.Head(outcomes.probedKinds[i], 0));
        }
        boolean[] skip = new boolean[outcomes.count()];
        for (int i : skipped) {
            skip[i] = true;
        }
        boolean[] with = ProfileMerger.kindConflicts(probed, new boolean[outcomes.count()]);
        boolean[] without = ProfileMerger.kindConflicts(probed, skip);
        for (int i = 0; i < skip.length; i++) {
            if (!skip[i] && with[i] != without[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The merge's result, once every input is covered; {@code displayNames}: every input's name in
     * messages, by index. The state is used up.
     *
     * @throws NoProfileMergedException when the failure mode refuses the result
     */
    public MergeResult finish(MergeOptions options, List<String> displayNames) throws NoProfileMergedException {
        int missing = outcomes.firstUncovered();
        if (missing >= 0) {
            throw new IllegalStateException("input " + missing + " is in no part of the merge");
        }
        if (displayNames.size() != outcomes.count()) {
            throw new IllegalArgumentException(displayNames.size() + " names for " + outcomes.count() + " inputs");
        }
        MergeFinisher.Finished finished = MergeFinisher.finish(state, outcomes, displayNames::get, options);
        if (finished.rejected() != null) {
            throw finished.rejected();
        }
        return finished.result();
    }

    /** This part as bytes (spec/spark.md); the part stays usable. */
    public byte[] encode() {
        return PartialMergeCodec.encode(state, outcomes);
    }

    /**
     * A part from {@link #encode}'s bytes, of a merge of {@code inputCount} inputs (a part of any
     * other merge is refused); {@code source} names the bytes in errors.
     */
    public static PartialMerge decode(byte[] bytes, String source, int inputCount)
            throws MergeStateFormatException {
        return PartialMergeCodec.decode(bytes, source, inputCount);
    }
}
