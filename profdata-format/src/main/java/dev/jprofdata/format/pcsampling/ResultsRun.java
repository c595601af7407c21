package dev.jprofdata.format.pcsampling;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one {@code rocprofiler-sdk-tool} element of a results JSON (one process) says besides its
 * samples: the process id, the agents, the instruction and comment tables that samples index,
 * the code objects, kernel symbols and dispatches. All of it is small next to the samples (one
 * entry per distinct PC, kernel or dispatch), so it is kept.
 */
public final class ResultsRun {
    private long pid = -1;
    private final List<String> agents = new ArrayList<>();
    private int maxWavesPerCu = -1;
    private final List<String> instructions = new ArrayList<>();
    private final List<String> comments = new ArrayList<>();
    private final Map<Long, CodeObject> codeObjects = new HashMap<>();
    private final Map<Long, KernelSymbol> kernels = new HashMap<>();
    private final Map<Long, KernelDispatch> dispatches = new HashMap<>();
    private long hostTrapSamples;
    private long stochasticSamples;

    /** The process id from {@code metadata.pid}, or -1. */
    public long pid() {
        return pid;
    }

    /** The GPU agents' names ({@code gfx942}, {@code gfx950}); CPU agents are left out. */
    public List<String> agents() {
        return Collections.unmodifiableList(agents);
    }

    /** The largest {@code max_waves_per_cu} of the GPU agents, or -1 when none says. */
    public int maxWavesPerCu() {
        return maxWavesPerCu;
    }

    /** The instruction text of {@code instIndex}, or null when the index is -1 or out of the table. */
    public String instruction(long instIndex) {
        return instIndex >= 0 && instIndex < instructions.size() ? instructions.get((int) instIndex) : null;
    }

    /** The source comment of {@code instIndex}, or null. */
    public String comment(long instIndex) {
        return instIndex >= 0 && instIndex < comments.size() ? comments.get((int) instIndex) : null;
    }

    /** The number of entries of {@code strings.pc_sample_instructions}. */
    public int instructionCount() {
        return instructions.size();
    }

    public Map<Long, CodeObject> codeObjects() {
        return Collections.unmodifiableMap(codeObjects);
    }

    /** Kernel symbols by {@code kernel_id}. */
    public Map<Long, KernelSymbol> kernels() {
        return Collections.unmodifiableMap(kernels);
    }

    /** Dispatches by {@code dispatch_id} ({@code buffer_records.kernel_dispatch}; empty without --kernel-trace). */
    public Map<Long, KernelDispatch> dispatches() {
        return Collections.unmodifiableMap(dispatches);
    }

    public long hostTrapSamples() {
        return hostTrapSamples;
    }

    public long stochasticSamples() {
        return stochasticSamples;
    }

    void pid(long value) {
        pid = value;
    }

    void addAgent(String name, int maxWaves) {
        if (name != null && name.startsWith("gfx")) {
            agents.add(name);
            maxWavesPerCu = Math.max(maxWavesPerCu, maxWaves);
        }
    }

    void addInstruction(String text) {
        instructions.add(text);
    }

    void addComment(String text) {
        comments.add(text);
    }

    void addCodeObject(CodeObject c) {
        codeObjects.put(c.codeObjectId(), c);
    }

    void addKernel(KernelSymbol k) {
        kernels.put(k.kernelId(), k);
    }

    void addDispatch(KernelDispatch d) {
        dispatches.put(d.dispatchId(), d);
    }

    void counted(SamplingMethod method) {
        if (method == SamplingMethod.HOST_TRAP) {
            hostTrapSamples++;
        } else {
            stochasticSamples++;
        }
    }
}
