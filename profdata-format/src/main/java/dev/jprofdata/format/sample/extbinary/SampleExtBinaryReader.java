package dev.jprofdata.format.sample.extbinary;

import dev.jprofdata.format.sample.ContextFrame;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleErrors;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleLayout;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileException;
import dev.jprofdata.format.sample.SampleProfileFlags;
import dev.jprofdata.format.sample.SampleProfileIndex;
import dev.jprofdata.format.sample.SampleReadOptions;
import dev.jprofdata.format.sample.binary.SampleBinaryReader;
import dev.jprofdata.format.sample.binary.SampleBytes;
import dev.jprofdata.format.sample.binary.SampleRecordDecoder;
import dev.jprofdata.format.sample.binary.SampleSummaryCodec;
import dev.jprofdata.format.summary.ProfileSummary;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads LLVM's extensible binary sample profile ({@code --extbinary}): magic and version, a table
 * of sections, then the sections in table order as LLVM's tools read them. Summary (its flags say
 * partial, context-sensitive, pre-inlined, flow-sensitive, vtable blocks), name tables (strings,
 * ULEB128 MD5s, fixed-length MD5s; a later one replaces an earlier one), the CS name table,
 * function records, function metadata (checksums, attributes), the profile symbol list. The
 * function offset table is skipped as LLVM's tools skip it, except by {@link #readFunctions}.
 * Sections of size 0 and of unknown types are skipped; compressed sections are inflated; every
 * section read must be consumed exactly ({@code Malformed sample profile data} otherwise).
 *
 * <p>The file is mapped section by section, never copied whole; only compressed sections are
 * inflated into memory. Every count is checked against the bytes left before anything is sized by it.
 */
public final class SampleExtBinaryReader {
    /** zlib cannot expand data more than about 1032 times. */
    private static final long MAX_INFLATE_RATIO = 1032;

    private final String file;
    private final SampleReadOptions options;
    private final Set<Long> wantedGuids;

    private List<FunctionId> names = List.of();
    private List<SampleContext> contexts = List.of();
    private ProfileSummary summary;
    private boolean partial;
    private boolean contextSensitive;
    private boolean preInlined;
    private boolean flowSensitive;
    private boolean vtables;
    private boolean md5;
    private boolean probeBased;
    private TreeSet<String> symbolList;
    /** Offset-table entries (function guid, offset) when reading selected functions. */
    private LinkedHashMap<Long, Long> offsets;
    private final LinkedHashMap<SampleContext, FunctionSamples> profiles = new LinkedHashMap<>();
    /** When indexing ({@link #index}): where each profile lies, instead of {@link #profiles}. */
    private ExtBinaryIndex index;

    private SampleExtBinaryReader(String file, SampleReadOptions options, Set<FunctionId> wanted) {
        this.file = file;
        this.options = options;
        if (wanted == null) {
            this.wantedGuids = null;
        } else {
            this.wantedGuids = new HashSet<>();
            for (FunctionId f : wanted) {
                wantedGuids.add(f.guid());
            }
        }
    }

    /** Where the bytes come from: a file mapped section by section, or a buffer holding it all. */
    private interface Source {
        long size() throws IOException;

        SampleBytes map(long offset, long size, String file) throws IOException;

        static Source of(FileChannel ch) {
            return new Source() {
                public long size() throws IOException {
                    return ch.size();
                }

                public SampleBytes map(long offset, long size, String file) throws IOException {
                    return SampleBytes.map(ch, offset, size, file);
                }
            };
        }

        static Source of(ByteBuffer data) {
            return new Source() {
                public long size() {
                    return data.limit();
                }

                public SampleBytes map(long offset, long size, String file) {
                    return SampleBytes.slice(data, offset, size, file);
                }
            };
        }
    }

    /** Reads every profile of {@code path}. */
    public static SampleProfile read(Path path, String displayName, SampleReadOptions options) throws IOException {
        return new SampleExtBinaryReader(displayName, options, null).run(path);
    }

