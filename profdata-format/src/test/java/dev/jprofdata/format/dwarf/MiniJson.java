package dev.jprofdata.format.dwarf;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Just enough JSON to read llvm-symbolizer's {@code --output-style=JSON} lines in the tests
 * (profdata-format has no JSON library): objects, arrays, strings, integers, booleans, null.
 */
final class MiniJson {
    private final String text;
    private int pos;

    private MiniJson(String text) {
        this.text = text;
    }

    static Object parse(String text) {
        MiniJson p = new MiniJson(text);
        Object v = p.value();
        p.space();
        if (p.pos != text.length()) {
            throw new IllegalArgumentException("trailing text at " + p.pos + ": " + text);
        }
        return v;
    }

    private void space() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private Object value() {
        space();
        char c = text.charAt(pos);
        switch (c) {
            case '{': {
                pos++;
                Map<String, Object> map = new LinkedHashMap<>();
                space();
                if (text.charAt(pos) == '}') {
                    pos++;
                    return map;
                }
                while (true) {
                    space();
                    String key = string();
                    space();
                    expect(':');
                    map.put(key, value());
                    space();
                    if (text.charAt(pos) == ',') {
                        pos++;
                        continue;
                    }
                    expect('}');
                    return map;
                }
            }
            case '[': {
                pos++;
                List<Object> list = new ArrayList<>();
                space();
                if (text.charAt(pos) == ']') {
                    pos++;
                    return list;
                }
                while (true) {
                    list.add(value());
                    space();
                    if (text.charAt(pos) == ',') {
                        pos++;
                        continue;
                    }
                    expect(']');
                    return list;
                }
            }
            case '"':
                return string();
            case 't':
                pos += 4;
                return Boolean.TRUE;
            case 'f':
                pos += 5;
                return Boolean.FALSE;
            case 'n':
                pos += 4;
                return null;
            default: {
                int start = pos;
                while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
                    pos++;
                }
                return Long.parseLong(text.substring(start, pos));
            }
        }
    }

    private void expect(char c) {
        if (text.charAt(pos) != c) {
            throw new IllegalArgumentException("expected " + c + " at " + pos + ": " + text);
        }
        pos++;
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\\') {
                char e = text.charAt(pos++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                        pos += 4;
                    }
                    default -> sb.append(e);
                }
            } else {
                sb.append(c);
            }
        }
    }
}
