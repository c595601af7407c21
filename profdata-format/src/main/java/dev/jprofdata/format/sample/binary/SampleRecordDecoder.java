package dev.jprofdata.format.sample.binary;

import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleErrors;
import dev.jprofdata.format.sample.SampleProfileException;
import dev.jprofdata.format.sample.SampleRecord;
import dev.jprofdata.format.sample.Saturating;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Decodes the function records shared by the raw binary and ext-binary formats: head samples, the
 * profile's name (or context) index, then its body ({@link #readBody}), added into the profile map
 * (a record for a context already read adds to it).
 *
 * <p>Checks as LLVM's: a body record's line offset must fit 16 bits (inlinee locations are not
 * checked), counts of 32-bit fields must fit 32 bits, name indexes must lie inside the name table
 * ({@code Truncated function name table}). Discriminators are ANDed with the reader's mask (all
 * bits unless the profile is flow-sensitive). Inlinees nest at most {@link #MAX_DEPTH} deep: LLVM
 * recurses without a limit; here a deeper file is refused rather than overflowing the stack.
 */
public final class SampleRecordDecoder {
    /** Deepest inlinee nesting accepted (real profiles stay far below). */
    public static final int MAX_DEPTH = 1000;

    /** How a top-level record names its profile. */
    @FunctionalInterface
    public interface ContextTable {
        SampleContext context(SampleBytes in) throws SampleProfileException;
    }

    private final List<FunctionId> names;
    // The names as an array: read for every call target and inlinee.
    private final FunctionId[] nameArray;
    private final int mask;
    private final boolean vtables;
    private final Saturating.Overflow overflow = new Saturating.Overflow();

    public SampleRecordDecoder(List<FunctionId> names, int mask, boolean vtables) {
        this.names = names;
        this.nameArray = names.toArray(new FunctionId[0]);
        this.mask = mask;
        this.vtables = vtables;
    }

    /** A name-table index and its name. */
    public static FunctionId name(SampleBytes in, List<FunctionId> names) throws SampleProfileException {
        int at = in.position();
        long index = in.uleb();
        if (Long.compareUnsigned(index, names.size()) >= 0) {
            throw in.errorAt(at, SampleErrors.TRUNCATED_NAME_TABLE);
        }
        return names.get((int) index);
    }

    private FunctionId name(SampleBytes in) throws SampleProfileException {
        int at = in.position();
        long index = in.uleb();
        if (Long.compareUnsigned(index, nameArray.length) >= 0) {
            throw in.errorAt(at, SampleErrors.TRUNCATED_NAME_TABLE);
        }
        return nameArray[(int) index];
    }

    /** Reads one top-level function record at the cursor into {@code profiles}; returns its profile. */
    public FunctionSamples readFunction(SampleBytes in, ContextTable table, Map<SampleContext, FunctionSamples> profiles)
            throws SampleProfileException {
        long head = in.uleb();
        SampleContext context = table.context(in);
        FunctionSamples f = profiles.get(context);
        if (f == null) {
            f = new FunctionSamples(context);
            profiles.put(context, f);
        }
        f.addHeadSamples(head, 1, overflow);
        readBody(in, f, 0);
        return f;
    }

    /**
     * A profile's body: total, body records, inlinees (recursively), the vtable block when present.
     * With {@code f} null the body is checked and skipped, building nothing: the same checks in the
     * same order, so a file that passes a skip reads without error.
     */
    public void readBody(SampleBytes in, FunctionSamples f, int depth) throws SampleProfileException {
        if (depth > MAX_DEPTH) {
            throw in.error(SampleErrors.MALFORMED);
        }
        long total = in.uleb();
        if (f != null) {
            f.addTotalSamples(total, 1, overflow);
        }
        long records = in.uleb32();
        // Room for the counts read, but never more than the bytes left could hold (a record takes
        // at least 4 bytes, a call target 2, an inlinee 6): a damaged count allocates nothing.
        if (f != null) {
            f.reserve((int) Math.min(records, in.remaining() / 4), 0);
        }
        for (long i = 0; i < records; i++) {
            int at = in.position();
            long line = in.uleb();
            if ((line & 0xFFFF) != line) {
                throw in.errorAt(at, SampleErrors.ILLEGAL_LINE_OFFSET);
            }
            long disc = in.uleb();
            long samples = in.uleb();
            long calls = in.uleb32();
            SampleRecord r = null;
            if (f != null) {
                r = f.bodyRecord((int) line, (int) disc & mask);
                r.reserve((int) Math.min(calls, in.remaining() / 2));
            }
            for (long j = 0; j < calls; j++) {
                FunctionId target = name(in);
                long count = in.uleb();
                if (r != null) {
                    r.addTarget(target, count, 1, overflow);
                }
            }
            if (r != null) {
                r.addSamples(samples, 1, overflow);
            }
        }
        long callsites = in.uleb32();
        if (f != null) {
            f.reserve(0, (int) Math.min(callsites, in.remaining() / 6));
        }
        for (long i = 0; i < callsites; i++) {
            long line = in.uleb();
            long disc = in.uleb();
            FunctionId callee = name(in);
            FunctionSamples c = f == null ? null : f.inlinee((int) line, (int) disc & mask, callee);
            readBody(in, c, depth + 1);
        }
        if (vtables) {
            readVtables(in, f);
        }
    }

    /**
     * Checks and skips one top-level function record at the cursor, building nothing.
     *
     * @return its context and its total samples (what a full read adds to the profile's total)
     */
    public SkippedFunction skipFunction(SampleBytes in, ContextTable table) throws SampleProfileException {
        in.uleb();
        SampleContext context = table.context(in);
        int totalAt = in.position();
        long total = in.uleb();
        in.position(totalAt);
        readBody(in, null, 0);
        return new SkippedFunction(context, total);
    }

    /** What {@link #skipFunction} learns of a record: its context and total samples. */
    public record SkippedFunction(SampleContext context, long totalSamples) {
    }

    private void readVtables(SampleBytes in, FunctionSamples f) throws SampleProfileException {
        long locations = in.uleb32();
        for (long i = 0; i < locations; i++) {
            int at = in.position();
            long line = in.uleb();
            if ((line & 0xFFFF) != line) {
                throw in.errorAt(at, SampleErrors.ILLEGAL_LINE_OFFSET);
            }
            LineLocation loc = new LineLocation((int) line, (int) in.uleb() & mask);
            long types = in.uleb32();
            for (long j = 0; j < types; j++) {
                FunctionId type = name(in);
                long count = in.uleb();
                if (f == null) {
                    continue;
                }
                // LLVM keeps the first count of a type met twice at one location (with a warning).
                TreeMap<FunctionId, Long> existing = f.vtables().get(loc);
                if (existing == null || !existing.containsKey(type)) {
                    f.addVtableCount(loc, type, count, 1, overflow);
                }
            }
        }
    }
}