    /**
     * Reads only the profiles of the functions in {@code wanted} (matched by GUID, so a name finds
     * its MD5 in an MD5 profile): through the function offset table when the profile is not
     * context-sensitive and the table comes before the function records, as LLVM loads functions
     * for a module; otherwise by reading everything and keeping those.
     */
    public static SampleProfile readFunctions(Path path, String displayName, SampleReadOptions options,
            Set<FunctionId> wanted) throws IOException {
        return new SampleExtBinaryReader(displayName, options, wanted).run(path);
    }

    /**
     * Indexes {@code path} for reading on demand ({@link SampleProfileIndex}): every section is
     * read and checked as by {@link #read}, but function records and metadata entries are only
     * located, and decoded later one profile at a time.
     */
    public static SampleProfileIndex index(Path path, String displayName, SampleReadOptions options)
            throws IOException {
        try (FileChannel ch = open(path, displayName)) {
            return new SampleExtBinaryReader(displayName, options, null).runIndex(Source.of(ch));
        }
    }

    /** As {@link #index(Path, String, SampleReadOptions)}, for a file held in {@code data}. */
    public static SampleProfileIndex index(ByteBuffer data, String displayName, SampleReadOptions options)
            throws IOException {
        return new SampleExtBinaryReader(displayName, options, null).runIndex(Source.of(data));
    }

    /** Reads every profile of an ext-binary file held in {@code data} (for example read from stdin). */
    public static SampleProfile read(ByteBuffer data, String displayName, SampleReadOptions options) throws IOException {
        return new SampleExtBinaryReader(displayName, options, null).run(Source.of(data));
    }

    /** As {@link #readFunctions(Path, String, SampleReadOptions, Set)}, for a file held in {@code data}. */
    public static SampleProfile readFunctions(ByteBuffer data, String displayName, SampleReadOptions options,
            Set<FunctionId> wanted) throws IOException {
        return new SampleExtBinaryReader(displayName, options, wanted).run(Source.of(data));
    }

    /** The section table of {@code path}, in table order (magic and version checked). */
    public static List<ExtBinarySection> sections(Path path, String displayName) throws IOException {
        try (FileChannel ch = open(path, displayName)) {
            return SampleBytes.guard(displayName, () -> table(Source.of(ch), displayName));
        }
    }

