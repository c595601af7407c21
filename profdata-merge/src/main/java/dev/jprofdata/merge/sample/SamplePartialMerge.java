package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.MergeStatus;
import dev.jprofdata.format.sample.Saturating;
import dev.jprofdata.merge.DataLoss;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.InputFailure;
import dev.jprofdata.merge.MergeStateFormatException;
import dev.jprofdata.merge.NoProfileMergedException;
import dev.jprofdata.merge.state.StateBytesIn;
import dev.jprofdata.merge.state.StateBytesOut;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The sample-profile merge of some of a merge's inputs ({@link SamplePartialMerger}), by index in the
 * whole merge: the merged profiles, what happened to each input, and the functions whose
 * contributions cannot simply be added ({@link SummableProfiles}). Parts combine in any grouping and
 * any order ({@link #combine}); once every input is covered, {@link #finish} gives what
 * {@link SampleMerger#merge} gives for all the inputs, after the functions named by
 * {@link #conflicts()} have been merged again input by input ({@link SampleReplay}). Parts travel
 * between machines as bytes ({@link #encode}, {@link #decode}; spec/spark.md).
 *
 * <p>The merge of all inputs on one machine is the same class with one part: its functions are
 * merged in input order, so nothing needs merging again, and its problems are kept as they come.
 */
public final class SamplePartialMerge {
    /** "JPSP", then the encoding's version. */
    private static final long MAGIC = 0x5053504AL;
    private static final int VERSION = 1;

    private final SampleMergeState state;
    private final int inputCount;
    private final TreeMap<Integer, InputFailure> failures = new TreeMap<>();
    /** Problems as met, by input: only in the one-part merge (a part's come from the replay). */
    private final TreeMap<Integer, List<FunctionProblem>> problems = new TreeMap<>();
    private int covered;
    private int recordless;
    private Stop stop;
    private boolean flagsApplied;
    private SampleMergeState.FlagStop flagStop;

    SamplePartialMerge(SampleMergeState state, int inputCount) {
        this.state = state;
        this.inputCount = inputCount;
    }

    /**
     * The first input of a part whose failure stops the whole merge (under
     * {@code --failure-mode=any}, and a malformed text line always): the merge stops at the first
     * such input in input order, unless the flags stopped it earlier.
     */
    record Stop(int input, String file, String reason, long offset) {
        SampleInputException exception() {
            return new SampleInputException(file, reason, offset, null);
        }
    }

    /** How many inputs the whole merge has. */
    public int inputCount() {
        return inputCount;
    }

    /** How many of them this part covers. */
    public int coveredCount() {
        return covered;
    }

    /** The inputs of this part that failed, by index. */
    public Map<Integer, InputFailure> failures() {
        return java.util.Collections.unmodifiableMap(failures);
    }

    /** The keys of the functions that must be merged again input by input before {@link #finish}. */
    public SortedSet<Long> conflicts() {
        return state.isPart() ? java.util.Collections.unmodifiableSortedSet(state.conflicts()) : new TreeSet<>();
    }

    /** Folds {@code other} (of the same merge, covering other inputs) into this part; {@code other} is used up. */
    public SamplePartialMerge combine(SamplePartialMerge other) {
        if (other.inputCount != inputCount || !state.isPart() || !other.state.isPart()) {
            throw new IllegalArgumentException("parts of different merges");
        }
        state.absorb(other.state);
        failures.putAll(other.failures);
        covered += other.covered;
        recordless += other.recordless;
        if (other.stop != null && (stop == null || other.stop.input < stop.input)) {
            stop = other.stop;
        }
        return this;
    }

    void covered(int inputs) {
        covered += inputs;
    }

    void failed(int index, InputFailure failure) {
        failures.put(index, failure);
    }

    void stopped(Stop s) {
        if (stop == null || s.input < stop.input) {
            stop = s;
        }
    }

    void recordless() {
        recordless++;
    }

    void problems(int index, List<FunctionProblem> found) {
        if (!state.isPart() && !found.isEmpty()) {
            problems.computeIfAbsent(index, i -> new ArrayList<>()).addAll(found);
        }
    }

    SampleMergeState state() {
        return state;
    }

    /**
     * Throws what stops the whole merge, if anything does: the first input, in input order, whose
     * failure stops it or whose flags cannot be merged with those before it. Meaningful once every
     * input is covered; call it before merging conflicts again.
     *
     * @throws SampleInputException an input's failure stops the merge
     * @throws SampleMergeException the inputs' flags cannot be merged together
     */
    public void checkStops() {
        if (!flagsApplied) {
            flagsApplied = true;
            flagStop = state.isPart() ? state.applyHistory() : null;
        }
        if (stop != null && (flagStop == null || stop.input < flagStop.input())) {
            throw stop.exception();
        }
        if (flagStop != null) {
            throw flagStop.problem();
        }
    }

    /**
     * The merge of all inputs, as {@link SampleMerger#merge} returns it: trimmed, converted and
     * filtered as {@code options} say.
     *
     * @param replayed the functions of {@link #conflicts()} merged again input by input (null when
     *     there are none)
     * @throws SampleInputException an input's failure stops the merge
     * @throws SampleMergeException the inputs' flags cannot be merged together
     * @throws NoProfileMergedException {@code --failure-mode=all} and no input could be read
     */
    public SampleMergeResult finish(SampleMergeOptions options, SampleReplay.Result replayed)
            throws NoProfileMergedException {
        if (covered != inputCount) {
            throw new IllegalStateException("the parts cover " + covered + " of " + inputCount + " inputs");
        }
        checkStops();
        if (options.failureMode() == FailureMode.ALL && inputCount > 0 && failures.size() == inputCount) {
            throw new NoProfileMergedException(new ArrayList<>(failures.values()), List.of());
        }
        TreeMap<Integer, List<FunctionProblem>> byInput = problems;
        if (state.isPart()) {
            byInput = new TreeMap<>();
            SortedSet<Long> conflicts = state.conflicts();
            if (!conflicts.isEmpty()) {
                if (replayed == null || !replayed.profiles().keySet().equals(conflicts)) {
                    throw new IllegalStateException("the conflicting functions were not merged again");
                }
                for (Map.Entry<Long, FunctionSamples> e : replayed.profiles().entrySet()) {
                    state.replace(e.getKey(), e.getValue());
                }
                byInput.putAll(replayed.problems());
            }
            state.orderByFirstSeen();
        }
        state.addSymbols(options.extraSymbols());
        SampleMerger.Finished finished = SampleMerger.finish(state, options);
        List<FunctionProblem> problemList = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        TreeSet<Integer> reported = new TreeSet<>(failures.keySet());
        reported.addAll(byInput.keySet());
        for (int i : reported) {
            InputFailure f = failures.get(i);
            if (f != null) {
                lines.add("warning: " + f.file() + ": " + f.describe());
            }
            for (FunctionProblem p : byInput.getOrDefault(i, List.of())) {
                problemList.add(p);
                lines.add(p.message());
            }
        }
        long droppedRecords = 0;
        long droppedCounts = 0;
        Saturating.Overflow ignored = new Saturating.Overflow();
        for (FunctionProblem p : problemList) {
            if (p.status() == MergeStatus.HASH_MISMATCH) {
                droppedRecords++;
                droppedCounts = Saturating.mulAdd(p.droppedCount(), 1, droppedCounts, ignored);
            }
        }
        DataLoss loss = new DataLoss(inputCount, failures.size(), 0, 0, recordless, state.recordsRead(),
                droppedRecords, state.countsRead(), droppedCounts, 0);
        return new SampleMergeResult(finished.profile(), problemList, new ArrayList<>(failures.values()),
                inputCount, finished.filtered(), finished.before(), finished.removed(), loss, lines);
    }

    /** This part as bytes (spec/spark.md, "Sample profiles"). */
    public byte[] encode() {
        if (!state.isPart()) {
            throw new IllegalStateException("only a part of a merge in parts is encoded");
        }
        StateBytesOut out = new StateBytesOut();
        out.word(MAGIC);
        out.number(VERSION);
        out.number(inputCount);
        out.number(covered);
        out.number(recordless);
        out.number(state.recordsRead());
        out.number(state.countsRead());
        out.number(failures.size());
        for (Map.Entry<Integer, InputFailure> e : failures.entrySet()) {
            out.number(e.getKey());
            out.text(e.getValue().file());
            out.text(e.getValue().reason());
            out.positionOrNone(e.getValue().offset());
        }
        out.flag(stop != null);
        if (stop != null) {
            out.number(stop.input);
            out.text(stop.file);
            out.text(stop.reason);
            out.positionOrNone(stop.offset);
        }
        FlagHistory history = state.history();
        out.number(history.size());
        for (int i = 0; i < history.size(); i++) {
            out.number(history.code(i));
            out.number(history.firstInput(i));
            out.number(history.length(i));
        }
        out.number(state.symbols().size());
        for (String s : state.symbols()) {
            out.text(s);
        }
        out.number(state.conflicts().size());
        for (long k : state.conflicts()) {
            out.word(k);
        }
        Map<Long, Long> firstSeen = state.firstSeen();
        SampleStateCodec.NameTable names = SampleStateCodec.NameTable.of(state.profiles().values());
        names.write(out);
        out.number(state.profiles().size());
        state.profiles().forEach((key, samples) -> {
            out.word(key);
            out.number(firstSeen.get(key));
            SampleStateCodec.node(out, samples, names);
        });
        return out.toByteArray();
    }

    /**
     * A part from its bytes, checked to be a part of a merge of {@code inputCount} inputs;
     * {@code source} names the bytes in errors.
     */
    public static SamplePartialMerge decode(byte[] bytes, String source, int inputCount,
            SampleMergeOptions options) throws MergeStateFormatException {
        StateBytesIn in = new StateBytesIn(bytes, source);
        if (in.word() != MAGIC) {
            throw in.problem(0, "not a partial sample-profile merge");
        }
        int at = in.offset();
        int version = in.small(Integer.MAX_VALUE, "the version");
        if (version != VERSION) {
            throw in.problem(at, "version " + version + " of the encoding; this build reads " + VERSION);
        }
        at = in.offset();
        int count = in.small(Integer.MAX_VALUE, "the input count");
        if (count != inputCount) {
            throw in.problem(at, "a part of a merge of " + count + " inputs, not " + inputCount);
        }
        SamplePartialMerge part = new SamplePartialMerge(SampleMergeState.forPart(options), inputCount);
        part.covered = in.small(inputCount, "the covered input count");
        part.recordless = in.small(inputCount, "the count of inputs without profiles");
        part.state.setRead(in.number(), in.number());
        int failed = in.length(4, "the failed input count");
        for (int i = 0; i < failed; i++) {
            int index = in.small(inputCount - 1, "a failed input's index");
            String file = in.text("a file name");
            String reason = in.text("a reason");
            part.failures.put(index, new InputFailure(file, reason, in.positionOrNone(), 0, true));
        }
        if (in.flag()) {
            int index = in.small(inputCount - 1, "the stopping input's index");
            String file = in.text("a file name");
            String reason = in.text("a reason");
            part.stop = new Stop(index, file, reason, in.positionOrNone());
        }
        int runs = in.length(3, "the flag history's length");
        for (int i = 0; i < runs; i++) {
            int runAt = in.offset();
            int code = in.small(Integer.MAX_VALUE, "a flag code");
            if (!FlagHistory.validCode(code)) {
                throw in.problem(runAt, "flag code " + code + " is not one this build writes");
            }
            int first = in.small(inputCount - 1, "an input index");
            int length = in.small(inputCount - first, "a run length");
            if (!part.state.history().addRun(code, first, length)) {
                throw in.problem(runAt, "flag runs out of order");
            }
        }
        int symbols = in.length(1, "the symbol count");
        for (int i = 0; i < symbols; i++) {
            part.state.symbols().add(in.text("a symbol"));
        }
        int conflicts = in.length(8, "the conflicting function count");
        for (int i = 0; i < conflicts; i++) {
            part.state.conflicts().add(in.word());
        }
        SampleStateCodec.NameTable names = SampleStateCodec.NameTable.read(in);
        int functions = in.length(18, "the function count");
        for (int i = 0; i < functions; i++) {
            int keyAt = in.offset();
            long key = in.word();
            long seen = in.number();
            FunctionSamples samples = SampleStateCodec.node(in, names);
            if (!part.state.insertDecoded(key, seen, samples)) {
                throw in.problem(keyAt, "function key " + Long.toUnsignedString(key) + " appears twice");
            }
        }
        if (!in.atEnd()) {
            throw in.problem(in.offset(), "bytes after the last function");
        }
        return part;
    }
}
