package dev.jprofdata.cli;

import dev.jprofdata.merge.pcsampling.DispatchSummary;
import dev.jprofdata.merge.pcsampling.InstructionSummary;
import dev.jprofdata.merge.pcsampling.KernelSummary;
import dev.jprofdata.merge.pcsampling.InlinedCallSummary;
import dev.jprofdata.merge.pcsampling.LineSummary;
import dev.jprofdata.merge.pcsampling.PcSamplingReport;
import dev.jprofdata.merge.pcsampling.SampleTally;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * The CSV form of {@code pc-sampling report}: one table for every level, a {@code level} column
 * saying which (kernel, line_range, instruction, line, inlined_call — its function in the
 * {@code instruction} column, its call site in {@code line} — and dispatch), fixed columns for the counts
 * (one per gfx9 stall reason and instruction type, plus {@code *_other} for names this version
 * does not know), RFC 4180 quoting.
 */
final class PcSamplingCsv {
    static final List<String> REASONS = List.of("NO_INSTRUCTION_AVAILABLE", "ALU_DEPENDENCY", "WAITCNT",
            "INTERNAL_INSTRUCTION", "BARRIER_WAIT", "ARBITER_NOT_WIN", "ARBITER_WIN_EX_STALL", "OTHER_WAIT", "SLEEP_WAIT");
    static final List<String> TYPES = List.of("VALU", "MATRIX", "SCALAR", "TEX", "LDS", "LDS_DIRECT", "FLAT", "EXPORT",
            "MESSAGE", "BARRIER", "BRANCH_NOT_TAKEN", "BRANCH_TAKEN", "JUMP", "OTHER", "NO_INST", "DUAL_VALU");

    private final Writer w;
    private final int topn;

    private PcSamplingCsv(Writer w, int topn) {
        this.w = w;
        this.topn = topn;
    }

    static void write(Writer w, PcSamplingReport r, int topn) throws IOException {
        new PcSamplingCsv(w, topn).write(r);
    }

    private void write(PcSamplingReport r) throws IOException {
        List<String> header = new ArrayList<>(List.of("level", "kernel", "dispatch", "process", "code_object_offset",
                "instruction", "line", "samples", "issued", "stalled"));
        REASONS.forEach(x -> header.add("stall_" + x));
        header.add("stall_other");
        TYPES.forEach(x -> header.add("type_" + x));
        header.add("type_other");
        header.addAll(List.of("arbiter_samples", "ipc", "simd_latency", "oversubscribed", "backpressured",
                "wave_samples", "wave_mean", "wave_min", "wave_max"));
        row(header);
        for (KernelSummary k : r.kernels()) {
            row(k.tally(), "kernel", k.name(), "", "", "", "", "");
            if (k.lineRange() != null) {
                row(k.lineRange().inRange(), "line_range", k.name(), "", "", "", "", k.lineRange().range().toString());
            }
            for (InstructionSummary i : top(k.instructions())) {
                row(i.tally(), "instruction", k.name(), "", "",
                        i.codeObjectOffset() < 0 ? "" : Long.toString(i.codeObjectOffset()), i.instruction(), i.leafLine());
            }
            for (LineSummary l : top(k.lines())) {
                row(l.tally(), "line", k.name(), "", "", "", "", l.fileLine());
            }
            for (InlinedCallSummary c : top(k.inlinedCalls())) {
                row(c.tally(), "inlined_call", k.name(), "", "", "", c.function() == null ? "" : c.function(),
                        c.callSite());
            }
            for (DispatchSummary d : top(k.dispatches())) {
                row(d.tally(), "dispatch", k.name(), Long.toString(d.dispatchId()), d.process(), "", "", "");
            }
        }
    }

    private <T> List<T> top(List<T> all) {
        return topn == 0 || all.size() <= topn ? all : all.subList(0, topn);
    }

    private void row(SampleTally t, String... keys) throws IOException {
        List<String> f = new ArrayList<>(List.of(keys));
        f.add(Long.toString(t.samples()));
        f.add(Long.toString(t.issued()));
        f.add(Long.toString(t.stalled()));
        long known = 0;
        for (String x : REASONS) {
            long n = t.stallReasons().get(x);
            known += n;
            f.add(Long.toString(n));
        }
        f.add(Long.toString(t.stallReasons().total() - known));
        known = 0;
        for (String x : TYPES) {
            long n = t.instructionTypes().get(x);
            known += n;
            f.add(Long.toString(n));
        }
        f.add(Long.toString(t.instructionTypes().total() - known));
        boolean arbiter = t.arbiterSamples() > 0;
        f.add(Long.toString(t.arbiterSamples()));
        f.add(arbiter ? String.format(java.util.Locale.ROOT, "%.6f", t.ipc()) : "");
        f.add(arbiter ? Long.toString(t.simdLatency()) : "");
        f.add(arbiter ? Long.toString(t.oversubscribed()) : "");
        f.add(arbiter ? Long.toString(t.backpressured()) : "");
        f.add(Long.toString(t.waveSamples()));
        f.add(t.waveSamples() > 0 ? String.format(java.util.Locale.ROOT, "%.6f", t.waveMean()) : "");
        f.add(t.waveSamples() > 0 ? Integer.toString(t.waveMin()) : "");
        f.add(t.waveSamples() > 0 ? Integer.toString(t.waveMax()) : "");
        row(f);
    }

    private void row(List<String> fields) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            String v = fields.get(i);
            if (i > 0) {
                sb.append(',');
            }
            if (v.indexOf(',') >= 0 || v.indexOf('"') >= 0 || v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0) {
                sb.append('"').append(v.replace("\"", "\"\"")).append('"');
            } else {
                sb.append(v);
            }
        }
        w.write(PcSamplingText.bytes(sb.toString()));
        w.write('\n');
    }
}
