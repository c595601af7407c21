package dev.jprofdata.format.text;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.SymbolTable;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Writes text instrumentation profiles byte for byte as LLVM 22 does: {@link #write} produces the
 * output of {@code llvm-profdata merge --text}, and {@link #writeShowHeader} plus
 * {@link #writeRecord} produce that of {@code llvm-profdata show --text}.
 *
 * <p>Lines end with {@code \n}; names are written back as the bytes they stand for (ISO-8859-1).
 */
public final class TextProfileWriter {

    private TextProfileWriter() {
    }

    private static final Comparator<ProfileRecord> BY_UNSIGNED_HASH =
            (a, b) -> Long.compareUnsigned(a.hash(), b.hash());

    /**
     * Writes {@code contents} as {@code merge --text} would: kind lines, the temporal section when
     * the kind is temporal, then every record sorted by name and unsigned hash. The stream is
     * flushed, not closed.
     *
     * @throws WaveCountsInTextException before writing anything, when a record has GPU wave
     *     counters, which the text format cannot hold
     * @throws UnwritableNameException before writing anything, when a function name would not read
     *     back (empty, a line break or NUL in it, a leading {@code #}, a trailing carriage return)
     */
    public static void write(ProfileContents contents, OutputStream out) throws IOException {
        long withWaves = 0;
        for (NameGroup group : ProfileContents.knownHostOnly(contents.groups()) ? List.<NameGroup>of() : contents.groups()) {
            for (ProfileRecord r : group.records()) {
                if (r.waveCounts() != null) {
                    withWaves++;
                }
            }
        }
        if (withWaves > 0) {
            throw new WaveCountsInTextException(withWaves);
        }
        for (int i = 0; i < contents.groups().size(); i++) {
            String name = ProfileContents.nameOf(contents.groups(), i);
            String why = UnwritableNameException.problem(name);
            if (why != null) {
                throw new UnwritableNameException(name, why);
            }
        }
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.ISO_8859_1), 1 << 16);
        writeHeader(contents.kind(), w);
        SymbolTable symbols = symbolTable(contents);
        if (contents.kind().isTemporal()) {
            writeTraces(contents.traces(), symbols, w);
        }
        for (NameGroup group : sortedByName(contents.groups())) {
            List<ProfileRecord> records = new ArrayList<>(group.records());
            records.sort(BY_UNSIGNED_HASH);
            for (ProfileRecord r : records) {
                writeRecord(group.name(), r, symbols, w);
            }
        }
        w.flush();
    }

    /**
     * The names {@code merge --text} can print for indirect-call, vtable and trace entries: the
     * names of the records being written and the vtable names the contents carry.
     */
    public static SymbolTable symbolTable(ProfileContents contents) {
        SymbolTable symbols = new SymbolTable();
        for (int i = 0; i < contents.groups().size(); i++) {
            symbols.add(ProfileContents.nameOf(contents.groups(), i));
        }
        for (String vtable : contents.vtableNames()) {
            symbols.add(vtable);
        }
        return symbols;
    }

    /**
     * The kind lines of {@code merge --text}, each after its comment line. CS implies IR, so only
     * {@code :csir} is written for it; front-end profiles get no line at all.
     */
    public static void writeHeader(ProfileKind kind, Appendable out) throws IOException {
        if (kind.isContextSensitive()) {
            out.append("# CSIR level Instrumentation Flag\n:csir\n");
        } else if (kind.isIr()) {
            out.append("# IR level Instrumentation Flag\n:ir\n");
        }
        if (kind.has(ProfileKind.ENTRY_FIRST)) {
            out.append("# Always instrument the function entry block\n:entry_first\n");
        }
        if (kind.has(ProfileKind.LOOP_ENTRIES)) {
            out.append("# Always instrument the loop entry blocks\n:instrument_loop_entries\n");
        }
        if (kind.has(ProfileKind.BYTE_COVERAGE)) {
            out.append("# Instrument block coverage\n:single_byte_coverage\n");
        }
    }

    /** The only header {@code show --text} prints: {@code :ir} for IR-level profiles. */
    public static void writeShowHeader(ProfileKind kind, Appendable out) throws IOException {
        if (kind.isIr()) {
            out.append(":ir\n");
        }
    }

    /**
     * The temporal section: every trace's names each followed by a comma; a hash with no name in
     * {@code symbols} prints as nothing, so it is lost when the text is read back.
     */
    public static void writeTraces(TemporalTraces traces, SymbolTable symbols, Appendable out)
            throws IOException {
        out.append(":temporal_prof_traces\n# Num Temporal Profile Traces:\n")
                .append(Integer.toString(traces.traces().size()))
                .append("\n# Temporal Profile Trace Stream Size:\n")
                .append(Long.toUnsignedString(traces.streamSize()))
                .append('\n');
        for (TemporalTrace trace : traces.traces()) {
            out.append("# Weight:\n").append(Long.toUnsignedString(trace.weight())).append('\n');
            for (long hash : trace.functionHashes()) {
                String name = symbols.nameOf(hash);
                if (name != null) {
                    out.append(name);
                }
                out.append(',');
            }
            out.append('\n');
        }
        out.append('\n');
    }

    /**
     * One record in LLVM's text layout, ending with its blank line(s). Indirect-call and vtable
     * targets are printed by name from {@code symbols}, or as {@code ** External Symbol **}.
     */
    public static void writeRecord(ProfileRecord record, SymbolTable symbols, Appendable out)
            throws IOException {
        writeRecord(record.name(), record, symbols, out);
    }

    private static void writeRecord(String name, ProfileRecord r, SymbolTable symbols, Appendable out)
            throws IOException {
        out.append(name).append("\n# Func Hash:\n").append(Long.toUnsignedString(r.hash()))
                .append("\n# Num Counters:\n").append(Integer.toString(r.counts().length))
                .append("\n# Counter Values:\n");
        for (long count : r.counts()) {
            out.append(Long.toUnsignedString(count)).append('\n');
        }
        byte[] bitmap = r.bitmap();
        if (bitmap.length > 0) {
            out.append("# Num Bitmap Bytes:\n$").append(Integer.toString(bitmap.length))
                    .append("\n# Bitmap Byte Values:\n");
            for (byte b : bitmap) {
                out.append("0x").append(Integer.toHexString(b & 0xFF)).append('\n');
            }
            out.append('\n');
        }
        int numKinds = 0;
        for (int k = 0; k < ValueKind.COUNT; k++) {
            ValueKind kind = ValueKind.of(k);
            if (r.numSites(kind) > 0) {
                numKinds++;
            }
        }
        if (numKinds > 0) {
            out.append("# Num Value Kinds:\n").append(Integer.toString(numKinds)).append('\n');
            for (int k = 0; k < ValueKind.COUNT; k++) {
                ValueKind kind = ValueKind.of(k);
                writeSites(kind, r.sites(kind), symbols, out);
            }
        }
        out.append('\n');
    }

    private static void writeSites(ValueKind kind, ValueSite[] sites, SymbolTable symbols, Appendable out)
            throws IOException {
        if (sites.length == 0) {
            return;
        }
        out.append("# ValueKind = ").append(kind.llvmName()).append(":\n")
                .append(Integer.toString(kind.number()))
                .append("\n# NumValueSites:\n").append(Integer.toString(sites.length)).append('\n');
        for (ValueSite site : sites) {
            out.append(Integer.toString(site.size())).append('\n');
            for (int i = 0; i < site.size(); i++) {
                if (kind.holdsNameHashes()) {
                    String target = symbols.nameOf(site.value(i));
                    out.append(target != null ? target : TextRecordParser.EXTERNAL_SYMBOL);
                } else {
                    out.append(Long.toUnsignedString(site.value(i)));
                }
                out.append(':').append(Long.toUnsignedString(site.count(i))).append('\n');
            }
        }
    }

    /** The groups in unsigned byte order of their names (normally already so; checked cheaply). */
    private static List<NameGroup> sortedByName(List<NameGroup> groups) {
        if (groups instanceof ProfileContents.GroupsOnDemand) {
            return groups; // sorted by construction
        }
        for (int i = 1; i < groups.size(); i++) {
            if (ProfileContents.nameOf(groups, i - 1).compareTo(ProfileContents.nameOf(groups, i)) > 0) {
                List<NameGroup> sorted = new ArrayList<>(groups);
                sorted.sort(Comparator.comparing(NameGroup::name));
                return sorted;
            }
        }
        return groups;
    }
}
