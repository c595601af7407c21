package dev.jprofdata.cli;

import dev.jprofdata.format.pcsampling.SamplingMethod;
import dev.jprofdata.merge.pcsampling.Diagnosis;
import dev.jprofdata.merge.pcsampling.DispatchSummary;
import dev.jprofdata.merge.pcsampling.InstructionSummary;
import dev.jprofdata.merge.pcsampling.Invariant;
import dev.jprofdata.merge.pcsampling.KernelSummary;
import dev.jprofdata.merge.pcsampling.LineRangeSummary;
import dev.jprofdata.merge.pcsampling.InlinedCallSummary;
import dev.jprofdata.merge.pcsampling.LineSummary;
import dev.jprofdata.merge.pcsampling.PcSamplingReport;
import dev.jprofdata.merge.pcsampling.SampleTally;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The text form of {@code pc-sampling report}: a summary, then each kernel's tables. */
final class PcSamplingText {
    private final Writer w;
    private final PcSamplingReport r;
    private final int topn;
    private final boolean stochastic;

    private PcSamplingText(Writer w, PcSamplingReport r, int topn) {
        this.w = w;
        this.r = r;
        this.topn = topn;
        this.stochastic = r.method() == SamplingMethod.STOCHASTIC;
    }

    static void write(Writer w, PcSamplingReport r, List<String> files, int topn) throws IOException {
        new PcSamplingText(w, r, topn).write(files);
    }

