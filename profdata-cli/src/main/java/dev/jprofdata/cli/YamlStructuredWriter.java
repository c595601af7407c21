package dev.jprofdata.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;

/**
 * The function dump of {@code show --sample --show-format=yaml} (a jprofdata extension; LLVM
 * refuses YAML for sample profiles): the structure of LLVM's JSON dump as a YAML document, written
 * through the same Jackson generator as the instrumentation reports, with their conventions for
 * unsigned numbers and names ({@code spec/json-output.md}).
 */
final class YamlStructuredWriter implements StructuredWriter {
    private final JsonGenerator gen;
    private final Writer out;

    YamlStructuredWriter(Writer out) throws IOException {
        this.out = out;
        this.gen = JsonReports.open("yaml", out);
    }

    @Override
    public void beginArray() throws IOException {
        gen.writeStartArray();
    }

    @Override
    public void endArray() throws IOException {
        gen.writeEndArray();
    }

    @Override
    public void beginObject() throws IOException {
        gen.writeStartObject();
    }

    @Override
    public void endObject() throws IOException {
        gen.writeEndObject();
    }

    @Override
    public void key(String name) throws IOException {
        gen.writeFieldName(name);
    }

    @Override
    public void unsignedValue(long value) throws IOException {
        JsonReports.writeU64(gen, value);
    }

    @Override
    public void name(String field, String latin1) throws IOException {
        JsonReports.writeName(gen, field, latin1);
    }

    @Override
    public void finish() throws IOException {
        JsonReports.finish(gen, "yaml", out);
    }
}
