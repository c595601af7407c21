package dev.jprofdata.format.io;

import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Path;

/**
 * File names as bytes, whatever the locale.
 *
 * <p>On Unix a file name is a sequence of bytes in no particular encoding. The JVM turns names into
 * Strings and back with one charset taken from the locale when it starts ({@code sun.jnu.encoding},
 * which the command line cannot change): ASCII under {@code LANG=C} or with no locale set (as in
 * containers and CI), where every other byte becomes U+FFFD and the name can no longer be used; and
 * UTF-8 elsewhere, where a byte sequence that is not UTF-8 is lost the same way. jprofdata carries
 * file names as <em>byte strings</em> instead: Strings with one char per byte (ISO-8859-1), the same
 * convention as the function names it reads from profiles, so that a name printed back gives the
 * user's bytes.
 *
 * <p>A byte string becomes a {@link Path} here without the JVM's charset: element by element, each
 * as a {@code file:} URI whose bytes are all %-escaped, which the default file system decodes to
 * exactly those bytes. A
 * {@link Path} read from a directory keeps the bytes the system gave, and {@link #fileName} gets
 * them back the same way ({@link Path#toUri()} escapes the raw bytes).
 */
public final class FileNames {
    private FileNames() {
    }

    /** The charset the JVM uses for file names, command-line arguments and system properties. */
    public static final Charset JVM_CHARSET = jvmCharset();

    /**
     * The file a byte string names: a relative {@code name} is resolved against {@code base}. A
     * String with chars above U+00FF is no byte string (a name from Java code); it is encoded with
     * the JVM's charset, as {@link Path#resolve(String)} does. Nothing is normalised: {@code ..}
     * stays for the system to follow, as it would in the name as typed.
     */
    public static Path resolve(Path base, String name) {
        if (isAscii(name) || !isByteString(name) || base.getFileSystem() != FileSystems.getDefault()) {
            return base.resolve(name);
        }
        Path path = name.charAt(0) == '/' ? base.getFileSystem().getPath("/") : base;
        for (String element : name.split("/")) {
            if (!element.isEmpty()) {
                path = path.resolve(isAscii(element) ? base.getFileSystem().getPath(element) : element(element));
            }
        }
        return path;
    }

    /**
     * One name element (no {@code /}) with exactly these bytes, as a relative path: the last element
     * of a {@code file:} URI whose bytes are all %-escaped.
     */
    private static Path element(String bytes) {
        StringBuilder uri = new StringBuilder("file:///");
        for (int i = 0; i < bytes.length(); i++) {
            int c = bytes.charAt(i);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
                    || c == '.' || c == '~') {
                uri.append((char) c);
            } else {
                uri.append('%').append(HEX[c >> 4]).append(HEX[c & 15]);
            }
        }
        return Path.of(URI.create(uri.toString())).getFileName();
    }

    /**
     * {@code path} with its last element replaced by {@code fileName} (a byte string), as
     * {@link Path#resolveSibling(String)} does.
     */
    public static Path resolveSibling(Path path, String fileName) {
        Path parent = path.getParent();
        if (parent != null) {
            return resolve(parent, fileName);
        }
        return resolve(path.getFileSystem().getPath(""), fileName);
    }

    /** The last element of {@code path} as a byte string ({@code ""} for a root). */
    public static String fileName(Path path) {
        Path name = path.getFileName();
        if (name == null) {
            return "";
        }
        String text = name.toString();
        // A name decoded as pure ASCII was ASCII bytes in every charset a JVM uses for names.
        if (isAscii(text) || !"file".equals(path.getFileSystem().provider().getScheme())) {
            return text;
        }
        // The URI of the whole path (a relative one would be resolved against the JVM's idea of the
        // working directory, which can itself be mangled): its last element, %-escapes decoded.
        String raw = path.toAbsolutePath().toUri().getRawPath();
        int end = raw.endsWith("/") && raw.length() > 1 ? raw.length() - 1 : raw.length();
        int start = raw.lastIndexOf('/', end - 1) + 1;
        StringBuilder out = new StringBuilder(end - start);
        for (int i = start; i < end; i++) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < end) {
                out.append((char) Integer.parseInt(raw, i + 1, i + 3, 16));
                i += 2;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * A String the JVM decoded with its own charset (a system property, an environment variable)
     * as a byte string: the bytes it came from, as far as the charset could keep them.
     */
    public static String fromJvmString(String text) {
        if (isAscii(text)) {
            return text;
        }
        return new String(text.getBytes(JVM_CHARSET), StandardCharsets.ISO_8859_1);
    }

    /** Whether every char is below U+0080. */
    public static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** Whether every char is at most U+00FF, so that the String can stand for bytes. */
    private static boolean isByteString(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0xFF) {
                return false;
            }
        }
        return true;
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private static Charset jvmCharset() {
        try {
            return Charset.forName(System.getProperty("sun.jnu.encoding"));
        } catch (RuntimeException e) {
            return Charset.defaultCharset();
        }
    }
}