    /** Text read from the inputs (Unicode) as the output's one-byte chars: its UTF-8 bytes. */
    static String bytes(String s) {
        return new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    private void line(String s) throws IOException {
        w.write(bytes(s));
        w.write('\n');
    }

    private void write(List<String> files) throws IOException {
        SampleTally t = r.total();
        line("PC sampling report: " + (stochastic ? "stochastic" : "host-trap") + " samples, " + files.size()
                + (files.size() == 1 ? " input file" : " input files"));
        line("samples: " + t.samples() + (r.dropped() > 0 ? " (" + r.dropped() + " more left out by --kernel/--dispatch)" : "")
                + (r.undecodable() > 0 ? ", of which " + r.undecodable() + " undecodable (unknown code object)" : ""));
        for (String n : r.notes()) {
            line("note: " + n);
        }
        for (String warning : r.warnings()) {
            line("warning: " + warning);
        }
        for (Map.Entry<Invariant, Long> v : r.violations().entrySet()) {
            line("warning: " + v.getValue() + " samples break an invariant: " + v.getKey().description()
                    + " (first at " + r.violationExamples().get(v.getKey()) + ")");
        }
        line("");
        kernelTable();
        for (KernelSummary k : r.kernels()) {
            line("");
            kernel(k);
        }
    }

    private void kernelTable() throws IOException {
        line("Kernels");
        List<String[]> rows = new ArrayList<>();
        rows.add(stochastic ? new String[] {"samples", "share", "issued", "top stall reasons (of stalled)", "IPC", "waves",
            "dispatches", "kernel"} : new String[] {"samples", "share", "dispatches", "kernel"});
        for (KernelSummary k : r.kernels()) {
            SampleTally t = k.tally();
            rows.add(stochastic ? new String[] {Long.toString(t.samples()), pct(t.samples(), r.total().samples()),
                pct(t.issued(), t.samples()), topReasons(t, 2), ipc(t), mean(t.waveMean()),
                Integer.toString(k.dispatches().size()), k.name()}
                : new String[] {Long.toString(t.samples()), pct(t.samples(), r.total().samples()),
                    Integer.toString(k.dispatches().size()), k.name()});
        }
        table(rows);
    }

    private void kernel(KernelSummary k) throws IOException {
        SampleTally t = k.tally();
        line("Kernel: " + k.name());
        if (stochastic) {
            line("  samples " + t.samples() + " in " + k.dispatches().size() + " dispatches; issued " + t.issued() + " ("
                    + pct(t.issued(), t.samples()) + "), stalled " + t.stalled() + " (" + pct(t.stalled(), t.samples())
                    + ")");
            line("  stall reasons (of " + t.stalled() + " stalled samples): " + counts(t.stallReasons().sorted(), t.stalled()));
            line("  instruction mix (of " + t.issued() + " issued samples): "
                    + counts(t.instructionTypes().sorted(), t.issued()));
            line("  occupancy (waves per CU): mean " + mean(t.waveMean()) + ", min " + t.waveMin() + ", max "
                    + t.waveMax() + "; histogram " + histogram(t.occupancyHistogram()));
            if (t.arbiterSamples() > 0) {
                arbiter(t);
            }
            for (String d : Diagnosis.of(t)) {
                line("  diagnosis: " + d);
            }
        } else {
            line("  samples " + t.samples() + " in " + k.dispatches().size() + " dispatches (host trap: counts only)");
        }
        if (k.lineRange() != null) {
            lineRange(k.lineRange());
        }
        instructions(k);
        lines(k);
        inlinedCalls(k);
        dispatches(k);
    }

    private void arbiter(SampleTally t) throws IOException {
        line("  arbiter (of " + t.arbiterSamples() + " samples with arbiter state): IPC estimate " + ipc(t)
                + ", SIMD latency " + pct(t.simdLatency(), t.arbiterSamples()) + ", oversubscribed " + t.oversubscribed()
                + ", backpressured " + t.backpressured());
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"pipe", "progress", "latency", "frontend latency", "oversubscribed", "backpressured"});
        for (int i = 0; i < SampleTally.PIPES.length; i++) {
            rows.add(new String[] {SampleTally.PIPES[i].name(), pct(t.progress(i), t.arbiterSamples()),
                pct(t.pipeLatency(i), t.arbiterSamples()), pct(t.frontendLatency(i), t.arbiterSamples()),
                Long.toString(t.oversubscribed(i)), Long.toString(t.backpressured(i))});
        }
        indent(rows, "    ");
    }

    private void lineRange(LineRangeSummary range) throws IOException {
        SampleTally in = range.inRange();
        SampleTally all = range.kernel();
        line("  Line range " + range.range() + ": " + in.samples() + " of " + all.samples() + " samples ("
                + pct(in.samples(), all.samples()) + ")");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"metric", "in range", "whole kernel"});
        rows.add(new String[] {"samples", Long.toString(in.samples()), Long.toString(all.samples())});
        if (stochastic) {
            rows.add(new String[] {"issued", in.issued() + " (" + pct(in.issued(), in.samples()) + ")",
                all.issued() + " (" + pct(all.issued(), all.samples()) + ")"});
            rows.add(new String[] {"stall reasons", counts(in.stallReasons().sorted(), in.stalled()),
                counts(all.stallReasons().sorted(), all.stalled())});
            rows.add(new String[] {"instruction mix", counts(in.instructionTypes().sorted(), in.issued()),
                counts(all.instructionTypes().sorted(), all.issued())});
            rows.add(new String[] {"IPC estimate", ipc(in), ipc(all)});
            rows.add(new String[] {"SIMD latency", in.arbiterSamples() == 0 ? "n/a" : pct(in.simdLatency(), in.arbiterSamples()),
                all.arbiterSamples() == 0 ? "n/a" : pct(all.simdLatency(), all.arbiterSamples())});
            rows.add(new String[] {"oversubscribed", Long.toString(in.oversubscribed()), Long.toString(all.oversubscribed())});
            rows.add(new String[] {"backpressured", Long.toString(in.backpressured()), Long.toString(all.backpressured())});
            rows.add(new String[] {"mean waves", mean(in.waveMean()), mean(all.waveMean())});
        }
        indent(rows, "    ");
    }

    private void instructions(KernelSummary k) throws IOException {
        List<InstructionSummary> list = top(k.instructions());
        line("  Instructions (" + shown(list.size(), k.instructions().size()) + ", most samples first)");
        List<String[]> rows = new ArrayList<>();
        rows.add(stochastic ? new String[] {"samples", "issued", "stall reasons", "offset", "instruction", "line"}
                : new String[] {"samples", "offset", "instruction", "line"});
        for (InstructionSummary i : list) {
            String offset = i.codeObjectOffset() < 0 ? "-" : "0x" + Long.toHexString(i.codeObjectOffset());
            SampleTally t = i.tally();
            rows.add(stochastic ? new String[] {Long.toString(t.samples()), Long.toString(t.issued()), topReasons(t, 2),
                offset, i.instruction(), i.leafLine()}
                : new String[] {Long.toString(t.samples()), offset, i.instruction(), i.leafLine()});
        }
        indent(rows, "    ");
    }

    private void lines(KernelSummary k) throws IOException {
        List<LineSummary> list = top(k.lines());
        line("  Source lines (leaf file:line; " + shown(list.size(), k.lines().size()) + ")");
        List<String[]> rows = new ArrayList<>();
        rows.add(stochastic ? new String[] {"samples", "issued", "stall reasons", "instructions", "line"}
                : new String[] {"samples", "instructions", "line"});
        for (LineSummary l : list) {
            SampleTally t = l.tally();
            String name = l.fileLine().isEmpty() ? "(unknown)" : l.fileLine();
            rows.add(stochastic ? new String[] {Long.toString(t.samples()), Long.toString(t.issued()), topReasons(t, 3),
                Integer.toString(l.instructions()), name}
                : new String[] {Long.toString(t.samples()), Integer.toString(l.instructions()), name});
        }
        indent(rows, "    ");
    }

    /** The inlined calls of the kernel, when its source stacks have any. */
    private void inlinedCalls(KernelSummary k) throws IOException {
        if (k.inlinedCalls().isEmpty()) {
            return;
        }
        List<InlinedCallSummary> list = top(k.inlinedCalls());
        line("  Inlined calls (samples inside each inlined function, by call site; "
                + shown(list.size(), k.inlinedCalls().size()) + ")");
        List<String[]> rows = new ArrayList<>();
        rows.add(stochastic ? new String[] {"samples", "issued", "stall reasons", "instructions", "function", "called at"}
                : new String[] {"samples", "instructions", "function", "called at"});
        for (InlinedCallSummary c : list) {
            SampleTally t = c.tally();
            String function = c.function() == null ? "(inlined)" : c.function();
            rows.add(stochastic ? new String[] {Long.toString(t.samples()), Long.toString(t.issued()), topReasons(t, 3),
                Integer.toString(c.instructions()), function, c.callSite()}
                : new String[] {Long.toString(t.samples()), Integer.toString(c.instructions()), function, c.callSite()});
        }
        indent(rows, "    ");
    }

    private void dispatches(KernelSummary k) throws IOException {
        List<DispatchSummary> sorted = new ArrayList<>(k.dispatches());
        sorted.sort((a, b) -> Long.compare(b.tally().samples(), a.tally().samples()));
        List<DispatchSummary> list = top(sorted);
        line("  Dispatches (" + shown(list.size(), k.dispatches().size()) + ", most samples first)");
        List<String[]> rows = new ArrayList<>();
        rows.add(stochastic ? new String[] {"dispatch", "samples", "issued", "waves", "waves by quarter", "process"}
                : new String[] {"dispatch", "samples", "process"});
        for (DispatchSummary d : list) {
            SampleTally t = d.tally();
            rows.add(stochastic ? new String[] {Long.toString(d.dispatchId()), Long.toString(t.samples()),
                pct(t.issued(), t.samples()), mean(t.waveMean()), quarters(d.timeline()), d.process()}
                : new String[] {Long.toString(d.dispatchId()), Long.toString(t.samples()), d.process()});
        }
        indent(rows, "    ");
    }

    /** The mean wave count in each quarter of the dispatch's sampled time ("-" for none). */
    private static String quarters(dev.jprofdata.merge.pcsampling.Timeline t) {
        StringBuilder sb = new StringBuilder();
        for (double v : t.meanWavesIn(4)) {
            sb.append(sb.length() == 0 ? "" : " ").append(Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v));
        }
        return sb.toString();
    }

    private <T> List<T> top(List<T> all) {
        return topn == 0 || all.size() <= topn ? all : all.subList(0, topn);
    }

    private static String shown(int shown, int all) {
        return shown == all ? "all " + all : "top " + shown + " of " + all;
    }

    private void table(List<String[]> rows) throws IOException {
        indent(rows, "  ");
    }

    /** Left-aligned columns, two spaces apart; the last column is not padded. */
    private void indent(List<String[]> rows, String prefix) throws IOException {
        int cols = rows.get(0).length;
        int[] width = new int[cols];
        for (String[] row : rows) {
            for (int c = 0; c < cols; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder sb = new StringBuilder(prefix);
            for (int c = 0; c < cols; c++) {
                sb.append(row[c]);
                if (c < cols - 1) {
                    sb.append(" ".repeat(width[c] - row[c].length() + 2));
                }
            }
            line(sb.toString().stripTrailing());
        }
    }

    static String pct(long part, long whole) {
        return Diagnosis.percent(part, whole);
    }

    static String ipc(SampleTally t) {
        return t.arbiterSamples() == 0 ? "n/a" : String.format(Locale.ROOT, "%.3f", t.ipc());
    }

    static String mean(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String counts(List<Map.Entry<String, Long>> entries, long whole) {
        if (entries.isEmpty()) {
            return "-";
        }
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Long> e : entries) {
            sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue()).append(" (")
                    .append(pct(e.getValue(), whole)).append(')');
        }
        return sb.toString();
    }

    private static String topReasons(SampleTally t, int n) {
        List<Map.Entry<String, Long>> e = t.stallReasons().sorted();
        if (e.isEmpty()) {
            return "-";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(n, e.size()); i++) {
            sb.append(i == 0 ? "" : ", ").append(e.get(i).getKey()).append(' ').append(e.get(i).getValue());
        }
        return sb.append(e.size() > n ? ", ..." : "").toString();
    }

    private static String histogram(long[] h) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < h.length; i++) {
            if (h[i] > 0) {
                sb.append(sb.length() == 0 ? "" : " ").append(i == h.length - 1 ? i + "+" : Integer.toString(i))
                        .append(':').append(h[i]);
            }
        }
        return sb.length() == 0 ? "-" : sb.toString();
    }
}
