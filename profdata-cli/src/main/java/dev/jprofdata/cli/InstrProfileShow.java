package dev.jprofdata.cli;

import dev.jprofdata.format.BatchReader;
import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ReadAhead;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.offload.UniformityBits;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryEntry;
import dev.jprofdata.format.text.TextProfileWriter;
import java.io.IOException;
import java.util.HexFormat;
import java.util.List;

/**
 * The report of {@code show} for an instrumentation profile, printed as llvm-profdata 22 prints it.
 *
 * <p>Records are streamed: each is printed (if shown) and added to a freshly built summary as it is
 * read; only the top-N / hot-list candidates are kept. The summary is recomputed from the records
 * that pass the context-sensitivity filter (the summary stored in indexed files is not used).
 */
final class InstrProfileShow {
    // The text of every shown function's lines, encoded once.
    private static final byte[] INDENT = latin1("  ");
    private static final byte[] HASH = latin1(":\n    Hash: ");
    private static final byte[] COUNTERS = latin1("    Counters: ");
    private static final byte[] FUNCTION_COUNT = latin1("    Function count: ");
    private static final byte[] BLOCK_COUNTS = latin1("    Block counts: [");

    private final ShowOptions options;
    private final ProfileReader reader;
    private final BlockTextWriter out;
    /** The summary and the count below {@code --value-cutoff}, whichever way records are read. */
    private final CountsTally total;
    private final HottestFunctions hottest;
    private final ValueSiteStats[] stats = new ValueSiteStats[ValueKind.COUNT];
    private final boolean ir;
    private long shownFunctions;

    InstrProfileShow(ShowOptions options, ProfileReader reader, BlockTextWriter out) {
        this.options = options;
        this.reader = reader;
        this.out = out;
        this.ir = reader.kind().isIr();
        this.total = new CountsTally(ir, options.showCs(), options.valueCutoff(), options.summaryCutoffs());
        this.hottest = new HottestFunctions(options.topN(), options.hotFunctionList());
        for (ValueKind kind : ValueKind.values()) {
            stats[kind.number()] = new ValueSiteStats(kind);
        }
    }

    /** Prints the whole report; reader errors propagate (the caller drops the output). */
    void run() throws IOException {
        if (!options.text() && options.listBelowCutoff()) {
            out.write("The list of functions with the maximum counter less than "
                    + options.valueCutoff() + ":\n");
        }
        if (options.text()) {
            TextProfileWriter.writeShowHeader(reader.kind(), out);
        }
        if (onlyCountsNeeded()) {
            reader.scanCounts(total);
            printSummary(total.summary().build());
            return;
        }
        boolean valueSites = options.icTargets() || options.vtables() || options.memopSizes() || options.text();
        if (!valueSites) {
            reader.omitValueSites();
        }
        if (!valueSites && !options.covered() && !options.listBelowCutoff() && !hottest.wanted()
                && reader instanceof BatchReader batches && batches.readsBatches()) {
            showBatches(batches);
            printSummary(total.summary().build());
            return;
        }
        ProfileRecord record;
        while ((record = reader.next()) != null) {
            // IR profiles keep CS and non-CS records apart; others have no CS records to filter.
            if (ir && record.isContextSensitive() != options.showCs()) {
                continue;
            }
            visit(record);
        }
        if (options.text() || options.covered()) {
            return;
        }
        printSummary(total.summary().build());
    }

    /**
     * Whether the report needs nothing of a record but its hash and counters: no function is printed
     * or listed by name. Readers can then skip building names, bitmaps and value sites.
     */
    private boolean onlyCountsNeeded() {
        return !options.allFunctions() && options.function().isEmpty() && !options.text() && !options.covered()
                && !options.listBelowCutoff() && !hottest.wanted();
    }

