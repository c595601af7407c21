package dev.jprofdata.format.sample;

import dev.jprofdata.format.summary.ProfileSummary;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;

/**
 * A sample profile as a list of its top-level profiles: the context and total samples of each
 * known up front, its contents handed out when asked for. What {@code show} and {@code overlap}
 * need: they visit every function once or twice, each in an order of its own, and a profile held
 * whole as objects is 20-30 times its file size (2.4 GB for a 100 MB ext-binary file), most of
 * whose cost is the garbage collector copying it while it grows.
 *
 * <p>Two kinds, the same answers ({@code SampleProfileIndexTest} holds them to it):
 * {@link #of(SampleProfile)} holds a profile already read, and an ext-binary file opened with
 * {@link SampleProfileReaders#open} is checked through once and then decodes a function from
 * its bytes each time it is asked (see {@code spec/sample-readers.md}, "Reading on demand").
 * Slots are numbered in file order, the order in which LLVM's reader inserts the profiles into
 * its map; a context that appears twice in the file is one slot.
 */
public abstract class SampleProfileIndex {
    private Map<SampleContext, Integer> slots;

    public abstract SampleFormat format();

    public abstract SampleProfileFlags flags();

    /** The profile symbol list, or null when the file has none. */
    public abstract SortedSet<String> symbolList();

    /** The summary stored in the file, or null when the format stores none. */
    public abstract ProfileSummary storedSummary();

    /** How many top-level profiles there are. */
    public abstract int size();

    /** The context of slot {@code i}. */
    public abstract SampleContext context(int i);

    /** The total samples of slot {@code i}'s profile. */
    public abstract long totalSamples(int i);

    /**
     * The profile of slot {@code i}: decoded anew on each call, or the one held. Callers must not
     * change it.
     *
     * @throws IOException when the file changed under a mapped read since it was checked
     */
    public abstract FunctionSamples function(int i) throws IOException;

    /** The slot of {@code context}, or -1. */
    public int find(SampleContext context) {
        if (slots == null) {
            Map<SampleContext, Integer> m = new HashMap<>(size() * 2);
            for (int i = 0; i < size(); i++) {
                m.put(context(i), i);
            }
            slots = m;
        }
        Integer slot = slots.get(context);
        return slot == null ? -1 : slot;
    }

    /** The slots in the order LLVM writes and shows profiles ({@link SampleProfileOrder}). */
    public int[] writingOrder() {
        Integer[] order = new Integer[size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> SampleProfileOrder.compare(totalSamples(a), context(a),
                totalSamples(b), context(b)));
        return unbox(order);
    }

    /**
     * The slots in the order LLVM's profile map iterates them: its reader inserts the profiles in
     * file order into a map keyed by {@link LlvmMapOrder#mapKey}. LLVM's reports keep that order
     * where their sort leaves ties (the hot-function list, the rows of {@code overlap}).
     */
    public int[] mapOrder() {
        List<Integer> insertion = new ArrayList<>(size());
        for (int i = 0; i < size(); i++) {
            insertion.add(i);
        }
        return unbox(LlvmMapOrder.iterationOrder(insertion, i -> LlvmMapOrder.mapKey(context(i)))
                .toArray(new Integer[0]));
    }

    private static int[] unbox(Integer[] boxed) {
        int[] out = new int[boxed.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = boxed[i];
        }
        return out;
    }

    /** An index over {@code profile}, holding it. */
    public static SampleProfileIndex of(SampleProfile profile) {
        return new Held(profile);
    }

    /** The index of a profile already in memory. */
    private static final class Held extends SampleProfileIndex {
        private final SampleProfile profile;
        private final List<FunctionSamples> functions;

        Held(SampleProfile profile) {
            this.profile = profile;
            this.functions = new ArrayList<>(profile.profiles().values());
        }

        @Override
        public SampleFormat format() {
            return profile.format();
        }

        @Override
        public SampleProfileFlags flags() {
            return profile.flags();
        }

        @Override
        public SortedSet<String> symbolList() {
            return profile.symbolList();
        }

        @Override
        public ProfileSummary storedSummary() {
            return profile.storedSummary();
        }

        @Override
        public int size() {
            return functions.size();
        }

        @Override
        public SampleContext context(int i) {
            return functions.get(i).context();
        }

        @Override
        public long totalSamples(int i) {
            return functions.get(i).totalSamples();
        }

        @Override
        public FunctionSamples function(int i) {
            return functions.get(i);
        }

        @Override
        public int[] mapOrder() {
            List<FunctionSamples> known = profile.mapOrder();
            if (known == null) {
                return super.mapOrder();
            }
            // A merged profile knows its own order (profiles removed from its map change it).
            Map<FunctionSamples, Integer> slot = new java.util.IdentityHashMap<>();
            for (int i = 0; i < functions.size(); i++) {
                slot.put(functions.get(i), i);
            }
            int[] out = new int[known.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = slot.get(known.get(i));
            }
            return out;
        }
    }
}
