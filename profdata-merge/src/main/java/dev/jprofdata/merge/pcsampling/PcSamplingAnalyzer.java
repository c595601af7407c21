package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.ArbiterPipe;
import dev.jprofdata.format.pcsampling.CodeLocation;
import dev.jprofdata.format.pcsampling.KernelDispatch;
import dev.jprofdata.format.pcsampling.KernelSymbol;
import dev.jprofdata.format.pcsampling.KernelTraceReader;
import dev.jprofdata.format.pcsampling.PcSample;
import dev.jprofdata.format.pcsampling.PcSamplingCsvReader;
import dev.jprofdata.format.pcsampling.PcSamplingFileKind;
import dev.jprofdata.format.pcsampling.ResultsRun;
import dev.jprofdata.format.pcsampling.RocprofResultsReader;
import dev.jprofdata.format.pcsampling.SamplingMethod;
import dev.jprofdata.format.pcsampling.SourceFrame;
import dev.jprofdata.format.util.LongIndex;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads the PC-sampling files of one run (any number of samples CSVs, kernel-trace CSVs and results
 * JSONs, one process each or more) and aggregates their samples per kernel, dispatch, instruction
 * and source line ({@link PcSamplingReport}).
 *
 * <p>Samples are streamed: what is kept is one {@link SampleTally} per dispatch and per
 * (dispatch, instruction) pair, so memory grows with the program and the number of dispatches,
 * never with the number of samples. Kernels are named through ids: a sample's dispatch id, that
 * dispatch's kernel id (the results JSON's {@code kernel_dispatch} records, or the kernel trace),
 * that kernel's symbol; never through the position of anything in a file. A results-JSON dispatch
 * without a record is named from its PCs ({@link KernelRanges}) when they all lie in one kernel.
 * A kernel trace
 * is used only if every sampled dispatch id of its samples file is in it with the same correlation
 * id; otherwise the report says why it was not used and the kernels stay unknown.
 */
