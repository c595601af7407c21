package dev.jprofdata.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.merge.overlap.CountSums;
import dev.jprofdata.merge.overlap.FunctionOverlap;
import dev.jprofdata.merge.overlap.OverlapResult;
import dev.jprofdata.merge.overlap.ProgramOverlap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * {@code overlap --show-format=json|yaml} (schema: {@code spec/json-output.md}). Functions selected
 * by {@code --function} / {@code --value-cutoff} are written as the comparison produces them; the
 * program-level result follows. Overlap scores and sums are doubles, as llvm-profdata computes them,
 * written in the shortest form that reads back to the same double.
 */
final class JsonOverlap {
    private final JsonGenerator gen;
    private final String format;
    private final Writer out;

    JsonOverlap(String format, Writer out, String baseFile, String testFile) throws IOException {
        this.gen = JsonReports.open(format, out);
        this.format = format;
        this.out = out;
        gen.writeStartObject();
        gen.writeNumberField("schemaVersion", JsonReports.SCHEMA_VERSION);
        gen.writeStringField("report", "overlap");
        JsonReports.writeName(gen, "base", baseFile);
        JsonReports.writeName(gen, "test", testFile);
        gen.writeArrayFieldStart("functions");
    }

    /** One function's comparison (a callback of the overlap computation). */
    void function(FunctionOverlap f) {
        try {
            gen.writeStartObject();
            JsonReports.writeName(gen, "name", f.name());
            JsonReports.writeU64(gen, "hash", f.hash());
            writeSums(gen, "overlap", f.overlap());
            writeSums(gen, "base", f.base());
            writeSums(gen, "test", f.test());
            gen.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ends the report with the program-level result. */
    void finish(OverlapResult result) throws IOException {
        gen.writeEndArray();
        if (result instanceof OverlapResult.Compared compared) {
            ProgramOverlap p = compared.program();
            gen.writeObjectFieldStart("program");
            writeSums(gen, "base", p.base());
            writeSums(gen, "test", p.test());
            writeSums(gen, "overlap", p.overlap());
            writeSums(gen, "mismatch", p.mismatch());
            writeSums(gen, "unique", p.unique());
            gen.writeEndObject();
        } else if (result instanceof OverlapResult.ZeroSum zero) {
            // One profile's counters sum to zero: nothing could be compared.
            JsonReports.writeName(gen, "zeroSumProfile", zero.file());
        }
        gen.writeEndObject();
        JsonReports.finish(gen, format, out);
    }

    private static void writeSums(JsonGenerator gen, String field, CountSums sums) throws IOException {
        gen.writeObjectFieldStart(field);
        JsonReports.writeU64(gen, "entries", sums.entries());
        gen.writeNumberField("edges", sums.edges());
        for (ValueKind kind : ValueKind.values()) {
            gen.writeNumberField(JsonReports.key(kind), sums.value(kind));
        }
        gen.writeEndObject();
    }
}
