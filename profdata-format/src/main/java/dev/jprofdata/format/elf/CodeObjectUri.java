package dev.jprofdata.format.elf;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A loaded code object's URI as the ROCm loader and rocprofv3 give it:
 * {@code file://PATH[#offset=N&size=M]} names {@code M} bytes at {@code N} of a file (an
 * executable or shared library that embeds the code object, or the code object itself), and
 * {@code memory://PID#offset=N&size=M} names memory of the profiled process, which is gone when
 * the profile is read. The range may follow {@code ?} instead of {@code #}; numbers are C
 * literals (decimal, {@code 0x} hexadecimal, leading-0 octal); the path is percent-encoded.
 *
 * @param size the code object's size, or -1 when the URI names no range (the whole file)
 */
public record CodeObjectUri(String uri, Path path, long offset, long size) {
    /**
     * Parses {@code uri}. A {@code memory://} URI is an error of kind {@code NOT_FOUND} that says
     * the code object was not saved and how to give it; anything else that is not a
     * {@code file://} URI of the form above is {@code MALFORMED}.
     */
    public static CodeObjectUri parse(String uri) throws CodeObjectException {
        int schemeEnd = uri.indexOf("://");
        String scheme = schemeEnd < 0 ? "" : uri.substring(0, schemeEnd).toLowerCase(java.util.Locale.ROOT);
        if (scheme.equals("memory")) {
            throw new CodeObjectException(uri, -1, Kind.NOT_FOUND, "the code object " + uri
                    + " was loaded from the profiled process's memory and is not available; save it"
                    + " (for example with rocprofv3's code object capture) and give its file instead");
        }
        if (!scheme.equals("file")) {
            throw new CodeObjectException(uri, -1, Kind.MALFORMED,
                    "not a code object URI (expected file://PATH#offset=N&size=M)");
        }
        String rest = uri.substring(schemeEnd + 3);
        int hash = indexOfAny(rest, '#', '?');
        String encodedPath = hash < 0 ? rest : rest.substring(0, hash);
        if (encodedPath.isEmpty()) {
            throw new CodeObjectException(uri, -1, Kind.MALFORMED, "code object URI names no file");
        }
        Path path;
        try {
            path = Path.of(percentDecode(uri, encodedPath));
        } catch (java.nio.file.InvalidPathException e) {
            throw new CodeObjectException(uri, -1, Kind.MALFORMED, "code object URI path is not a valid path: "
                    + e.getReason());
        }
        if (hash < 0) {
            return new CodeObjectUri(uri, path, 0, -1);
        }
        long offset = -1;
        long size = -1;
        for (String part : rest.substring(hash + 1).split("&", -1)) {
            int eq = part.indexOf('=');
            String key = eq < 0 ? part : part.substring(0, eq);
            String value = eq < 0 ? "" : part.substring(eq + 1);
            switch (key) {
                case "offset" -> offset = number(uri, key, value);
                case "size" -> size = number(uri, key, value);
                default -> throw new CodeObjectException(uri, -1, Kind.MALFORMED,
                        "unknown code object URI parameter '" + part + "' (expected offset=N&size=M)");
            }
        }
        if (offset < 0 || size < 0) {
            throw new CodeObjectException(uri, -1, Kind.MALFORMED,
                    "code object URI range needs both offset=N and size=M");
        }
        if (size == 0) {
            throw new CodeObjectException(uri, -1, Kind.MALFORMED, "code object URI names an empty range (size=0)");
        }
        return new CodeObjectUri(uri, path, offset, size);
    }

    private static int indexOfAny(String s, char a, char b) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == a || s.charAt(i) == b) {
                return i;
            }
        }
        return -1;
    }

    private static long number(String uri, String key, String text) throws CodeObjectException {
        try {
            long value;
            if (text.startsWith("0x") || text.startsWith("0X")) {
                value = Long.parseLong(text.substring(2), 16);
            } else if (text.length() > 1 && text.startsWith("0")) {
                value = Long.parseLong(text.substring(1), 8);
            } else {
                value = Long.parseLong(text);
            }
            if (value < 0) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new CodeObjectException(uri, -1, Kind.MALFORMED,
                    "code object URI " + key + " '" + text + "' is not a number");
        }
    }

    private static String percentDecode(String uri, String text) throws CodeObjectException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%') {
                if (i + 2 >= text.length() || Character.digit(text.charAt(i + 1), 16) < 0
                        || Character.digit(text.charAt(i + 2), 16) < 0) {
                    throw new CodeObjectException(uri, -1, Kind.MALFORMED,
                            "bad percent escape in code object URI path");
                }
                out.write(Character.digit(text.charAt(i + 1), 16) << 4 | Character.digit(text.charAt(i + 2), 16));
                i += 2;
            } else {
                int end = i;
                while (end < text.length() && text.charAt(end) != '%') {
                    end++;
                }
                byte[] b = text.substring(i, end).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
                i = end - 1;
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
