package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.MergeStatus;
import dev.jprofdata.merge.MergeStateFormatException;
import dev.jprofdata.merge.state.StateBytesIn;
import dev.jprofdata.merge.state.StateBytesOut;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * The second step of a merge in parts, for the functions whose contributions could not simply be
 * added ({@link SamplePartialMerge#conflicts()}). It has three pieces, each working on bytes so that
 * they can run on different machines:
 *
 * <ol>
 *   <li>where the inputs are read, each input's contributions to those functions are taken out,
 *       one chunk of bytes per function ({@link SamplePartialMerger#contributions});</li>
 *   <li>for each function, anywhere, its chunks are merged input by input in input order, exactly
 *       as the one-machine merge merges them, which also gives its problem lines
 *       ({@link #replay});</li>
 *   <li>the driver gathers the merged functions and their problems ({@link #collect}).</li>
 * </ol>
 *
 * <p>A function's merge touches only that function, so the functions can be merged apart. Only
 * contributions to those functions travel: a merge whose inputs agree never takes this step, and
 * one where a few functions' checksums changed between builds moves only those.
 */
public final class SampleReplay {
    /** "JPSC": one function's contributions from some inputs. */
    private static final long CHUNK_MAGIC = 0x4353504AL;
    /** "JPSF": one function merged again, with its problems. */
    private static final long MERGED_MAGIC = 0x4653504AL;
    private static final int VERSION = 1;
    private static final int STATUSES = MergeStatus.values().length;

    private SampleReplay() {
    }

    /**
     * The functions merged again, by key, and the problems their merge met, by input index (in the
     * order llvm-profdata reports them).
     */
    public record Result(Map<Long, FunctionSamples> profiles, Map<Integer, List<FunctionProblem>> problems) {
    }

    /** A contribution of input {@code input}, the {@code position}-th profile it merges. */
    record Placed(int input, int position, MergeStatus status, FunctionSamples samples) {
    }

    /** The bytes of one function's contributions (all of one key). */
    static byte[] chunk(List<Placed> placed) {
        SampleStateCodec.NameTable names = SampleStateCodec.NameTable.of(placed.stream().map(Placed::samples).toList());
        StateBytesOut out = new StateBytesOut();
        out.word(CHUNK_MAGIC);
        out.number(VERSION);
        names.write(out);
        out.number(placed.size());
        for (Placed p : placed) {
            out.number(p.input());
            out.number(p.position());
            out.number(p.status().ordinal());
            SampleStateCodec.node(out, p.samples(), names);
        }
        return out.toByteArray();
    }

    /**
     * Merges function {@code key} again from its chunks (from {@link SamplePartialMerger#contributions},
     * in any order, together covering every input that contributes to it): every contribution
     * times its input's weight, in input order. The result, as bytes, is one of
     * {@link #collect}'s inputs.
     *
     * @param weights every input's weight, by index
     * @throws MergeStateFormatException damaged chunks, or a contribution given twice
     */
    public static byte[] replay(SampleMergeOptions options, long key, Iterable<byte[]> chunks, long[] weights)
            throws MergeStateFormatException {
        List<Placed> all = new ArrayList<>();
        int c = 0;
        for (byte[] chunk : chunks) {
            read(chunk, "contributions " + c++ + " of function " + Long.toUnsignedString(key), weights.length, all);
        }
        all.sort(Comparator.comparingInt(Placed::input).thenComparingInt(Placed::position));
        for (int i = 1; i < all.size(); i++) {
            if (all.get(i).input() == all.get(i - 1).input() && all.get(i).position() == all.get(i - 1).position()) {
                throw new MergeStateFormatException("the contributions of function " + Long.toUnsignedString(key), 0,
                        "input " + all.get(i).input() + " gives its contribution " + all.get(i).position() + " twice");
            }
        }
        SampleMergeState state = new SampleMergeState(options);
        record Met(Placed at, FunctionProblem problem) {
        }
        List<Met> met = new ArrayList<>();
        List<FunctionProblem> found = new ArrayList<>(1);
        for (Placed p : all) {
            // The file name is the driver's to fill in; the merge only needs a placeholder.
            state.merge(new SampleMergeState.Contribution(key, p.samples(), p.status(), 0), weights[p.input()], "",
                    found);
            for (FunctionProblem f : found) {
                met.add(new Met(p, f));
            }
            found.clear();
        }
        FunctionSamples merged = state.profiles().get(key);
        if (merged == null) {
            throw new MergeStateFormatException("the contributions of function " + Long.toUnsignedString(key), 0,
                    "no input contributes to it");
        }
        SampleStateCodec.NameTable names = SampleStateCodec.NameTable.of(List.of(merged));
        StateBytesOut out = new StateBytesOut();
        out.word(MERGED_MAGIC);
        out.number(VERSION);
        out.word(key);
        names.write(out);
        SampleStateCodec.node(out, merged, names);
        out.number(met.size());
        for (Met m : met) {
            out.number(m.at().input());
            out.number(m.at().position());
            out.text(m.problem().context());
            out.number(m.problem().status().ordinal());
            out.number(m.problem().droppedCount());
        }
        return out.toByteArray();
    }

    /**
     * Gathers the functions merged again ({@link #replay}'s bytes, one per key of {@code keys}, in
     * any order) into what {@link SamplePartialMerge#finish} takes.
     *
     * @param inputNames every input's name as problems report it, by index
     * @throws MergeStateFormatException damaged bytes, a key missing or given twice
     */
    public static Result collect(SortedSet<Long> keys, Iterable<byte[]> merged, List<String> inputNames)
            throws MergeStateFormatException {
        TreeMap<Long, FunctionSamples> profiles = new TreeMap<>();
        record Ordered(int position, FunctionProblem problem) {
        }
        TreeMap<Integer, List<Ordered>> byInput = new TreeMap<>();
        int m = 0;
        for (byte[] bytes : merged) {
            StateBytesIn in = new StateBytesIn(bytes, "merged function " + m++);
            header(in, MERGED_MAGIC, "not a function of a sample-profile merge merged again");
            int keyAt = in.offset();
            long key = in.word();
            if (!keys.contains(key)) {
                throw in.problem(keyAt, "function key " + Long.toUnsignedString(key) + " is not merged again");
            }
            SampleStateCodec.NameTable names = SampleStateCodec.NameTable.read(in);
            FunctionSamples samples = SampleStateCodec.node(in, names);
            if (profiles.put(key, samples) != null) {
                throw in.problem(keyAt, "function key " + Long.toUnsignedString(key) + " appears twice");
            }
            int problems = in.length(5, "a problem count");
            for (int i = 0; i < problems; i++) {
                int input = in.small(inputNames.size() - 1, "an input index");
                int position = in.small(Integer.MAX_VALUE, "a position");
                String context = in.text("a context");
                MergeStatus status = MergeStatus.values()[in.small(STATUSES - 1, "a merge status")];
                long dropped = in.number();
                byInput.computeIfAbsent(input, k -> new ArrayList<>()).add(new Ordered(position,
                        new FunctionProblem(inputNames.get(input), context, status, dropped)));
            }
            if (!in.atEnd()) {
                throw in.problem(in.offset(), "bytes after the last problem");
            }
        }
        if (!profiles.keySet().equals(keys)) {
            throw new MergeStateFormatException("the functions merged again", 0,
                    profiles.size() + " of " + keys.size() + " functions came back");
        }
        TreeMap<Integer, List<FunctionProblem>> problems = new TreeMap<>();
        byInput.forEach((input, list) -> {
            list.sort(Comparator.comparingInt(Ordered::position));
            problems.put(input, list.stream().map(Ordered::problem).toList());
        });
        return new Result(Collections.unmodifiableMap(profiles), Collections.unmodifiableMap(problems));
    }

    /**
     * The whole second step on one machine: {@code chunks} are the maps of
     * {@link SamplePartialMerger#contributions} from every part.
     */
    public static Result replayAll(SampleMergeOptions options, SortedSet<Long> keys,
            List<Map<Long, byte[]>> chunks, List<String> inputNames, long[] weights) throws MergeStateFormatException {
        List<byte[]> merged = new ArrayList<>();
        for (long key : keys) {
            List<byte[]> mine = new ArrayList<>();
            for (Map<Long, byte[]> part : chunks) {
                byte[] c = part.get(key);
                if (c != null) {
                    mine.add(c);
                }
            }
            merged.add(replay(options, key, mine, weights));
        }
        return collect(keys, merged, inputNames);
    }

    private static void read(byte[] bytes, String source, int inputCount, List<Placed> into)
            throws MergeStateFormatException {
        StateBytesIn in = new StateBytesIn(bytes, source);
        header(in, CHUNK_MAGIC, "not the contributions of a sample-profile merge");
        SampleStateCodec.NameTable names = SampleStateCodec.NameTable.read(in);
        int n = in.length(12, "a contribution count");
        for (int i = 0; i < n; i++) {
            int input = in.small(inputCount - 1, "an input index");
            int position = in.small(Integer.MAX_VALUE, "a position");
            MergeStatus status = MergeStatus.values()[in.small(STATUSES - 1, "a merge status")];
            into.add(new Placed(input, position, status, SampleStateCodec.node(in, names)));
        }
        if (!in.atEnd()) {
            throw in.problem(in.offset(), "bytes after the last contribution");
        }
    }

    private static void header(StateBytesIn in, long magic, String wrong) throws MergeStateFormatException {
        if (in.word() != magic) {
            throw in.problem(0, wrong);
        }
        int at = in.offset();
        int version = in.small(Integer.MAX_VALUE, "the version");
        if (version != VERSION) {
            throw in.problem(at, "version " + version + " of the encoding; this build reads " + VERSION);
        }
    }
}
