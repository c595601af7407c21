package dev.jprofdata.format.sample.extbinary;

import static dev.jprofdata.format.sample.SampleLayout.FLAG_COMPRESSED;
import static dev.jprofdata.format.sample.SampleLayout.FLAG_FLAT;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.sample.ContextFrame;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleLayout;
import dev.jprofdata.format.sample.SampleProfileFlags;
import dev.jprofdata.format.sample.SampleProfileOrder;
import dev.jprofdata.format.sample.SampleSummaries;
import dev.jprofdata.format.sample.SampleWriteOptions;
import dev.jprofdata.format.sample.binary.FunctionRecordEncoder;
import dev.jprofdata.format.sample.binary.SampleBinaryOutput;
import dev.jprofdata.format.sample.binary.SampleNameTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * Writes the extensible binary sample-profile format ({@code --extbinary}) byte for byte as
 * llvm-profdata 22 does.
 *
 * <p>The file is the magic and version, a section table (reserved first, filled in last) and the
 * section payloads. The table lists the sections in the order readers must process them; the
 * payloads are written in another order, because the function offset table can only be written
 * after the profiles it points into. Every section of the layout is present, empty ones with size
 * 0. See {@link ExtBinaryLayout} for both orders of the default and the split layout.
 *
 * <p>The profiles are passed in the iteration order of LLVM's profile map
 * ({@code LlvmMapOrder}): only the FunctionMetadata section uses it; everything else is sorted.
 */
public final class ExtBinaryWriter {
    private final SampleProfileFlags flags;
    private final SortedSet<String> symbols;
    private final SampleWriteOptions options;
    private final ExtBinaryLayout layout;
    private final long[] sectionFlags;
    private List<FunctionSamples> mapOrder;
    private SampleBinaryOutput out;
    private SampleNameTable names;
    private Map<SampleContext, Integer> contextIndices = Map.of();
    /** Whether the context table section has numbered the contexts in context order (this round). */
    private boolean contextsNumbered;
    private LinkedHashMap<SampleContext, Long> functionOffsets = new LinkedHashMap<>();

    /**
     * A writer for profiles with {@code flags} and the symbol list {@code symbols} (null for none).
     * Like LLVM's, one writer used for several rounds (the size-limit loop) keeps the section
     * flags set by earlier rounds: a {@code uniq} name table flag stays even when the name that
     * caused it has been dropped.
     */
    public ExtBinaryWriter(SampleProfileFlags flags, SortedSet<String> symbols, SampleWriteOptions options) {
        this.flags = flags;
        this.symbols = symbols;
        this.options = options;
        this.layout = options.splitLayout() ? ExtBinaryLayout.SPLIT : ExtBinaryLayout.DEFAULT;
        this.sectionFlags = new long[layout.size()];
        initialFlags();
    }

    /**
     * The bytes of an ext-binary profile, written in one round.
     *
     * @param mapOrder the top-level profiles in LLVM's map iteration order
     * @param flags    the profile's flags (context-sensitive, probe-based, pre-inlined, FS)
     * @param symbols  the profile symbol list to store, or null
     */
    public static byte[] write(List<FunctionSamples> mapOrder, SampleProfileFlags flags, SortedSet<String> symbols,
            SampleWriteOptions options) {
        return new ExtBinaryWriter(flags, symbols, options).write(mapOrder);
    }

    /** The bytes of an ext-binary profile of {@code mapOrder} (LLVM's map iteration order). */
    public byte[] write(List<FunctionSamples> mapOrder) {
        this.mapOrder = mapOrder;
        this.out = new SampleBinaryOutput();
        this.contextIndices = Map.of();
        this.contextsNumbered = false;
        this.functionOffsets = new LinkedHashMap<>();
        out.uleb(SampleLayout.MAGIC_EXTBINARY);
        out.uleb(SampleLayout.VERSION);
        out.u64(layout.size());
        int tableAt = out.size();
        for (int i = 0; i < layout.size() * 4; i++) {
            out.u64(-1L);
        }
        long[][] entries = new long[layout.size()][];
        for (int slot : layout.writeOrder()) {
            int start = out.size();
            if ((sectionFlags[slot] & FLAG_COMPRESSED) != 0) {
                SampleBinaryOutput plain = new SampleBinaryOutput();
                payload(slot, plain);
                if (plain.size() > 0) {
                    byte[] payload = plain.toByteArray();
                    byte[] z = ExtBinaryCompression.deflate(payload);
                    out.uleb(payload.length);
                    out.uleb(z.length);
                    out.bytes(z);
                }
            } else {
                // Uncompressed payloads go straight into the file buffer.
                payload(slot, out);
            }
            entries[slot] = new long[] {layout.type(slot), sectionFlags[slot], start, out.size() - start};
        }
        for (int slot = 0; slot < layout.size(); slot++) {
            for (int k = 0; k < 4; k++) {
                out.setU64(tableAt + (slot * 4 + k) * 8, entries[slot][k]);
            }
        }
        return out.toByteArray();
    }