    private static FileChannel open(Path path, String displayName) throws IOException {
        try {
            return FileChannel.open(path, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw SampleErrors.at(displayName, -1, SampleErrors.NOT_FOUND);
        }
    }

    private static List<ExtBinarySection> table(Source source, String file) throws IOException {
        long size = source.size();
        SampleBytes head = source.map(0, Math.min(size, Integer.MAX_VALUE - 16), file);
        SampleBinaryReader.readMagic(head, SampleLayout.MAGIC_EXTBINARY);
        long n = head.u64();
        if (Long.compareUnsigned(n, head.remaining() / SampleLayout.SECTION_ENTRY_BYTES) > 0) {
            throw head.error(SampleErrors.TRUNCATED);
        }
        List<ExtBinarySection> sections = new ArrayList<>((int) n);
        for (long i = 0; i < n; i++) {
            sections.add(new ExtBinarySection(head.u64(), head.u64(), head.u64(), head.u64()));
        }
        return sections;
    }

    private SampleProfile run(Path path) throws IOException {
        try (FileChannel ch = open(path, file)) {
            return run(Source.of(ch));
        }
    }

    private SampleProfile run(Source source) throws IOException {
        return SampleBytes.guard(file, () -> {
            for (ExtBinarySection s : table(source, file)) {
                readSection(source, s);
            }
            return result();
        });
    }

    private SampleProfileIndex runIndex(Source source) throws IOException {
        return SampleBytes.guard(file, () -> {
            index = new ExtBinaryIndex(file);
            for (ExtBinarySection s : table(source, file)) {
                readSection(source, s);
            }
            index.finish(flags(), symbolList, summary);
            return index;
        });
    }

    private SampleProfileFlags flags() {
        return new SampleProfileFlags(probeBased, contextSensitive, preInlined, flowSensitive, md5, partial, vtables);
    }

    private SampleProfile result() {
        SampleProfile p = new SampleProfile(SampleFormat.EXTBINARY, profiles, flags(), symbolList, summary);
        if (wantedGuids != null) {
            p = keepWanted(p);
        }
        return p;
    }

    private SampleProfile keepWanted(SampleProfile p) {
        LinkedHashMap<SampleContext, FunctionSamples> kept = new LinkedHashMap<>();
        for (Map.Entry<SampleContext, FunctionSamples> e : p.profiles().entrySet()) {
            if (wantedGuids.contains(e.getKey().function().guid())) {
                kept.put(e.getKey(), e.getValue());
            }
        }
        return new SampleProfile(p.format(), kept, p.flags(), symbolList, summary);
    }

    private boolean needsReading(ExtBinarySection s) {
        if (s.size() == 0) {
            return false;
        }
        int type = (int) s.type();
        if (s.type() != type) {
            return false;
        }
        switch (type) {
            case SampleLayout.SEC_PROFILE_SUMMARY:
            case SampleLayout.SEC_NAME_TABLE:
            case SampleLayout.SEC_CS_NAME_TABLE:
            case SampleLayout.SEC_LBR_PROFILE:
            case SampleLayout.SEC_FUNC_METADATA:
            case SampleLayout.SEC_PROFILE_SYMBOL_LIST:
                return true;
            case SampleLayout.SEC_FUNC_OFFSET_TABLE:
                // LLVM's tools skip it unread; only a selective read uses it.
                return wantedGuids != null && !contextSensitive;
            default:
                return false;
        }
    }

    private void readSection(Source source, ExtBinarySection s) throws IOException {
        if (!needsReading(s)) {
            return;
        }
        long fileSize = source.size();
        if (Long.compareUnsigned(s.offset(), fileSize) > 0 || Long.compareUnsigned(s.size(), fileSize - s.offset()) > 0) {
            throw SampleErrors.at(file, s.offset(), SampleErrors.TRUNCATED);
        }
        SampleBytes in = source.map(s.offset(), s.size(), file);
        if (s.has(SampleLayout.FLAG_COMPRESSED)) {
            in = inflate(in, s.offset());
        }
        boolean consumeAll = true;
        switch ((int) s.type()) {
            case SampleLayout.SEC_PROFILE_SUMMARY:
                summary = SampleSummaryCodec.read(in);
                partial |= s.has(SampleLayout.SUMMARY_PARTIAL);
                contextSensitive |= s.has(SampleLayout.SUMMARY_CONTEXT_SENSITIVE);
                preInlined |= s.has(SampleLayout.SUMMARY_PRE_INLINED);
                flowSensitive |= s.has(SampleLayout.SUMMARY_FS_DISCRIMINATOR);
                vtables |= s.has(SampleLayout.SUMMARY_VTABLE_TYPES);
                break;
            case SampleLayout.SEC_NAME_TABLE:
                readNameTable(in, s);
                break;
            case SampleLayout.SEC_CS_NAME_TABLE:
                readContextTable(in);
                break;
            case SampleLayout.SEC_LBR_PROFILE:
                consumeAll = readFunctionRecords(in);
                break;
            case SampleLayout.SEC_FUNC_OFFSET_TABLE:
                readOffsetTable(in);
                break;
            case SampleLayout.SEC_FUNC_METADATA:
                probeBased = s.has(SampleLayout.FUNC_METADATA_PROBE);
                readMetadata(in, new FunctionMetadataDecoder(names, probeBased,
                        s.has(SampleLayout.FUNC_METADATA_ATTRIBUTES), contextSensitive));
                break;
            case SampleLayout.SEC_PROFILE_SYMBOL_LIST:
                readSymbolList(in);
                break;
            default:
                return;
        }
        if (consumeAll && in.hasRemaining()) {
            throw in.error(SampleErrors.MALFORMED);
        }
    }

    /** A compressed payload: ULEB128 uncompressed size, ULEB128 compressed size, a zlib stream. */
    private SampleBytes inflate(SampleBytes in, long sectionOffset) throws SampleProfileException {
        long size = in.uleb();
        long compressed = in.uleb();
        if (Long.compareUnsigned(compressed, in.remaining()) > 0) {
            throw in.error(SampleErrors.TRUNCATED);
        }
        if (Long.compareUnsigned(size, Integer.MAX_VALUE - 16) > 0
                || Long.compareUnsigned(size, compressed * MAX_INFLATE_RATIO + 64) > 0) {
            throw in.error(SampleErrors.UNCOMPRESS_FAILED);
        }
        byte[] input = in.bytes((int) compressed);
        byte[] out = new byte[(int) size];
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(input);
            int n = 0;
            while (n < out.length && !inflater.finished()) {
                int got = inflater.inflate(out, n, out.length - n);
                if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += got;
            }
            if (n != out.length || !inflater.finished()) {
                // Too little data, or more than announced.
                if (n != out.length || !finishesEmpty(inflater)) {
                    throw in.errorAt(0, SampleErrors.UNCOMPRESS_FAILED);
                }
            }
        } catch (DataFormatException e) {
            throw in.errorAt(0, SampleErrors.UNCOMPRESS_FAILED);
        } finally {
            inflater.end();
        }
        return SampleBytes.wrap(out, file, sectionOffset);
    }

