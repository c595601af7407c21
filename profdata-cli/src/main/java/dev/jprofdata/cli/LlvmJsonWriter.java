package dev.jprofdata.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

/**
 * JSON laid out byte for byte as LLVM's {@code json::OStream} with an indent of 2 writes it (what
 * {@code show --sample --show-format=json} prints): every array element and object member on its
 * own line, {@code "key": value}, empty containers as {@code []} and {@code {}}.
 *
 * <p>The writer takes one char per byte (ISO-8859-1), as {@link CommandOutput}'s does. Strings are
 * profile names in that form: bytes that are not valid UTF-8 become U+FFFD, as LLVM's
 * {@code fixUTF8} makes them, then {@code "} and {@code \} are escaped, tab, newline and carriage
 * return get short escapes and other control bytes a {@code u00XX} escape after the backslash.
 */
final class LlvmJsonWriter {
    private static final int INDENT = 2;

    private final Writer out;
    /** Per open container: whether it has a value yet. */
    private final ArrayDeque<boolean[]> stack = new ArrayDeque<>();
    private int indent;
    /** A member's key was just written: its value follows on the same line. */
    private boolean afterKey;

    LlvmJsonWriter(Writer out) {
        this.out = out;
    }

    void beginArray() throws IOException {
        beginValue();
        open('[');
    }

    void endArray() throws IOException {
        close(']');
    }

    void beginObject() throws IOException {
        beginValue();
        open('{');
    }

    void endObject() throws IOException {
        close('}');
    }

    /** An object member's key; the next value written is the member's value. */
    void key(String name) throws IOException {
        boolean[] top = stack.peek();
        if (top[0]) {
            out.write(',');
        }
        newline();
        top[0] = true;
        quote(name);
        out.write(": ");
        afterKey = true;
    }

    void unsignedValue(long value) throws IOException {
        beginValue();
        out.write(Long.toUnsignedString(value));
    }

    void stringValue(String latin1) throws IOException {
        beginValue();
        quote(latin1);
    }

    /** Writes the final newline LLVM adds after the document. */
    void finish() throws IOException {
        out.write('\n');
    }

    private void open(char bracket) throws IOException {
        stack.push(new boolean[1]);
        indent += INDENT;
        out.write(bracket);
    }

    private void close(char bracket) throws IOException {
        indent -= INDENT;
        if (stack.pop()[0]) {
            newline();
        }
        out.write(bracket);
    }

    private void beginValue() throws IOException {
        if (afterKey) {
            afterKey = false;
            return;
        }
        boolean[] top = stack.peek();
        if (top != null) {
            if (top[0]) {
                out.write(',');
            }
            newline();
            top[0] = true;
        }
    }

    private void newline() throws IOException {
        out.write('\n');
        for (int i = 0; i < indent; i++) {
            out.write(' ');
        }
    }

    private void quote(String latin1) throws IOException {
        out.write('"');
        for (byte raw : validUtf8(latin1)) {
            int c = raw & 0xFF;
            if (c == '"' || c == '\\') {
                out.write('\\');
            }
            if (c >= 0x20) {
                out.write(c);
                continue;
            }
            out.write('\\');
            if (c == '\t') {
                out.write('t');
            } else if (c == '\n') {
                out.write('n');
            } else if (c == '\r') {
                out.write('r');
            } else {
                out.write("u00");
                out.write(Character.forDigit(c >> 4, 16));
                out.write(Character.forDigit(c & 0xF, 16));
            }
        }
        out.write('"');
    }

    /** The string's bytes, with every ill-formed UTF-8 sequence replaced by U+FFFD's encoding. */
    private static byte[] validUtf8(String latin1) {
        byte[] bytes = latin1.getBytes(StandardCharsets.ISO_8859_1);
        boolean ascii = true;
        for (byte b : bytes) {
            if (b < 0) {
                ascii = false;
                break;
            }
        }
        if (ascii) {
            return bytes;
        }
        try {
            CharBuffer chars = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)
                    .decode(ByteBuffer.wrap(bytes));
            return chars.toString().getBytes(StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            // REPLACE never throws; keep the bytes if it ever did.
            return bytes;
        }
    }
}