    /**
     * The report when a record is nothing but its name, hash and counters to it (no value sites,
     * no lists): records come in batches, read on a second thread while this one prints, and no
     * object is built per record.
     */
    private void showBatches(BatchReader batches) throws IOException {
        try (ReadAhead ahead = new ReadAhead(batches)) {
            RecordBatch batch;
            while ((batch = ahead.next()) != null) {
                long[] counts = batch.counts();
                for (int i = 0; i < batch.size(); i++) {
                    int from = batch.countsStart(i);
                    int to = batch.countsEnd(i);
                    CountsTally.Verdict verdict = total.add(batch.hash(i), counts, from, to);
                    // A name becomes a String only for --function's substring test.
                    if (verdict == CountsTally.Verdict.OTHER_CONTEXT || verdict == CountsTally.Verdict.BELOW_CUTOFF
                            || !(options.allFunctions() || options.shows(batch.name(i)))) {
                        continue;
                    }
                    printHeader(batch.names(), batch.nameStart(i), batch.nameEnd(i), batch.hash(i));
                    if (verdict == CountsTally.Verdict.PSEUDO) {
                        printPseudo(counts[from], to - from);
                        continue;
                    }
                    out.bytes(COUNTERS).unsigned(to - from).ch('\n');
                    if (!ir) {
                        out.bytes(FUNCTION_COUNT).unsigned(counts[from]).ch('\n');
                    }
                    if (options.counts()) {
                        printBlockCounts(counts, from, to);
                    }
                }
            }
        }
    }

    private void visit(ProfileRecord r) throws IOException {
        boolean show = options.shows(r.name());
        if (show && options.text()) {
            // Dumped records do not count in the summary, which is not printed anyway.
            TextProfileWriter.writeRecord(r, reader.symbols(), out);
            return;
        }
        long[] counts = r.counts();
        // The records of the other context sensitivity were skipped before: never OTHER_CONTEXT here.
        CountsTally.Verdict verdict = total.add(r.hash(), counts, 0, counts.length);
        if (options.covered()) {
            for (long c : counts) {
                if (c != 0) {
                    out.write(r.name() + "\n");
                    break;
                }
            }
            return;
        }
        if (verdict == CountsTally.Verdict.PSEUDO) {
            if (show) {
                printHeader(r);
                printPseudo(counts[0], counts.length);
            }
            return;
        }
        long max = CountsTally.maxCount(counts, counts.length);
        if (verdict == CountsTally.Verdict.BELOW_CUTOFF) {
            if (options.listBelowCutoff()) {
                long sum = 0;
                for (long c : counts) {
                    sum += c;
                }
                out.write("  " + r.name() + ": (Max = " + Long.toUnsignedString(max)
                        + " Sum = " + Long.toUnsignedString(sum) + ")\n");
            }
            return;
        }
        if (options.listBelowCutoff()) {
            return;
        }
        if (hottest.wanted()) {
            hottest.add(r.name(), max);
        }
        if (show) {
            printFunction(r);
        }
    }

    /** The first lines of a shown function ("Counters:" before the first one). */
    private void printHeader(ProfileRecord r) {
        startFunction();
        out.bytes(INDENT).text(r.name()).bytes(HASH).hex16(r.hash()).ch('\n');
    }

    /** {@link #printHeader(ProfileRecord)} for a name given as {@code name[from..to)}. */
    private void printHeader(byte[] name, int from, int to, long hash) {
        startFunction();
        out.bytes(INDENT).bytes(name, from, to).bytes(HASH).hex16(hash).ch('\n');
    }

    private void startFunction() {
        if (shownFunctions == 0) {
            out.text("Counters:\n");
        }
        shownFunctions++;
    }

    /** A record that carries LLVM's pseudo-count marker instead of counts. */
    private void printPseudo(long marker, int numCounts) {
        out.bytes(COUNTERS).unsigned(numCounts)
                .text(marker == ProfileRecord.PSEUDO_HOT ? "    <PseudoHot>\n" : "    <PseudoWarm>\n");
    }

    /** Front-end profiles print counter 0 as "Function count" instead. */
    private void printBlockCounts(long[] counts, int from, int to) {
        out.bytes(BLOCK_COUNTS);
        for (int i = ir ? from : from + 1; i < to; i++) {
            if (i != (ir ? from : from + 1)) {
                out.ch(',').ch(' ');
            }
            out.unsigned(counts[i]);
        }
        out.ch(']').ch('\n');
    }

