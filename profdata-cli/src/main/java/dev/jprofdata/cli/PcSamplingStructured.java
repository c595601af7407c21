package dev.jprofdata.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jprofdata.format.pcsampling.SamplingMethod;
import dev.jprofdata.format.pcsampling.SourceFrame;
import dev.jprofdata.merge.pcsampling.Diagnosis;
import dev.jprofdata.merge.pcsampling.DispatchSummary;
import dev.jprofdata.merge.pcsampling.InstructionSummary;
import dev.jprofdata.merge.pcsampling.Invariant;
import dev.jprofdata.merge.pcsampling.KernelSummary;
import dev.jprofdata.merge.pcsampling.InlinedCallSummary;
import dev.jprofdata.merge.pcsampling.LineSummary;
import dev.jprofdata.merge.pcsampling.PcSamplingReport;
import dev.jprofdata.merge.pcsampling.SampleTally;
import dev.jprofdata.merge.pcsampling.Timeline;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

/**
 * The JSON and YAML forms of {@code pc-sampling report} (spec/pc-sampling.md, "Report"): every
 * table of the text form, with counts instead of percentages, streamed through Jackson's generator.
 */
final class PcSamplingStructured {
    /** Bumped when a field changes meaning or disappears. */
    static final int SCHEMA_VERSION = 1;

    private final JsonGenerator g;
    private final int topn;

    private PcSamplingStructured(JsonGenerator g, int topn) {
        this.g = g;
        this.topn = topn;
    }

    static void write(Writer out, String format, PcSamplingReport r, List<String> files, int topn) throws IOException {
        JsonGenerator g = JsonReports.open(format, out);
        new PcSamplingStructured(g, topn).report(r, files);
        JsonReports.finish(g, format, out);
    }

