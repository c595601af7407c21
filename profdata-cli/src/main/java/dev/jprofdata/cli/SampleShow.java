package dev.jprofdata.cli;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleHotFunctions;
import dev.jprofdata.format.sample.SampleMapOrder;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileOrder;
import dev.jprofdata.format.sample.SampleProfileReaders;
import dev.jprofdata.format.sample.SampleRecord;
import dev.jprofdata.format.sample.SampleSummaries;
import dev.jprofdata.format.sample.extbinary.ExtBinarySection;
import dev.jprofdata.format.summary.ProfileSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
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

    private final SampleShowOptions options;
    private final Writer out;

    SampleShow(SampleShowOptions options, Writer out) {
        this.options = options;
        this.out = out;
    }

    /** Whether the whole profile is dumped (else only {@code --function}'s). */
    static boolean dumpsAll(SampleShowOptions options) {
        return options.allFunctions() || options.function().isEmpty();
    }

    void run(SampleProfile profile) throws IOException {
        if (dumpsAll(options)) {
            if (options.json()) {
                dumpJson(profile);
            } else {
                for (FunctionSamples f : SampleProfileOrder.sorted(profile.profiles().values())) {
                    dumpFunction(f.context().toString(), f);
                }
            }
        } else {
            FunctionSamples f = lookup(profile, options.function());
            if (f == null) {
                // LLVM prints an empty profile with an empty name.
                dumpFunction("", new FunctionSamples(SampleContext.of(FunctionId.of(""))));
            } else {
                dumpFunction(f.context().toString(), f);
            }
        }
        if (options.symbolList()) {
            dumpSymbolList(profile.symbolList());
        }
        ProfileSummary summary = null;
        if (options.detailedSummary()) {
            summary = summaryOf(profile);
            DetailedSummaryText.printSample(out, summary);
        }
        if (options.hotFunctionList() || options.topN() != 0) {
            if (summary == null) {
                summary = summaryOf(profile);
            }
            hotFunctions(SampleHotFunctions.of(SampleMapOrder.of(profile), summary,
                    profile.flags().contextSensitive()));
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
    static FunctionSamples lookup(SampleProfile profile, String name) {
        FunctionSamples f = profile.profiles().get(SampleContext.of(FunctionId.of(name)));
        if (f == null) {
            f = profile.profiles().get(SampleContext.of(FunctionId.ofHash(Names.md5(name))));
        }
        return f;
    }

    /** The profile summary LLVM's reader holds: the stored one, or one computed at read time. */
    static ProfileSummary summaryOf(SampleProfile profile) {
        ProfileSummary stored = profile.storedSummary();
        return stored != null ? stored : SampleSummaries.compute(profile);
    }

    private void dumpFunction(String name, FunctionSamples f) throws IOException {
        out.write("Function: ");
        out.write(name);
        out.write(": ");
        print(f, 0);
    }

    /** One node as LLVM's {@code FunctionSamples::print} writes it at {@code indent}. */
    private void print(FunctionSamples f, int indent) throws IOException {
        if (f.functionHash() != 0) {
            out.write("CFG checksum " + Long.toUnsignedString(f.functionHash()) + "\n");
        }
        out.write(Long.toUnsignedString(f.totalSamples()) + ", " + Long.toUnsignedString(f.headSamples()) + ", "
                + f.body().size() + " sampled lines\n");
        NavigableMap<LineLocation, TreeMap<FunctionId, Long>> vtables = f.vtables();
        indent(indent);
        if (!f.body().isEmpty()) {
            out.write("Samples collected in the function's body {\n");
            for (Map.Entry<LineLocation, SampleRecord> e : f.body().entrySet()) {
                indent(indent + 2);
                out.write(e.getKey() + ": " + Long.toUnsignedString(e.getValue().samples()));
                if (e.getValue().hasTargets()) {
                    out.write(", calls:");
                    for (Map.Entry<FunctionId, Long> t : e.getValue().sortedTargets()) {
                        out.write(" " + t.getKey().name() + ":" + Long.toUnsignedString(t.getValue()));
                    }
                }
                out.write('\n');
                printVtables(vtables.get(e.getKey()), e.getKey(), indent + 2);
            }
            indent(indent);
            out.write("}\n");
        } else {
            out.write("No samples collected in the function's body\n");
        }
        indent(indent);
        if (f.hasInlinees()) {
            out.write("Samples collected in inlined callsites {\n");
            for (Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> e : f.callsites().entrySet()) {
                for (FunctionSamples callee : e.getValue().values()) {
                    indent(indent + 2);
                    out.write(e.getKey() + ": inlined callee: " + callee.function().name() + ": ");
                    print(callee, indent + 4);
                }
                printVtables(vtables.get(e.getKey()), e.getKey(), indent + 2);
            }
            indent(indent);
            out.write("}\n");
        } else {
            out.write("No inlined callsites in this function\n");
        }
    }

    private void printVtables(TreeMap<FunctionId, Long> types, LineLocation location, int indent) throws IOException {
        if (types == null) {
            return;
        }
        indent(indent);
        out.write(location + ": vtables: ");
        for (Map.Entry<FunctionId, Long> t : types.entrySet()) {
            out.write(t.getKey().name() + ":" + Long.toUnsignedString(t.getValue()) + " ");
        }
        out.write('\n');
    }

    private void indent(int n) throws IOException {
        for (int i = 0; i < n; i++) {
            out.write(' ');
        }
    }

    private void dumpJson(SampleProfile profile) throws IOException {
        LlvmJsonWriter json = new LlvmJsonWriter(out);
        json.beginArray();
        for (FunctionSamples f : SampleProfileOrder.sorted(profile.profiles().values())) {
            jsonFunction(json, f, true);
        }
        json.endArray();
        json.finish();
    }

    private static void jsonFunction(LlvmJsonWriter json, FunctionSamples f, boolean topLevel) throws IOException {
        json.beginObject();
        json.key("name");
        json.stringValue(f.function().name());
        json.key("total");
        json.unsignedValue(f.totalSamples());
        if (topLevel) {
            json.key("head");
            json.unsignedValue(f.headSamples());
        }
        if (!f.body().isEmpty()) {
            json.key("body");
            json.beginArray();
            for (Map.Entry<LineLocation, SampleRecord> e : f.body().entrySet()) {
                json.beginObject();
                jsonLocation(json, e.getKey());
                json.key("samples");
                json.unsignedValue(e.getValue().samples());
                if (e.getValue().hasTargets()) {
                    json.key("calls");
                    json.beginArray();
                    for (Map.Entry<FunctionId, Long> t : e.getValue().sortedTargets()) {
                        json.beginObject();
                        json.key("function");
                        json.stringValue(t.getKey().name());
                        json.key("samples");
                        json.unsignedValue(t.getValue());
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
            for (Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> e : f.callsites().entrySet()) {
                for (FunctionSamples callee : e.getValue().values()) {
                    json.beginObject();
                    jsonLocation(json, e.getKey());
                    json.key("samples");
                    json.beginArray();
                    jsonFunction(json, callee, false);
                    json.endArray();
                    json.endObject();
                }
            }
            json.endArray();
        }
        json.endObject();
    }

    private static void jsonLocation(LlvmJsonWriter json, LineLocation location) throws IOException {
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
