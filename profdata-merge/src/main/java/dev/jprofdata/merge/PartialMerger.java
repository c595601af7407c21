package dev.jprofdata.merge;

import dev.jprofdata.format.raw.NameTableCache;
import dev.jprofdata.merge.groups.BinaryGroups;
import dev.jprofdata.merge.state.MergeState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * Merges some of a merge's inputs into a {@link PartialMerge}, on whatever machine holds them
 * (spec/spark.md). Each input keeps its index in the whole merge, which fixes every order-dependent
 * choice, so parts merged anywhere and combined in any grouping finish to the bytes
 * {@link ProfileMerger} writes for all the inputs at once. The inputs of a part are read with the
 * same code as a single-machine merge (probe, accept, binary groups, loader).
 *
 * <p>Which inputs are refused for their profile kind depends on the kinds of all inputs before
 * them, which a part cannot see: the caller names the refused ones ({@code incompatible}, none at
 * first), and the combined parts say whether that was right ({@link PartialMerge#kindConflicts});
 * if not, the parts are merged again with the set they give, which is then final.
 */
public final class PartialMerger {
    private final MergeOptions options;
    private final int inputCount;

    /** A merger of parts of a merge of {@code inputCount} inputs. */
    public PartialMerger(MergeOptions options, int inputCount) {
        if (options.valueMerge() != ValueMerge.EXACT) {
            throw new IllegalArgumentException("merges in parts need the exact value merge (LLVM's applies records"
                    + " in input order)");
        }
        this.options = options;
        this.inputCount = inputCount;
    }

    /**
     * Merges {@code inputs}, whose indices in the whole merge are {@code indices} (ascending, one
     * per input), refusing those in {@code incompatible} as of a kind that cannot be merged.
     */
    public PartialMerge merge(List<MergeInput> inputs, int[] indices, Set<Integer> incompatible) throws IOException {
        return merge(inputs, indices, incompatible, false);
    }

    /**
     * As {@link #merge(List, int[], Set)}; {@code setDeviceApart}: an input that turns out to hold
     * GPU device records is not merged but named by {@link PartialMerge#setApart} (as the host part
     * of {@link ProfileMerger#mergeSplit} sets such inputs apart).
     */
    public PartialMerge merge(List<MergeInput> inputs, int[] indices, Set<Integer> incompatible,
            boolean setDeviceApart) throws IOException {
        if (inputs.size() != indices.length) {
            throw new IllegalArgumentException(inputs.size() + " inputs with " + indices.length + " indices");
        }
        MergeInput[] byIndex = new MergeInput[inputCount];
        List<Object> probed = new ArrayList<>(Collections.nCopies(inputCount, null));
        boolean[] conflicts = new boolean[inputCount];
        List<Integer> mine = new ArrayList<>(indices.length);
        for (int k = 0; k < indices.length; k++) {
            int index = indices[k];
            if (index < 0 || index >= inputCount || (k > 0 && index <= indices[k - 1])) {
                throw new IllegalArgumentException("input indices must ascend within 0.." + (inputCount - 1)
                        + ": " + Arrays.toString(indices));
            }
            byIndex[index] = inputs.get(k);
            probed.set(index, ProfileMerger.probeKind(inputs.get(k)));
            conflicts[index] = incompatible.contains(index);
            mine.add(index);
        }
        List<MergeInput> all = Arrays.asList(byIndex);
        InputOutcomes outcomes = new InputOutcomes(inputCount);
        List<Integer> accepted = ProfileMerger.accept(all, mine, probed, conflicts, outcomes);
        MergeState state = new MergeState(options.valueMerge(), false);
        NameTableCache names = new NameTableCache();
        InputLoader loader = new InputLoader(options, 1, names, setDeviceApart, false);
        BinaryGroups groups = ProfileMerger.loadSlice(loader, new BinaryGroups.Probes(names, false), all, accepted,
                state, outcomes, MergeListener.NONE);
        if (groups != null) {
            ProfileMerger.emitGroups(loader, groups, all, state, outcomes, MergeListener.NONE);
        }
        return new PartialMerge(state, outcomes);
    }
}
