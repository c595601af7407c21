package dev.jprofdata.cli;

import java.io.IOException;

/**
 * Nested objects and arrays of profile names and unsigned numbers: how {@code show --sample}
 * writes its function dump, once for both structured formats. {@link LlvmJsonWriter} lays it out
 * as LLVM's JSON, byte for byte; {@link YamlStructuredWriter} as a YAML document of the same shape.
 */
interface StructuredWriter {
    void beginArray() throws IOException;

    void endArray() throws IOException;

    void beginObject() throws IOException;

    void endObject() throws IOException;

    /** An object member's key; the next value written is the member's value. */
    void key(String name) throws IOException;

    void unsignedValue(long value) throws IOException;

    /** The member {@code field} whose value is a profile name (its bytes carried as ISO-8859-1 chars). */
    void name(String field, String latin1) throws IOException;

    /** Ends the document. */
    void finish() throws IOException;
}
