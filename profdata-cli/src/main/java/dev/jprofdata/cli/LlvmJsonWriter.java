package dev.jprofdata.cli;

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
final class LlvmJsonWriter implements StructuredWriter {
    private static final int INDENT = 2;

    private final BlockTextWriter out;
    /** Per open container: whether it has a value yet. */
    private final ArrayDeque<boolean[]> stack = new ArrayDeque<>();
    private int indent;
    /** A member's key was just written: its value follows on the same line. */
    private boolean afterKey;

    LlvmJsonWriter(BlockTextWriter out) {
        this.out = out;
    }

    @Override
    public void beginArray() {
        beginValue();
        open('[');
    }

    @Override
    public void endArray() {
        close(']');
    }

    @Override
    public void beginObject() {
        beginValue();
        open('{');
    }

    @Override
    public void endObject() {
        close('}');
    }

    /** An object member's key; the next value written is the member's value. */
    @Override
    public void key(String name) {
        boolean[] top = stack.peek();
        if (top[0]) {
            out.ch(',');
        }
        newline();
        top[0] = true;
        quote(name);
        out.ch(':').ch(' ');
        afterKey = true;
    }

    @Override
    public void unsignedValue(long value) {
        beginValue();
        out.unsigned(value);
    }

    @Override
    public void name(String field, String latin1) {
        key(field);
        stringValue(latin1);
    }

    void stringValue(String latin1) {
        beginValue();
        quote(latin1);
    }

    /** Writes the final newline LLVM adds after the document. */
    @Override
    public void finish() {
        out.ch('\n');
    }

    private void open(char bracket) {
        stack.push(new boolean[1]);
        indent += INDENT;
        out.ch(bracket);
    }

    private void close(char bracket) {
        indent -= INDENT;
        if (stack.pop()[0]) {
            newline();
        }
        out.ch(bracket);
    }

    private void beginValue() {
        if (afterKey) {
            afterKey = false;
            return;
        }
        boolean[] top = stack.peek();
        if (top != null) {
            if (top[0]) {
                out.ch(',');
            }
            newline();
            top[0] = true;
        }
    }

    private void newline() {
        out.ch('\n');
        for (int i = 0; i < indent; i++) {
            out.ch(' ');
        }
    }

    private void quote(String latin1) {
        out.ch('"');
        if (plain(latin1)) {
            out.text(latin1);
            out.ch('"');
            return;
        }
        for (byte raw : validUtf8(latin1)) {
            int c = raw & 0xFF;
            if (c == '"' || c == '\\') {
                out.ch('\\');
            }
            if (c >= 0x20) {
                out.ch((char) c);
                continue;
            }
            out.ch('\\');
            if (c == '\t') {
                out.ch('t');
            } else if (c == '\n') {
                out.ch('n');
            } else if (c == '\r') {
                out.ch('r');
            } else {
                out.ch('u').ch('0').ch('0');
                out.ch(Character.forDigit(c >> 4, 16));
                out.ch(Character.forDigit(c & 0xF, 16));
            }
        }
        out.ch('"');
    }

    /** Whether {@code s} is printable ASCII without a quote or backslash: written as it is. */
    private static boolean plain(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
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
