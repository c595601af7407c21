package dev.jprofdata.format.sample;

import java.util.List;

/**
 * Which profile a top-level {@link FunctionSamples} is: a plain function, or (CSSPGO) a calling
 * context from the outermost caller to the leaf function the samples belong to.
 *
 * <p>Equality covers every frame including the leaf frame's location, which LLVM keeps but never
 * prints, so two different contexts can print the same. Order (LLVM's {@code operator<}): plain
 * contexts by function; contexts frame by frame (function, then location); a prefix sorts first.
 */
public final class SampleContext implements Comparable<SampleContext> {
    private final FunctionId function;
    private final List<ContextFrame> frames;
    private int hashCode;
    // LLVM's map key of this context (LlvmMapOrder.mapKey), computed on first use: a merge needs
    // it for every profile of every input, and hashing a calling context walks all its frames.
    private long mapKey;
    private volatile boolean mapKeyKnown;

    private SampleContext(FunctionId function, List<ContextFrame> frames) {
        this.function = function;
        this.frames = frames;
    }

    /** The context of a plain (not context-sensitive) profile. */
    public static SampleContext of(FunctionId function) {
        return new SampleContext(function, null);
    }

    /** A calling context, outermost caller first; at least one frame. */
    public static SampleContext ofFrames(List<ContextFrame> frames) {
        if (frames.isEmpty()) {
            throw new IllegalArgumentException("a calling context has at least one frame");
        }
        List<ContextFrame> copy = List.copyOf(frames);
        return new SampleContext(copy.get(copy.size() - 1).function(), copy);
    }

    public boolean isContextSensitive() {
        return frames != null;
    }

    /** The function the samples belong to (the leaf frame's function). */
    public FunctionId function() {
        return function;
    }

    /** The frames outermost first; a plain context is one frame at location 0. */
    public List<ContextFrame> frames() {
        return frames != null ? frames : List.of(new ContextFrame(function, LineLocation.ZERO));
    }

    /**
     * The context cut to its last {@code depth} frames, still a calling context (depth 1 gives the
     * leaf alone, LLVM's base profile {@code [leaf]}); a plain context, or one no deeper than
     * {@code depth}, is returned as it is.
     */
    public SampleContext lastFrames(int depth) {
        if (frames == null || depth >= frames.size()) {
            return this;
        }
        return new SampleContext(function, List.copyOf(frames.subList(frames.size() - depth, frames.size())));
    }

    /**
     * LLVM's string form: frames joined by {@code " @ "}, each caller frame as
     * {@code function:location}, the leaf as its function only. A plain context is its name.
     */
    @Override
    public String toString() {
        if (frames == null) {
            return function.name();
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < frames.size(); i++) {
            ContextFrame f = frames.get(i);
            if (i > 0) {
                sb.append(" @ ");
            }
            sb.append(f.function().name());
            if (i < frames.size() - 1) {
                sb.append(':').append(f.callsite());
            }
        }
        return sb.toString();
    }

    @Override
    public int compareTo(SampleContext o) {
        if (frames == null && o.frames == null) {
            return function.compareTo(o.function);
        }
        List<ContextFrame> a = frames();
        List<ContextFrame> b = o.frames();
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /** {@link LlvmMapOrder#mapKey} of this context, computed once. */
    long mapKey() {
        if (!mapKeyKnown) {
            mapKey = LlvmMapOrder.computeMapKey(this);
            mapKeyKnown = true;
        }
        return mapKey;
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof SampleContext o)) {
            return false;
        }
        if (frames == null || o.frames == null) {
            return frames == o.frames && function.equals(o.function);
        }
        return frames.equals(o.frames);
    }

    @Override
    public int hashCode() {
        int h = hashCode;
        if (h == 0) {
            // A calling context hashes as LLVM's map key, which mixes every frame well: the list's
            // own hash of its frames collided often enough to make map lookups a fifth of a merge.
            long k = frames == null ? 0 : mapKey();
            h = frames == null ? function.hashCode() : (int) (k ^ (k >>> 32)) * 31 + 1;
            hashCode = h;
        }
        return h;
    }
}