public final class PcSamplingAnalyzer {
    static final String UNKNOWN_KERNEL = "(unknown kernel)";
    static final String UNDECODABLE = "(undecodable: unknown code object)";
    static final String SKID_NOTE = "host-trap samples: counts only (no issue, stall, arbiter or occupancy data);"
            + " a sampled PC can be up to about two instructions after the instruction that was executing (skid),"
            + " so credit a hot instruction's neighbours too";
    static final String CSV_NOTE = "the CSV carries neither PCs nor the arbiter state: IPC, pipe latency,"
            + " oversubscription and backpressure need the results JSON (--output-format json)";
    /** A name that can be an ELF symbol as it stands (a kernel trace's extern "C" kernel). */
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_.$][A-Za-z0-9_.$]*");

    private final PcSamplingOptions options;
    private final List<Process> processes = new ArrayList<>();
    private final Map<DispatchKey, DispatchAggregate> dispatches = new HashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final InvariantChecks checks = new InvariantChecks();
    private final WavePipes.Memo pipes;
    private final CodeObjectLocators locators;
    private SamplingMethod method;
    private String methodSource;
    private long lateInstructions;
    /** The dispatch of the sample before, and its aggregate. */
    private DispatchAggregate lastAggregate;
    private int lastProcess = -1;
    private long lastDispatchId;

    private PcSamplingAnalyzer(PcSamplingOptions options) throws IOException {
        this.options = options;
        this.pipes = new WavePipes.Memo(options.mfmaF64OnValu());
        this.locators = new CodeObjectLocators(options, warnings, notes);
    }

    /** Reads and analyses {@code inputs} (one run) as {@code options} say. */
    public static PcSamplingReport analyze(List<PcSamplingInput> inputs, PcSamplingOptions options) throws IOException {
        PcSamplingAnalyzer a = new PcSamplingAnalyzer(options);
        a.readAll(inputs);
        return a.report();
    }

    /** A process of the run: a samples CSV or one tool element of a results JSON. */
    private static final class Process {
        String name;
        final ResultsRun run;
        List<KernelDispatch> trace;
        String traceName;
        /** Kernel names by dispatch id, once the join is decided. */
        final Map<Long, String> kernelOfDispatch = new HashMap<>();
        /** The kernels' ELF symbols by kernel name, where a kernel symbol record named them. */
        final Map<String, String> symbolOfKernel = new HashMap<>();

        Process(String name, ResultsRun run) {
            this.name = name;
            this.run = run;
        }
    }

    // The map keys below spell out equals and hashCode: a record's own are made on first use
    // through invokedynamic (ObjectMethods), which costs a few milliseconds of start-up each. The
    // hash is the record's own formula (31 * previous + each component's hash, from 0), so maps
    // keep the order they had.

    private record DispatchKey(int process, long dispatchId) {
        @Override
        public boolean equals(Object o) {
            return o instanceof DispatchKey k && k.process == process && k.dispatchId == dispatchId;
        }

        @Override
        public int hashCode() {
            return 31 * process + Long.hashCode(dispatchId);
        }
    }

    /** An instruction as the samples identify it; the JSON's text is looked up at the end. */
    private record RawInstruction(long codeObjectId, long offset, long instIndex, String instruction, String comment) {
        @Override
        public boolean equals(Object o) {
            return o instanceof RawInstruction r && r.codeObjectId == codeObjectId && r.offset == offset
                    && r.instIndex == instIndex && Objects.equals(r.instruction, instruction)
                    && Objects.equals(r.comment, comment);
        }

        @Override
        public int hashCode() {
            int h = Long.hashCode(codeObjectId);
            h = 31 * h + Long.hashCode(offset);
            h = 31 * h + Long.hashCode(instIndex);
            h = 31 * h + Objects.hashCode(instruction);
            return 31 * h + Objects.hashCode(comment);
        }
    }

    private static final class DispatchAggregate {
        final SampleTally tally = new SampleTally(true);
        final Timeline timeline = new Timeline();
        final Map<RawInstruction, SampleTally> instructions = new HashMap<>();
        /**
         * The instructions known by PC, found from their three numbers without building a key
         * per sample (a 1 GB results JSON holds about 800,000 samples of a few hundred PCs).
         */
        private final LongIndex byPc = new LongIndex(64);
        private final List<RawInstruction> pcKeys = new ArrayList<>();
        private final List<SampleTally> pcTallies = new ArrayList<>();

        /** The tally of the instruction at {@code offset} of code object {@code codeObjectId} with {@code instIndex}. */
        SampleTally tallyAt(long codeObjectId, long offset, long instIndex) {
            long mixed = (offset * 0x9E37_79B9_7F4A_7C15L) ^ (instIndex * 0xC2B2_AE3D_27D4_EB4FL) ^ (codeObjectId << 40);
            int slot = byPc.get(mixed);
            if (slot >= 0) {
                RawInstruction r = pcKeys.get(slot);
                if (r.codeObjectId() == codeObjectId && r.offset() == offset && r.instIndex() == instIndex) {
                    return pcTallies.get(slot);
                }
            }
            RawInstruction key = new RawInstruction(codeObjectId, offset, instIndex, null, null);
            SampleTally t = instructions.computeIfAbsent(key, k -> new SampleTally(false));
            if (slot < 0) {
                // (Two PCs whose numbers mix alike: the second is looked up in the map every time.)
                byPc.put(mixed, pcKeys.size());
                pcKeys.add(key);
                pcTallies.add(t);
            }
            return t;
        }
        long correlationId = -1;
        boolean correlationsDiffer;
        long undecodable;
        long firstTimestamp = Long.MAX_VALUE;
        long lastTimestamp = Long.MIN_VALUE;
    }

    // --- reading -------------------------------------------------------------------------------

    private void readAll(List<PcSamplingInput> inputs) throws IOException {
        List<PcSamplingInput> csvs = new ArrayList<>();
        List<PcSamplingInput> traceInputs = new ArrayList<>();
        List<PcSamplingInput> jsons = new ArrayList<>();
        for (PcSamplingInput in : inputs) {
            switch (PcSamplingFileKind.of(in.path(), in.name())) {
                case SAMPLES_CSV -> csvs.add(in);
                case KERNEL_TRACE_CSV -> traceInputs.add(in);
                case RESULTS_JSON -> jsons.add(in);
            }
        }
        List<List<KernelDispatch>> traces = new ArrayList<>();
        for (PcSamplingInput t : traceInputs) {
            traces.add(KernelTraceReader.read(t.path(), t.name()));
        }
        int[] pairs = KernelTracePairing.pair(csvs, traceInputs);
        for (int i : KernelTracePairing.unused(pairs, traceInputs.size())) {
            warnings.add(traceInputs.get(i).name() + ": no samples CSV of the same directory and name prefix;"
                    + " the kernel trace was not used");
        }
        for (int i = 0; i < csvs.size(); i++) {
            PcSamplingInput in = csvs.get(i);
            Process p = new Process(in.name(), null);
            if (pairs[i] >= 0) {
                p.trace = traces.get(pairs[i]);
                p.traceName = traceInputs.get(pairs[i]).name();
            }
            processes.add(p);
            int index = processes.size() - 1;
            PcSamplingCsvReader.Summary summary = PcSamplingCsvReader.read(in.path(), in.name(),
                    s -> accept(index, p, s, in.name()));
            if (!summary.lastLineHadLineEnd() && summary.samples() > 0) {
                warnings.add(in.name() + ": the last line (" + summary.lines() + ") has no line end; if the file"
                        + " was cut short, its last sample may be incomplete");
            }
            if (summary.samples() > 0 && summary.method() == SamplingMethod.STOCHASTIC) {
                addNote(CSV_NOTE);
            }
        }
        for (PcSamplingInput in : jsons) {
            int first = processes.size();
            // A run (process) is announced before its members, so its instruction table is there
            // for the samples that follow it (rocprofv3 writes the strings before the samples).
            List<ResultsRun> runs = RocprofResultsReader.read(in.path(), in.name(),
                    s -> accept(first + s.run(), processes.get(first + s.run()), s, in.name()),
                    run -> processes.add(new Process(in.name(), run)));
            for (int r = 0; r < runs.size(); r++) {
                ResultsRun run = runs.get(r);
                if (run.pid() >= 0) {
                    processes.get(first + r).name = in.name() + " (pid " + run.pid() + ")";
                } else if (runs.size() > 1) {
                    processes.get(first + r).name = in.name() + " (process " + (r + 1) + ")";
                }
            }
        }
        if (lateInstructions > 0) {
            warnings.add(lateInstructions + " stalled samples have no instruction text (their inst_index was not in"
                    + " strings.pc_sample_instructions when they were read), so their pipe is unknown: they are left"
                    + " out of the oversubscription and backpressure counts");
        }
    }

    private void addNote(String note) {
        if (!notes.contains(note)) {
            notes.add(note);
        }
    }

    /** Where a sample of {@code file} is, for messages: its CSV line or its JSON byte offset. */
    static String where(String file, PcSample s) {
        return file + (s.codeObjectId() < 0 ? " line " : " byte ") + s.position();
    }

    /** Counts one sample of process {@code index}, read from {@code file}. */
    private void accept(int index, Process p, PcSample s, String file) throws PcSamplingInputException {
        if (method == null) {
            method = s.method();
            methodSource = where(file, s);
            if (method == SamplingMethod.HOST_TRAP) {
                addNote(SKID_NOTE);
            }
        } else if (s.method() != method) {
            throw new PcSamplingInputException("the inputs mix " + words(method) + " samples (" + methodSource + ") and "
                    + words(s.method()) + " samples (" + where(file, s) + "): analyse each method separately");
        }
        ResultsRun run = p.run;
        String instruction = s.instruction();
        String comment = s.comment();
        if (instruction == null && run != null) {
            instruction = run.instruction(s.instIndex());
            comment = run.comment(s.instIndex());
        }
        if (instruction == null && s.stalled() && s.hasArbiterState() && s.instIndex() >= 0) {
            lateInstructions++;
        }
        ArbiterPipe pipe = pipes.of(s, instruction);
        checks.check(s, instruction, file, run != null && run.maxWavesPerCu() > 0 ? run.maxWavesPerCu() : 32);
        // Samples come in runs of one dispatch: the last one's aggregate is looked up without a key.
        DispatchAggregate agg = lastAggregate;
        if (agg == null || lastProcess != index || lastDispatchId != s.dispatchId()) {
            agg = dispatches.computeIfAbsent(new DispatchKey(index, s.dispatchId()), k -> new DispatchAggregate());
            lastAggregate = agg;
            lastProcess = index;
            lastDispatchId = s.dispatchId();
        }
        // The dispatch's counts are its instructions' summed at the end (report); only its names and
        // occupancy histogram are counted here.
        agg.tally.addNamesAndOccupancy(s);
        agg.timeline.add(s.timestamp(), s.waveCount());
        agg.firstTimestamp = Math.min(agg.firstTimestamp, s.timestamp());
        agg.lastTimestamp = Math.max(agg.lastTimestamp, s.timestamp());
        if (isUndecodable(s)) {
            agg.undecodable++;
        }
        if (agg.correlationId < 0) {
            agg.correlationId = s.correlationId();
        } else if (agg.correlationId != s.correlationId()) {
            agg.correlationsDiffer = true;
        }
        SampleTally tally = run != null || s.instruction() == null
                ? agg.tallyAt(s.codeObjectId(), s.codeObjectOffset(), s.instIndex())
                : agg.instructions.computeIfAbsent(new RawInstruction(-1, -1, -1, instruction, comment),
                        k -> new SampleTally(false));
        tally.add(s, pipe);
    }

    private static boolean isUndecodable(PcSample s) {
        return s.codeObjectId() == 0 || (s.comment() != null && s.comment().startsWith("Unrecognized code object"));
    }

    private static String words(SamplingMethod m) {
        return m == SamplingMethod.HOST_TRAP ? "host-trap" : "stochastic";
    }

    // --- joining -------------------------------------------------------------------------------

    /** Decides every process's dispatch-to-kernel map. */
    private void join() {
        for (int i = 0; i < processes.size(); i++) {
            Process p = processes.get(i);
            if (p.run != null) {
                joinResults(i, p);
            } else if (p.trace != null) {
                joinTrace(i, p);
            }
        }
    }

    private List<DispatchKey> keysOf(int process) {
        List<DispatchKey> keys = new ArrayList<>();
        for (DispatchKey k : dispatches.keySet()) {
            if (k.process() == process) {
                keys.add(k);
            }
        }
        keys.sort(Comparator.comparingLong(DispatchKey::dispatchId));
        return keys;
    }

    private void joinResults(int index, Process p) {
        List<DispatchKey> keys = keysOf(index);
        if (keys.isEmpty()) {
            return;
        }
        KernelRanges ranges = new KernelRanges(p.run);
        long missing = 0;
        long inferred = 0;
        for (DispatchKey k : keys) {
            if (k.dispatchId() == 0) {
                continue;
            }
            KernelDispatch d = p.run.dispatches().get(k.dispatchId());
            if (d != null) {
                KernelSymbol sym = p.run.kernels().get(d.kernelId());
                if (sym != null) {
                    name(p, k.dispatchId(), sym);
                } else {
                    p.kernelOfDispatch.put(k.dispatchId(), "(kernel id " + d.kernelId() + ", no kernel symbol)");
                }
                continue;
            }
            KernelSymbol byPc = kernelByPc(dispatches.get(k), ranges);
            if (byPc != null) {
                name(p, k.dispatchId(), byPc);
                inferred++;
            } else {
                missing++;
            }
        }
        String why = p.run.dispatches().isEmpty() ? "no kernel_dispatch records (rocprofv3 --kernel-trace was not"
                + " given)" : "sampled dispatch ids without a kernel_dispatch record";
        if (inferred > 0) {
            warnings.add(p.name + ": " + why + ": the kernels of " + inferred + " dispatches were found from the"
                    + " kernels' entry offsets, every sample of each lying after one kernel's entry");
        }
        if (missing > 0) {
            warnings.add(p.name + ": " + why + ": the kernels of " + missing + " dispatches are unknown");
        }
    }

    private static void name(Process p, long dispatchId, KernelSymbol sym) {
        p.kernelOfDispatch.put(dispatchId, sym.displayName());
        if (!sym.symbolName().isEmpty()) {
            p.symbolOfKernel.putIfAbsent(sym.displayName(), sym.symbolName());
        }
    }

    /**
     * The one kernel every sample of a dispatch lies in by PC, or null when a sample lies in none
     * or the samples point to different kernels (a called device function, or bad data).
     */
    private static KernelSymbol kernelByPc(DispatchAggregate agg, KernelRanges ranges) {
        if (ranges.isEmpty()) {
            return null;
        }
        KernelSymbol kernel = null;
        for (RawInstruction r : agg.instructions.keySet()) {
            KernelSymbol k = ranges.kernelAt(r.codeObjectId(), r.offset());
            if (k == null || kernel != null && !kernel.equals(k)) {
                return null;
            }
            kernel = k;
        }
        return kernel;
    }

    private void joinTrace(int index, Process p) {
        Map<Long, KernelDispatch> trace = new HashMap<>();
        for (KernelDispatch d : p.trace) {
            trace.put(d.dispatchId(), d);
        }
        List<Long> absent = new ArrayList<>();
        List<Long> otherCorrelation = new ArrayList<>();
        List<Long> otherTime = new ArrayList<>();
        String timeExample = null;
        long sampled = 0;
        for (DispatchKey k : keysOf(index)) {
            if (k.dispatchId() == 0) {
                continue;
            }
            sampled++;
            KernelDispatch d = trace.get(k.dispatchId());
            DispatchAggregate agg = dispatches.get(k);
            if (d == null) {
                absent.add(k.dispatchId());
            } else if (d.correlationId() >= 0 && agg.correlationId > 0
                    && (d.correlationId() != agg.correlationId || agg.correlationsDiffer)) {
                otherCorrelation.add(k.dispatchId());
            } else if (!duringDispatch(agg, d)) {
                otherTime.add(k.dispatchId());
                if (timeExample == null) {
                    timeExample = "dispatch " + k.dispatchId() + " sampled at " + Long.toUnsignedString(agg.firstTimestamp)
                            + ".." + Long.toUnsignedString(agg.lastTimestamp) + ", traced at "
                            + Long.toUnsignedString(d.startTimestamp()) + ".." + Long.toUnsignedString(d.endTimestamp());
                }
            }
        }
        if (sampled == 0) {
            return;
        }
        if (absent.isEmpty() && otherCorrelation.isEmpty() && otherTime.isEmpty()) {
            for (KernelDispatch d : p.trace) {
                p.kernelOfDispatch.put(d.dispatchId(), d.kernelName());
            }
            return;
        }
        StringBuilder w = new StringBuilder(p.traceName + ": not the kernel trace of " + p.name + ": ");
        if (!absent.isEmpty()) {
            w.append(absent.size()).append(" of its ").append(sampled).append(" sampled dispatch ids are not in it (")
                    .append(examples(absent)).append(')');
        }
        if (!otherCorrelation.isEmpty()) {
            w.append(absent.isEmpty() ? "" : ", and ").append(otherCorrelation.size())
                    .append(" dispatches have another correlation id (").append(examples(otherCorrelation)).append(')');
        }
        if (!otherTime.isEmpty()) {
            w.append(absent.isEmpty() && otherCorrelation.isEmpty() ? "" : ", and ").append(otherTime.size())
                    .append(" dispatches were sampled outside the time the trace gives them (").append(timeExample)
                    .append(')');
        }
        w.append("; it was not used, so the kernels are unknown");
        warnings.add(w.toString());
    }

    /**
     * Whether a dispatch's samples could have been taken while the trace's dispatch ran: their time
     * span meets the dispatch's, widened on each side by the dispatch's length or 10 ms, whichever
     * is longer (samples are stamped when taken, in the trace's clock, but may reach the buffer
     * late). Dispatch ids and correlation ids restart at 1 in every run, so a trace of another run
     * of the same program often matches both; its times do not. A trace without times passes.
     */
    private static boolean duringDispatch(DispatchAggregate agg, KernelDispatch d) {
        if (d.startTimestamp() < 0 || d.endTimestamp() < 0 || agg.firstTimestamp == Long.MAX_VALUE) {
            return true;
        }
        long slack = Math.max(d.endTimestamp() - d.startTimestamp(), 10_000_000L);
        return agg.lastTimestamp >= d.startTimestamp() - slack && agg.firstTimestamp <= d.endTimestamp() + slack;
    }

    private static String examples(List<Long> ids) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(3, ids.size()); i++) {
            sb.append(i == 0 ? "" : ", ").append(ids.get(i));
        }
        return sb.append(ids.size() > 3 ? ", ..." : "").toString();
    }

    // --- the report ----------------------------------------------------------------------------

    private String kernelName(DispatchKey k) {
        DispatchAggregate agg = dispatches.get(k);
        if (k.dispatchId() == 0 || agg.undecodable == agg.tally.samples()) {
            return UNDECODABLE;
        }
        String name = processes.get(k.process()).kernelOfDispatch.get(k.dispatchId());
        return name == null ? UNKNOWN_KERNEL : name;
    }

    private PcSamplingReport report() {
        for (DispatchAggregate agg : dispatches.values()) {
            for (SampleTally t : agg.instructions.values()) {
                agg.tally.addCounts(t);
            }
        }
        join();
        Map<String, List<DispatchKey>> byKernel = new TreeMap<>();
        long dropped = 0;
        long undecodable = 0;
        SampleTally total = new SampleTally(true);
        for (DispatchKey k : dispatches.keySet()) {
            String name = kernelName(k);
            DispatchAggregate agg = dispatches.get(k);
            boolean keep = (options.dispatches().isEmpty() || options.dispatches().contains(k.dispatchId()))
                    && (options.kernel() == null || name.contains(options.kernel()) && !name.equals(UNKNOWN_KERNEL)
                            && !name.equals(UNDECODABLE));
            if (!keep) {
                dropped += agg.tally.samples();
                continue;
            }
            undecodable += agg.undecodable;
            total.addAll(agg.tally);
            byKernel.computeIfAbsent(name, n -> new ArrayList<>()).add(k);
        }
        List<KernelSummary> kernels = new ArrayList<>();
        for (Map.Entry<String, List<DispatchKey>> e : byKernel.entrySet()) {
            kernels.add(kernel(e.getKey(), e.getValue()));
        }
        kernels.sort(Comparator.comparingLong((KernelSummary k) -> -k.tally().samples())
                .thenComparing(KernelSummary::name));
        LineRange range = options.lineRange();
        if (range != null && range.function() != null && kernels.stream().noneMatch(k -> k.lineRange() != null)) {
            warnings.add("no kept kernel is named like '" + range.function() + "' and no sample's frame in "
                    + range + " names that function: the line range is empty");
        }
        if (method == SamplingMethod.STOCHASTIC && total.arbiterSamples() == 0 && notes.isEmpty()) {
            addNote(CSV_NOTE);
        }
        for (Process p : processes) {
            locators.reportProblems(p.name, p.run);
        }
        return new PcSamplingReport(method == null ? SamplingMethod.STOCHASTIC : method, total.arbiterSamples() > 0,
                total, kernels, undecodable, dropped, checks.counts(), checks.firstExamples(), warnings, notes);
    }

    /** An instruction of a kernel after the join: the same text and place in every dispatch. */
    private record Instruction(long offset, String instruction, String comment, long codeObjectId) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Instruction i && i.offset == offset && Objects.equals(i.instruction, instruction)
                    && Objects.equals(i.comment, comment) && i.codeObjectId == codeObjectId;
        }

        @Override
        public int hashCode() {
            int h = Long.hashCode(offset);
            h = 31 * h + Objects.hashCode(instruction);
            h = 31 * h + Objects.hashCode(comment);
            return 31 * h + Long.hashCode(codeObjectId);
        }
    }

    private KernelSummary kernel(String name, List<DispatchKey> keys) {
        keys.sort(Comparator.comparingInt(DispatchKey::process).thenComparingLong(DispatchKey::dispatchId));
        SampleTally tally = new SampleTally(true);
        List<DispatchSummary> dispatchList = new ArrayList<>();
        Map<Instruction, SampleTally> instructions = new LinkedHashMap<>();
        // The process an instruction was first seen in, whose code objects place it.
        Map<Instruction, Process> firstSeenIn = new HashMap<>();
        for (DispatchKey k : keys) {
            DispatchAggregate agg = dispatches.get(k);
            tally.addAll(agg.tally);
            dispatchList.add(new DispatchSummary(processes.get(k.process()).name, k.dispatchId(), agg.tally,
                    agg.timeline));
            ResultsRun run = processes.get(k.process()).run;
            for (Map.Entry<RawInstruction, SampleTally> e : agg.instructions.entrySet()) {
                RawInstruction r = e.getKey();
                Instruction i = run == null ? new Instruction(r.offset(), nonNull(r.instruction()), nonNull(r.comment()), -1)
                        : new Instruction(r.offset(), nonNull(run.instruction(r.instIndex())),
                                nonNull(run.comment(r.instIndex())), r.codeObjectId());
                instructions.computeIfAbsent(i, x -> new SampleTally(false)).addAll(e.getValue());
                firstSeenIn.putIfAbsent(i, processes.get(k.process()));
            }
        }
        List<InstructionSummary> list = new ArrayList<>();
        for (Map.Entry<Instruction, SampleTally> e : instructions.entrySet()) {
            Instruction i = e.getKey();
            Process p = firstSeenIn.get(i);
            List<SourceFrame> frames = locators.forRun(p.run, p.name).frames(
                    new CodeLocation(i.codeObjectId(), i.offset(), i.instruction(), i.comment()));
            list.add(new InstructionSummary(i.offset(), i.instruction(), frames, e.getValue()));
        }
        list.sort(Comparator.comparingLong((InstructionSummary s) -> -s.tally().samples())
                .thenComparingLong(InstructionSummary::codeObjectOffset).thenComparing(InstructionSummary::instruction)
                .thenComparing(InstructionSummary::leafLine));
        Map<String, SampleTally> lineTallies = new TreeMap<>();
        Map<String, Integer> lineInstructions = new HashMap<>();
        for (InstructionSummary s : list) {
            lineTallies.computeIfAbsent(s.leafLine(), x -> new SampleTally(false)).addAll(s.tally());
            lineInstructions.merge(s.leafLine(), 1, Integer::sum);
        }
        List<LineSummary> lines = new ArrayList<>();
        lineTallies.forEach((line, t) -> lines.add(new LineSummary(line, lineInstructions.get(line), t)));
        lines.sort(Comparator.comparingLong((LineSummary l) -> -l.tally().samples()).thenComparing(LineSummary::fileLine));
        boolean known = !name.equals(UNKNOWN_KERNEL) && !name.equals(UNDECODABLE);
        return new KernelSummary(name, known, tally, dispatchList, list, lines, inlinedCalls(list),
                lineRange(name, known, tally, list), known ? symbol(name, keys) : null);
    }

    /**
     * The ELF symbol of kernel {@code name}: from the kernel symbol records of the first of its
     * processes that has them, else the name itself when it is a plain identifier (a kernel trace
     * names an {@code extern "C"} kernel by its symbol, a C++ kernel only demangled), else null.
     */
    private String symbol(String name, List<DispatchKey> keys) {
        for (DispatchKey k : keys) {
            String s = processes.get(k.process()).symbolOfKernel.get(name);
            if (s != null) {
                return s;
            }
        }
        return IDENTIFIER.matcher(name).matches() ? name : null;
    }

    /** The kernel's inlined calls ({@link InlinedCallSummary}), most samples first. */
    private static List<InlinedCallSummary> inlinedCalls(List<InstructionSummary> instructions) {
        Map<List<String>, SampleTally> tallies = new HashMap<>();
        Map<List<String>, Integer> counts = new HashMap<>();
        for (InstructionSummary s : instructions) {
            Set<List<String>> seen = new HashSet<>();
            List<SourceFrame> frames = s.frames();
            for (int d = 0; d + 1 < frames.size(); d++) {
                List<String> key = Arrays.asList(frames.get(d).function(), frames.get(d + 1).fileLine());
                if (seen.add(key)) {
                    tallies.computeIfAbsent(key, x -> new SampleTally(false)).addAll(s.tally());
                    counts.merge(key, 1, Integer::sum);
                }
            }
        }
        List<InlinedCallSummary> calls = new ArrayList<>();
        tallies.forEach((key, t) -> calls.add(new InlinedCallSummary(key.get(0), key.get(1), counts.get(key), t)));
        calls.sort(Comparator.comparingLong((InlinedCallSummary c) -> -c.tally().samples())
                .thenComparing(c -> c.function() == null ? "" : c.function()).thenComparing(InlinedCallSummary::callSite));
        return calls;
    }

    private LineRangeSummary lineRange(String name, boolean known, SampleTally kernel, List<InstructionSummary> list) {
        LineRange range = options.lineRange();
        if (range == null) {
            return null;
        }
        SampleTally in = new SampleTally(true);
        for (InstructionSummary s : list) {
            if (range.contains(s.frames(), known ? name : null)) {
                in.addAll(s.tally());
            }
        }
        boolean named = range.function() == null || known && name.contains(range.function());
        if (!named && in.samples() == 0) {
            return null;
        }
        return new LineRangeSummary(range, in, kernel);
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}
