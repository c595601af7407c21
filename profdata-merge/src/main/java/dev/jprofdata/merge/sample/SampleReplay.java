package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.MergeStatus;
import dev.jprofdata.merge.MergeStateFormatException;
import dev.jprofdata.merge.state.StateBytesIn;
import dev.jprofdata.merge.state.StateBytesOut;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * The second step of a merge in parts, for the functions whose contributions could not simply be
 * added ({@link SamplePartialMerge#conflicts()}): every input's contributions to those functions
 * are taken out where the input is read ({@link SamplePartialMerger#contributions}, as bytes) and
 * merged again, input by input in input order, exactly as the one-machine merge merges them. Only
 * those functions travel, so a merge whose inputs agree never takes this step, and one where a few
 * functions' checksums changed between builds moves only those.
 */
public final class SampleReplay {
    /** "JPSR", then the encoding's version. */
    static final long MAGIC = 0x5253504AL;
    static final int VERSION = 1;
    private static final int STATUSES = MergeStatus.values().length;

    private SampleReplay() {
    }

    /**
     * The functions merged again, by key, and the problems their merge met, by input index (in the
     * order llvm-profdata reports them).
     */
    public record Result(Map<Long, FunctionSamples> profiles, Map<Integer, List<FunctionProblem>> problems) {
    }

    /** One input's contributions to the functions merged again ({@code readable} false: it could not be read). */
    record InputContributions(int index, boolean readable, List<SampleMergeState.Contribution> kept) {
    }

    /** The bytes of some inputs' contributions: the names they use, then input by input. */
    static byte[] write(List<InputContributions> inputs) {
        List<FunctionSamples> all = new ArrayList<>();
        for (InputContributions in : inputs) {
            for (SampleMergeState.Contribution c : in.kept()) {
                all.add(c.samples());
            }
        }
        SampleStateCodec.NameTable names = SampleStateCodec.NameTable.of(all);
        StateBytesOut out = new StateBytesOut();
        out.word(MAGIC);
        out.number(VERSION);
        names.write(out);
        out.number(inputs.size());
        for (InputContributions in : inputs) {
            out.number(in.index());
            out.flag(in.readable());
            if (!in.readable()) {
                continue;
            }
            out.number(in.kept().size());
            for (SampleMergeState.Contribution c : in.kept()) {
                out.word(c.key());
                out.number(c.remapStatus().ordinal());
                SampleStateCodec.node(out, c.samples(), names);
            }
        }
        return out.toByteArray();
    }

    /**
     * Merges the functions {@code keys} again from {@code extracts} (the bytes of
     * {@link SamplePartialMerger#contributions}, together covering every input once), each input
     * times its weight, in input order.
     *
     * @param names each input's name as problems report it
     * @param failed the inputs that could not be read when the parts were merged
     * @throws MergeStateFormatException damaged bytes, or inputs that read differently than they did
     *     for the parts (changed while the merge ran)
     */
    public static Result replay(SampleMergeOptions options, SortedSet<Long> keys, List<byte[]> extracts,
            List<String> names, long[] weights, Set<Integer> failed) throws MergeStateFormatException {
        int n = names.size();
        TreeMap<Integer, List<SampleMergeState.Contribution>> byInput = new TreeMap<>();
        for (int e = 0; e < extracts.size(); e++) {
            read(extracts.get(e), "contributions " + e, n, keys, failed, byInput);
        }
        if (byInput.size() != n) {
            throw new MergeStateFormatException("the contributions", 0,
                    "they cover " + byInput.size() + " of " + n + " inputs");
        }
        SampleMergeState state = new SampleMergeState(options);
        TreeMap<Integer, List<FunctionProblem>> problems = new TreeMap<>();
        for (Map.Entry<Integer, List<SampleMergeState.Contribution>> e : byInput.entrySet()) {
            int i = e.getKey();
            List<FunctionProblem> found = new ArrayList<>();
            for (SampleMergeState.Contribution c : e.getValue()) {
                state.merge(c, weights[i], names.get(i), found);
            }
            if (!found.isEmpty()) {
                problems.put(i, found);
            }
        }
        TreeMap<Long, FunctionSamples> profiles = new TreeMap<>();
        for (long k : keys) {
            FunctionSamples f = state.profiles().get(k);
            if (f == null) {
                throw new MergeStateFormatException("the contributions", 0,
                        "no input contributes to function key " + Long.toUnsignedString(k));
            }
            profiles.put(k, f);
        }
        return new Result(Collections.unmodifiableMap(profiles), Collections.unmodifiableMap(problems));
    }

    private static void read(byte[] bytes, String source, int inputCount, Set<Long> keys, Set<Integer> failed,
            TreeMap<Integer, List<SampleMergeState.Contribution>> byInput) throws MergeStateFormatException {
        StateBytesIn in = new StateBytesIn(bytes, source);
        if (in.word() != MAGIC) {
            throw in.problem(0, "not the contributions of a sample-profile merge");
        }
        int at = in.offset();
        int version = in.small(Integer.MAX_VALUE, "the version");
        if (version != VERSION) {
            throw in.problem(at, "version " + version + " of the encoding; this build reads " + VERSION);
        }
        SampleStateCodec.NameTable names = SampleStateCodec.NameTable.read(in);
        int inputs = in.length(2, "the input count");
        for (int i = 0; i < inputs; i++) {
            at = in.offset();
            int index = in.small(inputCount - 1, "an input index");
            boolean readable = in.flag();
            if (readable == failed.contains(index)) {
                throw in.problem(at, "input " + index + (readable ? " was read now but failed before"
                        : " failed now but was read before") + " (it changed while the merge ran)");
            }
            List<SampleMergeState.Contribution> kept = new ArrayList<>();
            if (readable) {
                int m = in.length(20, "a contribution count");
                for (int c = 0; c < m; c++) {
                    int keyAt = in.offset();
                    long key = in.word();
                    if (!keys.contains(key)) {
                        throw in.problem(keyAt, "a contribution to function key " + Long.toUnsignedString(key)
                                + ", which is not merged again");
                    }
                    MergeStatus status = MergeStatus.values()[in.small(STATUSES - 1, "a merge status")];
                    kept.add(new SampleMergeState.Contribution(key, SampleStateCodec.node(in, names), status, 0));
                }
            }
            if (byInput.put(index, kept) != null) {
                throw in.problem(at, "input " + index + " appears twice");
            }
        }
        if (!in.atEnd()) {
            throw in.problem(in.offset(), "bytes after the last input");
        }
    }
}