    private void printFunction(ProfileRecord r) throws IOException {
        long[] counts = r.counts();
        printHeader(r);
        out.bytes(COUNTERS).unsigned(counts.length).ch('\n');
        if (r.offload() != null && r.offload().slotsPerBlock() > 0) {
            // A raw GPU device record: the counts above are its per-wave slots reduced per block.
            int k = r.offload().slotsPerBlock();
            out.write("    Device slots: " + (long) counts.length * k + " (" + counts.length + " blocks x " + k
                    + " slots, NumOffloadProfilingThreads " + (k - 1) + ")\n");
        }
        if (!ir) {
            out.bytes(FUNCTION_COUNT).unsigned(counts[0]).ch('\n');
        }
        if (options.icTargets()) {
            out.write("    Indirect Call Site Count: " + r.numSites(ValueKind.INDIRECT_CALL_TARGET) + "\n");
        }
        if (options.vtables()) {
            out.write("    Number of instrumented vtables: " + r.numSites(ValueKind.VTABLE_TARGET) + "\n");
        }
        int memopSites = r.numSites(ValueKind.MEMOP_SIZE);
        boolean memop = options.memopSizes() && memopSites > 0;
        if (memop) {
            out.write("    Number of Memory Intrinsics Calls: " + memopSites + "\n");
        }
        if (options.counts()) {
            printBlockCounts(counts, 0, counts.length);
            long[] waves = r.waveCounts();
            if (waves != null && waves.length > 0) {
                // The offload fork's line (raw v12, indexed v15): every wave counter, none skipped.
                StringBuilder w = new StringBuilder("    Block wave counts: [");
                for (int i = 0; i < waves.length; i++) {
                    w.append(i == 0 ? "" : ", ").append(Long.toUnsignedString(waves[i]));
                }
                out.write(w.append("]\n").toString());
            }
            byte[] bits = UniformityShow.bitsOf(r);
            if (bits != null) {
                // The offload fork's line: one U/D per block, same indexes as the counts above.
                out.write("    Block uniformity: " + UniformityBits.pattern(bits, ir ? 0 : 1, counts.length) + "\n");
            }
        }
        if (options.icTargets()) {
            out.write("    Indirect Target Results:\n");
            stats[ValueKind.INDIRECT_CALL_TARGET.number()].printSites(r, reader.symbols(), out);
        }
        if (options.vtables()) {
            out.write("    VTable Results:\n");
            stats[ValueKind.VTABLE_TARGET.number()].printSites(r, reader.symbols(), out);
        }
        if (memop) {
            out.write("    Memory Intrinsic Size Results:\n");
            stats[ValueKind.MEMOP_SIZE.number()].printSites(r, reader.symbols(), out);
        }
    }