    private void report(PcSamplingReport r, List<String> files) throws IOException {
        g.writeStartObject();
        g.writeNumberField("schemaVersion", SCHEMA_VERSION);
        g.writeStringField("method", r.method() == SamplingMethod.STOCHASTIC ? "stochastic" : "host_trap");
        g.writeArrayFieldStart("inputs");
        for (String f : files) {
            g.writeString(f);
        }
        g.writeEndArray();
        g.writeBooleanField("arbiterState", r.arbiterState());
        g.writeNumberField("dropped", r.dropped());
        g.writeNumberField("undecodable", r.undecodable());
        strings("notes", r.notes());
        strings("warnings", r.warnings());
        g.writeArrayFieldStart("invariantViolations");
        for (Map.Entry<Invariant, Long> v : r.violations().entrySet()) {
            g.writeStartObject();
            g.writeStringField("rule", v.getKey().name());
            g.writeStringField("description", v.getKey().description());
            g.writeNumberField("samples", v.getValue());
            g.writeStringField("first", r.violationExamples().get(v.getKey()));
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeFieldName("total");
        metrics(r.total());
        g.writeArrayFieldStart("kernels");
        for (KernelSummary k : r.kernels()) {
            kernel(k);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private void strings(String field, List<String> values) throws IOException {
        g.writeArrayFieldStart(field);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    private <T> List<T> top(List<T> all) {
        return topn == 0 || all.size() <= topn ? all : all.subList(0, topn);
    }

    private void kernel(KernelSummary k) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", k.name());
        g.writeBooleanField("known", k.known());
        g.writeFieldName("metrics");
        metrics(k.tally());
        strings("diagnosis", Diagnosis.of(k.tally()));
        if (k.lineRange() != null) {
            g.writeObjectFieldStart("lineRange");
            g.writeStringField("range", k.lineRange().range().toString());
            g.writeFieldName("inRange");
            metrics(k.lineRange().inRange());
            g.writeEndObject();
        }
        g.writeNumberField("instructionCount", k.instructions().size());
        g.writeArrayFieldStart("instructions");
        for (InstructionSummary i : top(k.instructions())) {
            g.writeStartObject();
            g.writeNumberField("codeObjectOffset", i.codeObjectOffset());
            g.writeStringField("instruction", i.instruction());
            g.writeArrayFieldStart("frames");
            for (SourceFrame f : i.frames()) {
                g.writeStartObject();
                if (f.function() != null) {
                    g.writeStringField("function", f.function());
                }
                g.writeStringField("file", f.file());
                g.writeNumberField("line", f.line());
                g.writeNumberField("column", f.column());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeFieldName("metrics");
            metrics(i.tally());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeNumberField("lineCount", k.lines().size());
        g.writeArrayFieldStart("lines");
        for (LineSummary l : top(k.lines())) {
            g.writeStartObject();
            g.writeStringField("line", l.fileLine());
            g.writeNumberField("instructions", l.instructions());
            g.writeFieldName("metrics");
            metrics(l.tally());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeNumberField("inlinedCallCount", k.inlinedCalls().size());
        g.writeArrayFieldStart("inlinedCalls");
        for (InlinedCallSummary c : top(k.inlinedCalls())) {
            g.writeStartObject();
            if (c.function() != null) {
                g.writeStringField("function", c.function());
            }
            g.writeStringField("callSite", c.callSite());
            g.writeNumberField("instructions", c.instructions());
            g.writeFieldName("metrics");
            metrics(c.tally());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeNumberField("dispatchCount", k.dispatches().size());
        g.writeArrayFieldStart("dispatches");
        for (DispatchSummary d : top(k.dispatches())) {
            g.writeStartObject();
            g.writeNumberField("dispatchId", d.dispatchId());
            g.writeStringField("process", d.process());
            g.writeFieldName("metrics");
            metrics(d.tally());
            timeline(d.timeline());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** The used bins of a dispatch's timeline: start (raw timestamp), width, samples and mean waves each. */
    private void timeline(Timeline t) throws IOException {
        int first = t.firstUsed();
        int last = t.lastUsed();
        if (last < first) {
            return;
        }
        g.writeObjectFieldStart("timeline");
        g.writeNumberField("start", t.start() + (long) first * t.binWidth());
        g.writeNumberField("binWidth", t.binWidth());
        g.writeArrayFieldStart("bins");
        for (int i = first; i <= last; i++) {
            g.writeStartObject();
            g.writeNumberField("samples", t.samples(i));
            g.writeNumberField("waveSum", t.waveSum(i));
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private void counts(String field, List<Map.Entry<String, Long>> entries) throws IOException {
        g.writeObjectFieldStart(field);
        for (Map.Entry<String, Long> e : entries) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }

    private void metrics(SampleTally t) throws IOException {
        g.writeStartObject();
        g.writeNumberField("samples", t.samples());
        g.writeNumberField("issued", t.issued());
        g.writeNumberField("stalled", t.stalled());
        counts("stallReasons", t.stallReasons().sorted());
        counts("instructionTypes", t.instructionTypes().sorted());
        if (t.waveSamples() > 0) {
            g.writeObjectFieldStart("waves");
            g.writeNumberField("samples", t.waveSamples());
            g.writeNumberField("sum", t.waveSum());
            g.writeNumberField("min", t.waveMin());
            g.writeNumberField("max", t.waveMax());
            long[] h = t.occupancyHistogram();
            if (h.length > 0) {
                g.writeObjectFieldStart("histogram");
                for (int i = 0; i < h.length; i++) {
                    if (h[i] > 0) {
                        g.writeNumberField(i == h.length - 1 ? i + "+" : Integer.toString(i), h[i]);
                    }
                }
                g.writeEndObject();
            }
            g.writeEndObject();
        }
        if (t.arbiterSamples() > 0) {
            g.writeObjectFieldStart("arbiter");
            g.writeNumberField("samples", t.arbiterSamples());
            g.writeNumberField("ipcSum", t.ipcSum());
            g.writeNumberField("ipc", t.ipc());
            g.writeNumberField("dualIssue", t.dualIssue());
            g.writeNumberField("simdLatency", t.simdLatency());
            g.writeNumberField("arbiterNotWin", t.arbiterNotWin());
            g.writeNumberField("oversubscribed", t.oversubscribed());
            g.writeNumberField("pipeNotReady", t.arbiterNotWinPipeNotReady());
            g.writeNumberField("arbiterWinExStall", t.arbiterWinExStall());
            g.writeNumberField("backpressured", t.backpressured());
            g.writeObjectFieldStart("pipes");
            for (int i = 0; i < SampleTally.PIPES.length; i++) {
                g.writeObjectFieldStart(SampleTally.PIPES[i].jsonSuffix());
                g.writeNumberField("progress", t.progress(i));
                g.writeNumberField("latency", t.pipeLatency(i));
                g.writeNumberField("frontendLatency", t.frontendLatency(i));
                g.writeNumberField("oversubscribed", t.oversubscribed(i));
                g.writeNumberField("backpressured", t.backpressured(i));
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndObject();
    }
}
