package dev.jprofdata.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryBuilder;
import dev.jprofdata.format.summary.SummaryEntry;
import java.io.IOException;
import java.io.Writer;
import java.util.HexFormat;
import java.util.Locale;

/**
 * {@code show --show-format=json|yaml} for instrumentation profiles (schema: {@code
 * spec/json-output.md}). The same records as the text report are selected (the context-sensitivity
 * filter, {@code --all-functions}, {@code --function}); each shown function is written as soon as it
 * is read, with all its counters and value sites, and the summary follows the functions.
 */
final class JsonShow {
    private final ShowOptions options;
    private final ProfileReader reader;
    private final String format;
    private final Writer out;

    JsonShow(ShowOptions options, ProfileReader reader, String format, Writer out) {
        this.options = options;
        this.reader = reader;
        this.format = format;
        this.out = out;
    }

    void run() throws IOException {
        JsonGenerator gen = JsonReports.open(format, out);
        gen.writeStartObject();
        gen.writeNumberField("schemaVersion", JsonReports.SCHEMA_VERSION);
        gen.writeStringField("report", "show");
        gen.writeObjectFieldStart("profile");
        JsonReports.writeName(gen, "file", reader.fileName());
        gen.writeStringField("format", reader.format().name().toLowerCase(Locale.ROOT));
        JsonReports.writeU64(gen, "version", reader.displayVersion());
        JsonReports.writeKind(gen, reader.kind());
        gen.writeEndObject();

        // Without cutoffs the builder keeps no histogram of counter values: constant memory.
        SummaryBuilder summary = new SummaryBuilder(options.summaryCutoffs());
        boolean ir = reader.kind().isIr();
        gen.writeArrayFieldStart("functions");
        for (ProfileRecord r; (r = reader.next()) != null; ) {
            if (ir && r.isContextSensitive() != options.showCs()) {
                continue;
            }
            summary.add(r);
            if (options.shows(r.name())) {
                writeFunction(gen, r);
            }
        }
        gen.writeEndArray();
        writeSummary(gen, summary.build());
        if (options.binaryIds() && reader.format() != ProfileFormat.TEXT) {
            gen.writeArrayFieldStart("binaryIds");
            for (byte[] id : reader.binaryIds()) {
                gen.writeString(HexFormat.of().formatHex(id));
            }
            gen.writeEndArray();
        }
        if (options.temporalTraces()) {
            writeTraces(gen, reader.temporalTraces(1));
        }
        gen.writeEndObject();
        JsonReports.finish(gen, format, out);
    }

    private void writeFunction(JsonGenerator gen, ProfileRecord r) throws IOException {
        gen.writeStartObject();
        JsonReports.writeName(gen, "name", r.name());
        JsonReports.writeU64(gen, "hash", r.hash());
        gen.writeArrayFieldStart("counters");
        for (long c : r.counts()) {
            JsonReports.writeU64(gen, c);
        }
        gen.writeEndArray();
        if (r.bitmap().length > 0) {
            gen.writeArrayFieldStart("bitmap");
            for (byte b : r.bitmap()) {
                gen.writeNumber(b & 0xFF);
            }
            gen.writeEndArray();
        }
        if (r.waveCounts() != null) {
            gen.writeArrayFieldStart("waveCounts");
            for (long c : r.waveCounts()) {
                JsonReports.writeU64(gen, c);
            }
            gen.writeEndArray();
        }
        if (r.uniformityBits() != null) {
            // One entry per counter, as the GPU device data stores it (spec/offload.md).
            gen.writeArrayFieldStart("uniformBlocks");
            for (int i = 0; i < r.counts().length; i++) {
                gen.writeBoolean(r.offload().isUniform(i));
            }
            gen.writeEndArray();
        }
        if (r.hasValueSites()) {
            gen.writeObjectFieldStart("valueSites");
            for (ValueKind kind : ValueKind.values()) {
                ValueSite[] sites = r.sites(kind);
                if (sites.length == 0) {
                    continue;
                }
                gen.writeArrayFieldStart(JsonReports.key(kind));
                for (ValueSite site : sites) {
                    gen.writeStartArray();
                    for (int i = 0; i < site.size(); i++) {
                        gen.writeStartObject();
                        JsonReports.writeU64(gen, "value", site.value(i));
                        JsonReports.writeU64(gen, "count", site.count(i));
                        if (kind != ValueKind.MEMOP_SIZE) {
                            String target = reader.symbols().nameOf(site.value(i));
                            if (target != null) {
                                JsonReports.writeName(gen, "target", target);
                            }
                        }
                        gen.writeEndObject();
                    }
                    gen.writeEndArray();
                }
                gen.writeEndArray();
            }
            gen.writeEndObject();
        }
        gen.writeEndObject();
    }

    private static void writeSummary(JsonGenerator gen, ProfileSummary s) throws IOException {
        gen.writeObjectFieldStart("summary");
        JsonReports.writeU64(gen, "totalFunctions", s.numFunctions());
        JsonReports.writeU64(gen, "totalBlocks", s.numCounts());
        JsonReports.writeU64(gen, "totalCount", s.totalCount());
        JsonReports.writeU64(gen, "maxFunctionCount", s.maxFunctionCount());
        JsonReports.writeU64(gen, "maxBlockCount", s.maxCount());
        JsonReports.writeU64(gen, "maxInternalBlockCount", s.maxInternalCount());
        if (!s.entries().isEmpty()) {
            gen.writeArrayFieldStart("detailed");
            for (SummaryEntry e : s.entries()) {
                gen.writeStartObject();
                JsonReports.writeU64(gen, "cutoff", e.cutoff());
                JsonReports.writeU64(gen, "minCount", e.minCount());
                JsonReports.writeU64(gen, "numBlocks", e.numCounts());
                gen.writeEndObject();
            }
            gen.writeEndArray();
        }
        gen.writeEndObject();
    }

    private void writeTraces(JsonGenerator gen, TemporalTraces traces) throws IOException {
        gen.writeObjectFieldStart("temporalTraces");
        JsonReports.writeU64(gen, "streamSize", traces.streamSize());
        gen.writeArrayFieldStart("traces");
        for (TemporalTrace t : traces.traces()) {
            gen.writeStartObject();
            JsonReports.writeU64(gen, "weight", t.weight());
            gen.writeArrayFieldStart("functions");
            for (long hash : t.functionHashes()) {
                gen.writeStartObject();
                JsonReports.writeU64(gen, "hash", hash);
                String name = reader.symbols().nameOf(hash);
                if (name != null) {
                    JsonReports.writeName(gen, "name", name);
                }
                gen.writeEndObject();
            }
            gen.writeEndArray();
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeEndObject();
    }
}
