package dev.jprofdata.format.pcsampling;

import dev.jprofdata.format.dwarf.CodeObjectSymbolizer;
import dev.jprofdata.format.elf.CodeObjectException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Source stacks from the DWARF of the code objects themselves ({@link CodeObjectSymbolizer}):
 * function names, columns and whole inline stacks, which rocprofv3's comments lack. A sample's
 * {@code code_object_offset} is the address it is symbolized at (rocprofv3 gives the ELF virtual
 * address: its offset from the code object's load base, spec/code-objects.md). Samples of a code
 * object it has no symbolizer for, addresses no compile unit covers, and every sample of a code
 * object whose debug information turns out to be damaged take {@code fallback}'s frames (the
 * comments) instead; the damage is kept in {@link #problems()} for the report to tell.
 */
public final class CodeObjectSourceLocator implements SourceLocator {
    private final Map<Long, CodeObjectSymbolizer> symbolizers;
    private final SourceLocator fallback;
    /** The frames found per code object and address: an instruction is asked for once per kernel. */
    private final Map<Long, Map<Long, List<SourceFrame>>> found = new HashMap<>();
    private final Map<Long, String> problems = new TreeMap<>();

    /** {@code symbolizers} by code object id; {@code fallback} for every sample they cannot place. */
    public CodeObjectSourceLocator(Map<Long, CodeObjectSymbolizer> symbolizers, SourceLocator fallback) {
        this.symbolizers = Map.copyOf(symbolizers);
        this.fallback = fallback;
    }

    @Override
    public List<SourceFrame> frames(CodeLocation location) {
        CodeObjectSymbolizer symbolizer = symbolizers.get(location.codeObjectId());
        if (symbolizer == null || location.codeObjectOffset() < 0 || problems.containsKey(location.codeObjectId())) {
            return fallback.frames(location);
        }
        List<SourceFrame> frames = found.computeIfAbsent(location.codeObjectId(), id -> new HashMap<>())
                .computeIfAbsent(location.codeObjectOffset(), address -> symbolize(symbolizer, location));
        return frames.isEmpty() ? fallback.frames(location) : frames;
    }

    private List<SourceFrame> symbolize(CodeObjectSymbolizer symbolizer, CodeLocation location) {
        List<SourceFrame> frames = new ArrayList<>();
        try {
            for (dev.jprofdata.format.dwarf.SourceFrame f : symbolizer.symbolize(location.codeObjectOffset())) {
                frames.add(new SourceFrame(f.functionName(), f.file(), (int) f.line(), (int) f.column(),
                        f.discriminator(), (int) f.declLine()));
            }
        } catch (CodeObjectException e) {
            problems.put(location.codeObjectId(), e.getMessage());
            return List.of();
        }
        return List.copyOf(frames);
    }

    /** By code object id: why its debug information could not be used (its samples took the comments). */
    public Map<Long, String> problems() {
        return Map.copyOf(problems);
    }
}