    private void printSummary(ProfileSummary s) throws IOException {
        ProfileKind kind = reader.kind();
        out.write("Instrumentation level: " + (ir ? "IR" : "Front-end"));
        if (ir) {
            out.write("  entry_first = " + (kind.has(ProfileKind.ENTRY_FIRST) ? 1 : 0)
                    + "  instrument_loop_entries = " + (kind.has(ProfileKind.LOOP_ENTRIES) ? 1 : 0));
        }
        out.write("\n");
        if (options.allFunctions() || !options.function().isEmpty()) {
            out.write("Functions shown: " + shownFunctions + "\n");
        }
        out.write("Total functions: " + s.numFunctions() + "\n");
        out.write("Maximum function count: " + Long.toUnsignedString(s.maxFunctionCount()) + "\n");
        out.write("Maximum internal block count: " + Long.toUnsignedString(s.maxInternalCount()) + "\n");
        out.write("Total number of blocks: " + s.numCounts() + "\n");
        out.write("Total count: " + Long.toUnsignedString(s.totalCount()) + "\n");
        if (options.valueCutoff() > 0) {
            out.write("Number of functions with maximum count (< " + options.valueCutoff() + "): " + total.belowCutoff() + "\n");
            out.write("Number of functions with maximum count (>= " + options.valueCutoff() + "): "
                    + Long.toUnsignedString(s.numFunctions() - total.belowCutoff()) + "\n");
        }
        List<HottestFunctions.Entry> hot = hottest.sorted();
        if (options.topN() > 0) {
            out.write("Top " + options.topN() + " functions with the largest internal block counts: \n");
            for (int i = 0; i < hot.size() && i < options.topN(); i++) {
                out.write("  " + hot.get(i).name() + ", max count = " + Long.toUnsignedString(hot.get(i).max()) + "\n");
            }
        }
        if (options.hotFunctionList()) {
            long threshold = hotThreshold(s);
            out.write("# Hot count threshold: " + Long.toUnsignedString(threshold) + "\n");
            for (HottestFunctions.Entry e : hot) {
                if (Long.compareUnsigned(e.max(), threshold) < 0) {
                    break;
                }
                out.write(e.name() + "\n");
            }
        }
        printStatistics("Statistics for indirect call sites profile:\n", options.icTargets(), ValueKind.INDIRECT_CALL_TARGET);
        printStatistics("Statistics for vtable profile:\n", options.vtables(), ValueKind.VTABLE_TARGET);
        printStatistics("Statistics for memory intrinsic calls sizes profile:\n", options.memopSizes(), ValueKind.MEMOP_SIZE);
        if (options.detailedSummary()) {
            printDetailedSummary(s);
        }
        if (options.binaryIds() && reader.format() != ProfileFormat.TEXT) {
            // Text profiles have no binary IDs; llvm-profdata prints not even the title for them.
            out.write("Binary IDs: \n");
            for (byte[] id : reader.binaryIds()) {
                out.write(HexFormat.of().formatHex(id) + "\n");
            }
        }
        if (options.profileVersion()) {
            out.write("Profile version: " + Long.toUnsignedString(reader.displayVersion()) + "\n");
        }
        if (options.temporalTraces()) {
            printTraces(reader.temporalTraces(1));
        }
    }

    private void printStatistics(String title, boolean wanted, ValueKind kind) throws IOException {
        if (wanted && shownFunctions > 0) {
            out.write(title);
            stats[kind.number()].printStatistics(out);
        }
    }

    /**
     * The minimum count of the first detailed-summary entry whose cutoff reaches the hot cutoff
     * ({@code --profile-summary-cutoff-hot}, 990000 by default), unless a count is forced.
     */
    private long hotThreshold(ProfileSummary s) {
        if (options.hotCount() != null) {
            return options.hotCount();
        }
        // LLVM compares the unsigned cutoffs with the int option converted to unsigned.
        long wanted = options.hotCutoff() & 0xFFFF_FFFFL;
        for (SummaryEntry e : s.entries()) {
            if (e.cutoff() >= wanted) {
                return e.minCount();
            }
        }
        // llvm-profdata aborts here ("Desired percentile exceeds the maximum cutoff").
        throw new CliException("desired percentile exceeds the maximum cutoff: --hot-func-list needs a "
                + "--detailed-summary-cutoffs value of at least " + wanted);
    }

    private void printDetailedSummary(ProfileSummary s) throws IOException {
        DetailedSummaryText.printEntries(out, s);
    }

    private void printTraces(TemporalTraces traces) throws IOException {
        List<TemporalTrace> list = traces.traces();
        out.write("Temporal Profile Traces (samples=" + list.size() + " seen="
                + Long.toUnsignedString(traces.streamSize()) + "):\n");
        for (int i = 0; i < list.size(); i++) {
            TemporalTrace t = list.get(i);
            out.write("  Temporal Profile Trace " + i + " (weight=" + Long.toUnsignedString(t.weight())
                    + " count=" + t.length() + "):\n");
            for (long hash : t.functionHashes()) {
                String name = reader.symbols().nameOf(hash);
                out.write("    " + (name == null ? "" : name) + "\n");
            }
        }
    }

    private static byte[] latin1(String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
