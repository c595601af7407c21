package dev.jprofdata.cli;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleHotFunctions;
import dev.jprofdata.format.sample.SampleProfileIndex;
import dev.jprofdata.format.sample.SampleProfileReaders;
import dev.jprofdata.format.sample.SampleRecord;
import dev.jprofdata.format.sample.SampleSummaries;
import dev.jprofdata.format.sample.extbinary.ExtBinarySection;
import dev.jprofdata.format.summary.ProfileSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * {@code show --sample}: what llvm-profdata 22 prints for a sample profile, in its order: the
 * functions (all, as text or JSON, or the one {@code --function} names), the profile symbol list,
 * the detailed summary, the hot-function list.
 */
final class SampleShow {
    /** The hot-function list's columns: each starts at this column, after at least one space. */
    private static final int[] HOT_COLUMNS = {0, 24, 42, 58};

    private static final byte[] SPACES = " ".repeat(64).getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] FUNCTION = latin1("Function: ");
    private static final byte[] SAMPLED_LINES = latin1(" sampled lines\n");
    private static final byte[] BODY = latin1("Samples collected in the function's body {\n");
    private static final byte[] NO_BODY = latin1("No samples collected in the function's body\n");
    private static final byte[] CALLSITES = latin1("Samples collected in inlined callsites {\n");
    private static final byte[] NO_CALLSITES = latin1("No inlined callsites in this function\n");
    private static final byte[] CLOSE = latin1("}\n");
    private static final byte[] CALLS = latin1(", calls:");
    private static final byte[] INLINED_CALLEE = latin1(": inlined callee: ");
    private static final byte[] VTABLES = latin1(": vtables: ");
    private static final byte[] CHECKSUM = latin1("CFG checksum ");

    private final SampleShowOptions options;
    private final BlockTextWriter out;

    SampleShow(SampleShowOptions options, BlockTextWriter out) {
        this.options = options;
        this.out = out;
    }

    /** Whether the whole profile is dumped (else only {@code --function}'s). */
    static boolean dumpsAll(SampleShowOptions options) {
        return options.allFunctions() || options.function().isEmpty();
    }

    /**
     * Whether only the {@code --function} profile is printed, and nothing that needs the others
     * (the summary of a text profile is computed from all of them; the hot list and the symbol
     * list look at the whole profile): the profile may then be read for that function alone.
     */
    static boolean needsOnlyTheFunction(SampleShowOptions options) {
        return !dumpsAll(options) && !options.structured() && !options.symbolList() && !options.detailedSummary()
                && !options.hotFunctionList() && options.topN() == 0;
    }

    /**
     * Prints what the options ask for. Functions are taken from {@code profile} one at a time, in
     * the order they are printed, so that an index that decodes on demand holds one at a time.
     */
    void run(SampleProfileIndex profile) throws IOException {
        if (dumpsAll(options)) {
            if (options.structured()) {
                dumpStructured(profile);
            } else {
                for (int i : profile.writingOrder()) {
                    dumpFunction(profile.context(i).toString(), profile.function(i));
                }
            }
        } else {
            int slot = lookup(profile, options.function());
            if (slot < 0) {
                // LLVM prints an empty profile with an empty name.
                dumpFunction("", new FunctionSamples(SampleContext.of(FunctionId.of(""))));
            } else {
                dumpFunction(profile.context(slot).toString(), profile.function(slot));
            }
        }
        if (options.symbolList()) {
            dumpSymbolList(profile.symbolList());
        }
        ProfileSummary summary = null;
        if (options.detailedSummary()) {
            summary = summaryOf(profile, options.perContextSummary());
            DetailedSummaryText.printSample(out, summary);
        }
        if (options.hotFunctionList() || options.topN() != 0) {
            if (summary == null) {
                summary = summaryOf(profile, options.perContextSummary());
            }
            hotFunctions(SampleHotFunctions.of(profile, summary));
        }
    }

    /**
     * {@code --show-sec-info-only}: the section table of an ext-binary file, one line per entry in
     * table order, then the header size (the first entry's offset), the sum of the sizes and the
     * file size (the end of the furthest section). Other formats get LLVM's warning and nothing.
     */
    static void sectionInfo(PrintStream err, Writer out, Path path, String displayName) throws IOException {
        if (SampleProfileReaders.detect(path, displayName) != SampleFormat.EXTBINARY) {
            err.println("warning: -show-sec-info-only is only supported for sample profile in extbinary format and"
                    + " is ignored for other formats.");
            return;
        }
        List<ExtBinarySection> sections = SampleProfileReaders.sections(path, displayName);
        long total = 0;
        long fileSize = 0;
        for (ExtBinarySection s : sections) {
            out.write(s.name() + " - Offset: " + Long.toUnsignedString(s.offset()) + ", Size: "
                    + Long.toUnsignedString(s.size()) + ", Flags: " + s.flagString() + "\n");
            total += s.size();
            long end = s.offset() + s.size();
            if (Long.compareUnsigned(end, fileSize) > 0) {
                fileSize = end;
            }
        }
        long header = sections.isEmpty() ? 0 : sections.get(0).offset();
        out.write("Header Size: " + Long.toUnsignedString(header) + "\n");
        out.write("Total Sections Size: " + Long.toUnsignedString(total) + "\n");
        out.write("File Size: " + Long.toUnsignedString(fileSize) + "\n");
    }

    /**
     * LLVM's exact lookup: the plain profile of the function so named, or of its MD5 in a profile
     * with MD5 names. Calling contexts are never found.
     */
    static int lookup(SampleProfileIndex profile, String name) {
        int slot = profile.find(SampleContext.of(FunctionId.of(name)));
        if (slot < 0) {
            slot = profile.find(SampleContext.of(FunctionId.ofHash(Names.md5(name))));
        }
        return slot;
    }

    /** The profile summary LLVM's reader holds: the stored one, or one computed at read time. */
    static ProfileSummary summaryOf(SampleProfileIndex profile, boolean perContext) throws IOException {
        ProfileSummary stored = profile.storedSummary();
        return stored != null ? stored : SampleSummaries.compute(profile, perContext);
    }

    private void dumpFunction(String name, FunctionSamples f) {
        out.bytes(FUNCTION).text(name).ch(':').ch(' ');
        print(f, 0);
    }

    /** One node as LLVM's {@code FunctionSamples::print} writes it at {@code indent}. */
    private void print(FunctionSamples f, int indent) {
        if (f.functionHash() != 0) {
            out.bytes(CHECKSUM).unsigned(f.functionHash()).ch('\n');
        }
        out.unsigned(f.totalSamples()).ch(',').ch(' ').unsigned(f.headSamples()).ch(',').ch(' ')
                .unsigned(f.bodySize()).bytes(SAMPLED_LINES);
        NavigableMap<LineLocation, TreeMap<FunctionId, Long>> vtables = f.vtables();
        indent(indent);
        if (f.bodySize() > 0) {
            out.bytes(BODY);
            for (int i = 0, n = f.bodySize(); i < n; i++) {
                LineLocation location = f.bodyLocation(i);
                SampleRecord r = f.bodyRecordAt(i);
                indent(indent + 2);
                location(location);
                out.ch(':').ch(' ').unsigned(r.samples());
                if (r.hasTargets()) {
                    out.bytes(CALLS);
                    for (int t : r.hottestFirst()) {
                        out.ch(' ').text(r.targetAt(t).name()).ch(':').unsigned(r.targetCountAt(t));
                    }
                }
                out.ch('\n');
                printVtables(vtables.get(location), location, indent + 2);
            }
            indent(indent);
            out.bytes(CLOSE);
        } else {
            out.bytes(NO_BODY);
        }
        indent(indent);
        if (f.hasInlinees()) {
            out.bytes(CALLSITES);
            for (int i = 0, n = f.inlineeCount(); i < n; i++) {
                LineLocation location = f.inlineeLocation(i);
                FunctionSamples callee = f.inlineeAt(i);
                indent(indent + 2);
                location(location);
                out.bytes(INLINED_CALLEE).text(callee.function().name()).ch(':').ch(' ');
                print(callee, indent + 4);
                // A location's vtable counts follow its last inlinee.
                if (i + 1 == n || !f.inlineeLocation(i + 1).equals(location)) {
                    printVtables(vtables.get(location), location, indent + 2);
                }
            }
            indent(indent);
            out.bytes(CLOSE);
        } else {
            out.bytes(NO_CALLSITES);
        }
    }

    private void printVtables(TreeMap<FunctionId, Long> types, LineLocation location, int indent) {
        if (types == null) {
            return;
        }
        indent(indent);
        location(location);
        out.bytes(VTABLES);
        for (Map.Entry<FunctionId, Long> t : types.entrySet()) {
            out.text(t.getKey().name()).ch(':').unsigned(t.getValue()).ch(' ');
        }
        out.ch('\n');
    }

    /** {@code line} or {@code line.discriminator}. */
    private void location(LineLocation l) {
        out.unsigned(l.lineValue());
        if (l.discriminator() != 0) {
            out.ch('.').unsigned(l.discriminatorValue());
        }
    }

    private void indent(int n) {
        while (n > SPACES.length) {
            out.bytes(SPACES);
            n -= SPACES.length;
        }
        out.bytes(SPACES, 0, n);
    }

    private static byte[] latin1(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private void dumpStructured(SampleProfileIndex profile) throws IOException {
        StructuredWriter json = options.format().equals("yaml") ? new YamlStructuredWriter(out) : new LlvmJsonWriter(out);
        json.beginArray();
        for (int i : profile.writingOrder()) {
            jsonFunction(json, profile.function(i), true);
        }
        json.endArray();
        json.finish();
    }

    private static void jsonFunction(StructuredWriter json, FunctionSamples f, boolean topLevel) throws IOException {
        json.beginObject();
        json.name("name", f.function().name());
        json.key("total");
        json.unsignedValue(f.totalSamples());
        if (topLevel) {
            json.key("head");
            json.unsignedValue(f.headSamples());
        }
        if (f.bodySize() > 0) {
            json.key("body");
            json.beginArray();
            for (int i = 0, n = f.bodySize(); i < n; i++) {
                SampleRecord r = f.bodyRecordAt(i);
                json.beginObject();
                jsonLocation(json, f.bodyLocation(i));
                json.key("samples");
                json.unsignedValue(r.samples());
                if (r.hasTargets()) {
                    json.key("calls");
                    json.beginArray();
                    for (int t : r.hottestFirst()) {
                        json.beginObject();
                        json.name("function", r.targetAt(t).name());
                        json.key("samples");
                        json.unsignedValue(r.targetCountAt(t));
                        json.endObject();
                    }
                    json.endArray();
                }
                json.endObject();
            }
            json.endArray();
        }
        if (f.hasInlinees()) {
            json.key("callsites");
            json.beginArray();
            for (int i = 0, n = f.inlineeCount(); i < n; i++) {
                json.beginObject();
                jsonLocation(json, f.inlineeLocation(i));
                json.key("samples");
                json.beginArray();
                jsonFunction(json, f.inlineeAt(i), false);
                json.endArray();
                json.endObject();
            }
            json.endArray();
        }
        json.endObject();
    }

    private static void jsonLocation(StructuredWriter json, LineLocation location) throws IOException {
        json.key("line");
        json.unsignedValue(location.lineValue());
        if (location.discriminator() != 0) {
            json.key("discriminator");
            json.unsignedValue(location.discriminatorValue());
        }
    }

    /**
     * The symbol list. llvm-profdata 22 crashes when the profile has none (its reader hands back no
     * list); jprofdata prints the title alone.
     */
    private void dumpSymbolList(SortedSet<String> symbols) throws IOException {
        out.write("======== Dump profile symbol list ========\n");
        if (symbols == null) {
            return;
        }
        for (String s : symbols) {
            out.write(s);
            out.write('\n');
        }
    }

    private void hotFunctions(SampleHotFunctions hot) throws IOException {
        ColumnWriter line = new ColumnWriter(out);
        double hotPercent = CFormat.unsignedToDouble(hot.hot().size()) / CFormat.unsignedToDouble(hot.functions()) * 100;
        double totalPercent = hot.profileTotal() != 0
                ? CFormat.unsignedToDouble(hot.hotTotal()) / CFormat.unsignedToDouble(hot.profileTotal()) * 100 : 0;
        // No function at all: LLVM divides 0 by 0, the x86 default NaN, which glibc prints -nan.
        String hotShare = hot.functions() == 0 ? "-nan" : CFormat.fixed(hotPercent, 2);
        line.write(hot.hot().size() + " out of " + hot.functions() + " functions with profile ("
                + hotShare + "%) are considered hot functions (max sample >= "
                + Long.toUnsignedString(hot.threshold()) + ").\n");
        line.write(Long.toUnsignedString(hot.hotTotal()) + " out of " + Long.toUnsignedString(hot.profileTotal())
                + " profile counts (" + CFormat.fixed(totalPercent, 2) + "%) are from hot functions.\n");
        String[] titles = {"Total sample (%)", "Max sample", "Entry sample", "Function name"};
        for (int i = 0; i < titles.length; i++) {
            line.padTo(HOT_COLUMNS[i]);
            line.write(titles[i]);
        }
        line.write("\n");
        long shown = 0;
        for (SampleHotFunctions.Row r : hot.hot()) {
            if (options.topN() != 0 && shown++ == options.topN()) {
                break;
            }
            double percent = hot.profileTotal() != 0
                    ? CFormat.unsignedToDouble(r.total()) * 100.0 / CFormat.unsignedToDouble(hot.profileTotal()) : 0;
            line.padTo(HOT_COLUMNS[0]);
            line.write(Long.toUnsignedString(r.total()) + " (" + CFormat.fixed(percent, 2) + "%)");
            line.padTo(HOT_COLUMNS[1]);
            line.write(Long.toUnsignedString(r.max()));
            line.padTo(HOT_COLUMNS[2]);
            line.write(Long.toUnsignedString(r.entry()));
            line.padTo(HOT_COLUMNS[3]);
            line.write(r.context().toString());
            line.write("\n");
        }
    }
}