    /** The flags known before any section is written. */
    private void initialFlags() {
        for (int slot = 0; slot < layout.size(); slot++) {
            long f = options.compressAllSections() ? FLAG_COMPRESSED : 0;
            if (layout.flat(slot)) {
                f |= FLAG_FLAT;
            }
            switch (layout.type(slot)) {
                case SampleLayout.SEC_PROFILE_SUMMARY -> {
                    f |= options.partialProfile() ? SampleLayout.SUMMARY_PARTIAL : 0;
                    f |= flags.contextSensitive() ? SampleLayout.SUMMARY_CONTEXT_SENSITIVE : 0;
                    f |= flags.preInlined() ? SampleLayout.SUMMARY_PRE_INLINED : 0;
                    f |= flags.flowSensitive() ? SampleLayout.SUMMARY_FS_DISCRIMINATOR : 0;
                    f |= options.writeVtableTypes() ? SampleLayout.SUMMARY_VTABLE_TYPES : 0;
                }
                case SampleLayout.SEC_NAME_TABLE -> f |= options.useMd5()
                        ? SampleLayout.NAME_TABLE_MD5 | SampleLayout.NAME_TABLE_FIXED_LENGTH_MD5 : 0;
                case SampleLayout.SEC_FUNC_OFFSET_TABLE -> f |= flags.contextSensitive()
                        ? SampleLayout.FUNC_OFFSET_ORDERED : 0;
                case SampleLayout.SEC_FUNC_METADATA -> {
                    f |= flags.probeBased() ? SampleLayout.FUNC_METADATA_PROBE : 0;
                    f |= flags.contextSensitive() || flags.preInlined() ? SampleLayout.FUNC_METADATA_ATTRIBUTES : 0;
                }
                default -> {
                }
            }
            sectionFlags[slot] = f;
        }
    }

    /** Appends the payload of {@code slot} to {@code s}. */
    private void payload(int slot, SampleBinaryOutput s) {
        switch (layout.type(slot)) {
            case SampleLayout.SEC_PROFILE_SUMMARY -> FunctionRecordEncoder.writeSummary(
                    SampleSummaries.compute(mapOrder, flags.contextSensitive(), options.perContextSummary()), s);
            case SampleLayout.SEC_NAME_TABLE -> nameTable(slot, s);
            case SampleLayout.SEC_CS_NAME_TABLE -> contextTable(s);
            case SampleLayout.SEC_LBR_PROFILE -> profiles(layout.part(slot), s);
            case SampleLayout.SEC_FUNC_OFFSET_TABLE -> offsetTable(s);
            case SampleLayout.SEC_FUNC_METADATA -> metadata(s);
            case SampleLayout.SEC_PROFILE_SYMBOL_LIST -> symbolList(s);
            default -> throw new IllegalStateException("no writer for section type " + layout.type(slot));
        }
    }

    private void nameTable(int slot, SampleBinaryOutput s) {
        names = SampleNameTable.of(mapOrder, options.writeVtableTypes());
        // Every calling context gets an index; until the context table section sorts them (the
        // split layout has none) they all have index 0, as in LLVM.
        Map<SampleContext, Integer> contexts = new HashMap<>();
        for (FunctionSamples f : mapOrder) {
            if (f.context().isContextSensitive()) {
                contexts.put(f.context(), 0);
            }
        }
        contextIndices = contexts;
        s.uleb(names.size());
        if (options.useMd5()) {
            for (FunctionId n : names.names()) {
                long h = n.guid();
                for (int i = 0; i < 8; i++) {
                    s.byteValue((int) (h >>> (8 * i)));
                }
            }
            return;
        }
        for (FunctionId n : names.names()) {
            if (!n.isHash() && n.name().contains(UNIQ_SUFFIX)) {
                sectionFlags[slot] |= SampleLayout.NAME_TABLE_UNIQ_SUFFIX;
            }
            s.cString(n.bytes());
        }
    }