    /** Whether the stream ends without producing more bytes (the output was exactly full). */
    private static boolean finishesEmpty(Inflater inflater) throws DataFormatException {
        byte[] probe = new byte[1];
        while (!inflater.finished()) {
            if (inflater.inflate(probe) != 0) {
                return false;
            }
            if (inflater.needsInput() || inflater.needsDictionary()) {
                return false;
            }
        }
        return true;
    }

    private void readNameTable(SampleBytes in, ExtBinarySection s) throws SampleProfileException {
        boolean isMd5 = s.has(SampleLayout.NAME_TABLE_MD5);
        md5 |= isMd5;
        if (s.has(SampleLayout.NAME_TABLE_FIXED_LENGTH_MD5)) {
            long count = in.uleb();
            if (Long.compareUnsigned(count, in.remaining() / 8) > 0) {
                throw in.error(SampleErrors.TRUNCATED);
            }
            List<FunctionId> table = new ArrayList<>((int) count);
            for (long i = 0; i < count; i++) {
                table.add(FunctionId.ofHash(in.u64()));
            }
            names = table;
        } else if (isMd5) {
            long count = in.uleb();
            if (Long.compareUnsigned(count, in.remaining()) > 0) {
                throw in.error(SampleErrors.TRUNCATED);
            }
            List<FunctionId> table = new ArrayList<>((int) count);
            for (long i = 0; i < count; i++) {
                table.add(FunctionId.ofHash(in.uleb()));
            }
            names = table;
        } else {
            names = SampleBinaryReader.readStringTable(in, options);
        }
    }

    private void readContextTable(SampleBytes in) throws SampleProfileException {
        long count = in.uleb();
        if (Long.compareUnsigned(count, in.remaining()) > 0) {
            throw in.error(SampleErrors.TRUNCATED);
        }
        List<SampleContext> table = new ArrayList<>((int) count);
        for (long i = 0; i < count; i++) {
            int at = in.position();
            long frames = in.uleb32();
            if (frames == 0) {
                // LLVM would take the leaf of an empty context from past its end.
                throw in.errorAt(at, SampleErrors.MALFORMED);
            }
            if (Long.compareUnsigned(frames, in.remaining() / 3) > 0) {
                throw in.error(SampleErrors.TRUNCATED);
            }
            List<ContextFrame> list = new ArrayList<>((int) frames);
            for (long j = 0; j < frames; j++) {
                FunctionId f = SampleRecordDecoder.name(in, names);
                int lineAt = in.position();
                long line = in.uleb();
                if ((line & 0xFFFF) != line) {
                    throw in.errorAt(lineAt, SampleErrors.ILLEGAL_LINE_OFFSET);
                }
                long disc = in.uleb();
                list.add(new ContextFrame(f, new LineLocation((int) line, (int) disc)));
            }
            table.add(SampleContext.ofFrames(list));
        }
        contexts = table;
    }

