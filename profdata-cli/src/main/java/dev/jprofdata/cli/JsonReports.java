package dev.jprofdata.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ValueKind;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * The machine-readable reports of {@code show} and {@code overlap} ({@code spec/json-output.md}):
 * a streaming JSON or YAML generator over a command's output, and the field conventions both
 * reports share. Everything is written as it is produced, so memory does not grow with the profile.
 */
final class JsonReports {
    /** Bumped whenever a field changes meaning or disappears; adding fields keeps the version. */
    static final int SCHEMA_VERSION = 1;

    private JsonReports() {
    }

    /** The {@code --show-format} values with a machine-readable report. */
    static boolean isStructured(String format) {
        return format.equals("json") || format.equals("yaml");
    }

    /**
     * A generator writing UTF-8 into {@code out}. {@link CommandOutput}'s writer takes one byte per
     * char (profile names are carried that way), so the encoded bytes are passed on as chars 0-255.
     */
    static JsonGenerator open(String format, Writer out) throws IOException {
        OutputStream bytes = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                out.write(b & 0xFF);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                char[] chars = new char[len];
                for (int i = 0; i < len; i++) {
                    chars[i] = (char) (b[off + i] & 0xFF);
                }
                out.write(chars, 0, len);
            }
        };
        JsonGenerator gen;
        if (format.equals("yaml")) {
            YAMLFactory factory = YAMLFactory.builder()
                    .disable(YAMLGenerator.Feature.SPLIT_LINES)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                    .build();
            gen = factory.createGenerator(bytes, JsonEncoding.UTF8);
        } else {
            gen = new JsonFactory().createGenerator(bytes, JsonEncoding.UTF8);
            // Objects one field per line, arrays (counters) on one line.
            gen.setPrettyPrinter(new DefaultPrettyPrinter());
        }
        // The command output is committed or abandoned by the command, never closed by Jackson.
        gen.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        return gen;
    }

    /** Ends the document with a newline, as text reports end. */
    static void finish(JsonGenerator gen, String format, Writer out) throws IOException {
        // Closing ends the YAML document; the target stays open (AUTO_CLOSE_TARGET is off).
        gen.close();
        if (!format.equals("yaml")) {
            out.write('\n');
        }
    }

    /** An unsigned 64-bit value as an exact JSON integer (never a float, never negative). */
    static void writeU64(JsonGenerator gen, String field, long value) throws IOException {
        gen.writeFieldName(field);
        writeU64(gen, value);
    }

    static void writeU64(JsonGenerator gen, long value) throws IOException {
        if (value >= 0) {
            gen.writeNumber(value);
        } else {
            gen.writeNumber(new java.math.BigInteger(Long.toUnsignedString(value)));
        }
    }

    /**
     * A profile name. Names are raw bytes (carried as ISO-8859-1 chars); JSON text is Unicode, so a
     * name that is valid UTF-8 is written decoded, and any other name is written with U+FFFD for
     * the bad bytes plus {@code <field>Bytes}, the exact bytes in hex.
     */
    static void writeName(JsonGenerator gen, String field, String name) throws IOException {
        byte[] raw = name.getBytes(StandardCharsets.ISO_8859_1);
        try {
            String decoded = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(raw)).toString();
            gen.writeStringField(field, decoded);
        } catch (CharacterCodingException e) {
            gen.writeStringField(field, new String(raw, StandardCharsets.UTF_8));
            gen.writeStringField(field + "Bytes", HexFormat.of().formatHex(raw));
        }
    }

    /** The JSON key of a value kind. */
    static String key(ValueKind kind) {
        return switch (kind) {
            case INDIRECT_CALL_TARGET -> "indirectCall";
            case MEMOP_SIZE -> "memopSize";
            case VTABLE_TARGET -> "vtable";
        };
    }

    /** The profile kind as flags. */
    static void writeKind(JsonGenerator gen, ProfileKind kind) throws IOException {
        gen.writeObjectFieldStart("kind");
        gen.writeStringField("instrumentation", kind.isIr() ? "IR" : "FE");
        gen.writeBooleanField("contextSensitive", kind.isContextSensitive());
        gen.writeBooleanField("entryFirst", kind.has(ProfileKind.ENTRY_FIRST));
        gen.writeBooleanField("loopEntries", kind.has(ProfileKind.LOOP_ENTRIES));
        gen.writeBooleanField("singleByteCoverage", kind.isByteCoverage());
        gen.writeBooleanField("functionEntryOnly", kind.has(ProfileKind.FUNCTION_ENTRY_ONLY));
        gen.writeBooleanField("memoryProfile", kind.has(ProfileKind.MEMPROF));
        gen.writeBooleanField("temporal", kind.isTemporal());
        gen.writeEndObject();
    }
}