    /** Names with this part come from {@code -funique-internal-linkage-names}. */
    private static final String UNIQ_SUFFIX = ".__uniq.";

    private void contextTable(SampleBinaryOutput s) {
        List<SampleContext> sorted = new ArrayList<>(contextIndices.keySet());
        sorted.sort(null);
        Map<SampleContext, Integer> indices = new HashMap<>(sorted.size() * 2);
        s.uleb(sorted.size());
        for (SampleContext c : sorted) {
            indices.put(c, indices.size());
            s.uleb(c.frames().size());
            for (ContextFrame frame : c.frames()) {
                s.uleb(names.indexOf(frame.function()));
                s.uleb(frame.callsite().lineValue());
                s.uleb(frame.callsite().discriminatorValue());
            }
        }
        contextIndices = indices;
        contextsNumbered = true;
    }

    private int contextIndex(SampleContext c) {
        if (!c.isContextSensitive()) {
            return names.indexOf(c.function());
        }
        Integer i = contextIndices.get(c);
        if (i == null) {
            throw new IllegalStateException("context missing from the context table: " + c);
        }
        return i;
    }

    private void profiles(ExtBinaryLayout.Part part, SampleBinaryOutput s) {
        List<FunctionSamples> chosen = new ArrayList<>();
        for (FunctionSamples f : mapOrder) {
            if (part == ExtBinaryLayout.Part.ALL || (part == ExtBinaryLayout.Part.WITH_INLINEES) == f.hasInlinees()) {
                chosen.add(f);
            }
        }
        FunctionRecordEncoder encoder = new FunctionRecordEncoder(names, f -> contextIndex(f.context()),
                options.writeVtableTypes());
        functionOffsets = new LinkedHashMap<>();
        int sectionStart = s.size();
        for (FunctionSamples f : SampleProfileOrder.sorted(chosen)) {
            functionOffsets.put(f.context(), (long) (s.size() - sectionStart));
            encoder.writeRecord(f, s);
        }
    }

    private void offsetTable(SampleBinaryOutput s) {
        List<Map.Entry<SampleContext, Long>> entries = new ArrayList<>(functionOffsets.entrySet());
        if (flags.contextSensitive()) {
            // In context order; once the context table has numbered the contexts, that is index order.
            if (contextsNumbered && entries.stream().allMatch(e -> e.getKey().isContextSensitive())) {
                entries.sort((a, b) -> Integer.compare(contextIndex(a.getKey()), contextIndex(b.getKey())));
            } else {
                entries.sort(Map.Entry.comparingByKey());
            }
        }
        s.uleb(entries.size());
        for (Map.Entry<SampleContext, Long> e : entries) {
            s.uleb(contextIndex(e.getKey()));
            s.uleb(e.getValue());
        }
        functionOffsets = new LinkedHashMap<>();
    }

    private void metadata(SampleBinaryOutput s) {
        if (!flags.probeBased() && !flags.contextSensitive() && !flags.preInlined()) {
            return;
        }
        for (FunctionSamples f : mapOrder) {
            metadata(f, s);
        }
    }

    private void metadata(FunctionSamples f, SampleBinaryOutput s) {
        s.uleb(contextIndex(f.context()));
        if (flags.probeBased()) {
            s.uleb(f.functionHash());
        }
        if (flags.contextSensitive() || flags.preInlined()) {
            s.uleb(Integer.toUnsignedLong(f.attributes()));
        }
        if (flags.contextSensitive()) {
            return;
        }
        long inlinees = 0;
        for (TreeMap<FunctionId, FunctionSamples> callees : f.callsites().values()) {
            inlinees += callees.size();
        }
        s.uleb(inlinees);
        for (Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> e : f.callsites().entrySet()) {
            for (FunctionSamples callee : e.getValue().values()) {
                s.uleb(e.getKey().lineValue());
                s.uleb(e.getKey().discriminatorValue());
                metadata(callee, s);
            }
        }
    }

    private void symbolList(SampleBinaryOutput s) {
        if (symbols == null) {
            return;
        }
        for (String sym : symbols) {
            s.cString(Names.toBytes(sym));
        }
    }
}