    /**
     * How top-level records name their profile from here on: a name-table index, or in a
     * context-sensitive profile a context-table index. Fixed now, as the tables in force now are
     * the ones a record read now refers to.
     */
    private SampleRecordDecoder.ContextTable contextTable() {
        if (!contextSensitive) {
            List<FunctionId> table = names;
            return in -> SampleContext.of(SampleRecordDecoder.name(in, table));
        }
        List<SampleContext> table = contexts;
        return in -> {
            int at = in.position();
            long index = in.uleb();
            if (Long.compareUnsigned(index, table.size()) >= 0) {
                throw in.errorAt(at, SampleErrors.TRUNCATED_NAME_TABLE);
            }
            return table.get((int) index);
        };
    }

    /** Function records; returns false when only some were read (through the offset table). */
    private boolean readFunctionRecords(SampleBytes in) throws SampleProfileException {
        SampleRecordDecoder decoder = new SampleRecordDecoder(names, options.discriminatorMask(flowSensitive), vtables);
        SampleRecordDecoder.ContextTable table = contextTable();
        if (index != null) {
            int region = index.addRegion(new ExtBinaryIndex.Region(in, decoder, null, table));
            while (in.hasRemaining()) {
                int at = in.position();
                SampleRecordDecoder.SkippedFunction f = decoder.skipFunction(in, table);
                index.addFunction(region, at, f.context(), f.totalSamples());
            }
            return true;
        }
        if (offsets != null && wantedGuids != null && !contextSensitive) {
            for (Map.Entry<Long, Long> e : offsets.entrySet()) {
                if (!wantedGuids.contains(e.getKey())) {
                    continue;
                }
                long offset = e.getValue();
                if (Long.compareUnsigned(offset, in.end()) >= 0) {
                    throw in.error(SampleErrors.TRUNCATED);
                }
                in.position((int) offset);
                decoder.readFunction(in, table, profiles);
            }
            return false;
        }
        while (in.hasRemaining()) {
            decoder.readFunction(in, table, profiles);
        }
        return true;
    }

    private void readOffsetTable(SampleBytes in) throws SampleProfileException {
        long count = in.uleb();
        if (Long.compareUnsigned(count, in.remaining() / 2) > 0) {
            throw in.error(SampleErrors.TRUNCATED);
        }
        SampleRecordDecoder.ContextTable contextTable = contextTable();
        LinkedHashMap<Long, Long> table = new LinkedHashMap<>();
        for (long i = 0; i < count; i++) {
            long guid = contextTable.context(in).function().guid();
            long offset = in.uleb();
            // A function named twice keeps its last offset, as in LLVM.
            table.remove(guid);
            table.put(guid, offset);
        }
        offsets = table;
    }

    /** Each entry: a context, then what {@code decoder} reads for it; applied to that profile, if read. */
    private void readMetadata(SampleBytes in, FunctionMetadataDecoder decoder) throws SampleProfileException {
        SampleRecordDecoder.ContextTable table = contextTable();
        int region = index == null ? -1 : index.addRegion(new ExtBinaryIndex.Region(in, null, decoder, table));
        while (in.hasRemaining()) {
            int at = in.position();
            SampleContext context = table.context(in);
            if (index != null) {
                index.addMetadata(region, at, context);
                decoder.readEntry(in, null);
            } else {
                decoder.readEntry(in, profiles.get(context));
            }
        }
    }

    /** NUL-terminated names up to the end of the section; the last must be terminated too. */
    private void readSymbolList(SampleBytes in) throws SampleProfileException {
        if (symbolList == null) {
            symbolList = new TreeSet<>();
        }
        while (in.hasRemaining()) {
            int at = in.position();
            try {
                symbolList.add(in.cString());
            } catch (SampleProfileException e) {
                throw in.errorAt(at, SampleErrors.MALFORMED);
            }
        }
    }
}
