package dev.jprofdata.cli;

import dev.jprofdata.format.io.FileNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The process's own names as byte strings ({@link FileNames}): its command-line arguments and its
 * working directory. The JVM decodes both with the locale's charset when it starts, which loses
 * every byte that charset cannot decode: every non-ASCII byte under {@code LANG=C} or with no
 * locale at all, and any byte sequence that is not UTF-8 under a UTF-8 locale. On Linux the exact
 * bytes are in {@code /proc/self}; elsewhere the decoded Strings are all there is.
 */
final class ProcessNames {
    private ProcessNames() {
    }

    /**
     * The arguments as byte strings. Pure ASCII arguments are the usual case and are returned as
     * they are; otherwise the bytes come from {@code /proc/self/cmdline}, whose last entries are
     * the arguments (checked against what the JVM decoded, so that nothing is mixed up).
     *
     * @throws CliException when an argument held bytes the JVM could not decode and the exact
     *     bytes cannot be read back: a name made from the decoded text would name another file
     */
    static String[] arguments(String[] args) {
        boolean ascii = true;
        for (String a : args) {
            ascii &= FileNames.isAscii(a);
        }
        if (ascii) {
            return args;
        }
        String[] exact = fromProcCmdline(args);
        if (exact != null) {
            return exact;
        }
        String[] bytes = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            if (args[i].indexOf('\uFFFD') >= 0) {
                throw new CliException("argument " + (i + 1) + " holds bytes that the character set of this locale ("
                        + FileNames.JVM_CHARSET.name() + ") cannot decode, and they cannot be read back here: run"
                        + " jprofdata in a UTF-8 locale (for example LC_ALL=C.UTF-8) or through the jprofdata launcher");
            }
            bytes[i] = FileNames.fromJvmString(args[i]);
        }
        return bytes;
    }

    /**
     * The working directory. The JVM's idea of it ({@code user.dir}) is decoded text too, and a
     * non-ASCII directory under {@code LANG=C} comes out with {@code ?} for its bytes: a directory
     * that does not exist, against which the JVM would resolve every relative path.
     */
    static Path workingDirectory() {
        Path jvm = Path.of("").toAbsolutePath();
        if (FileNames.isAscii(System.getProperty("user.dir", ""))) {
            return jvm;
        }
        try {
            // The link's target is read as bytes and kept as bytes.
            Path exact = Files.readSymbolicLink(Path.of("/proc/self/cwd"));
            if (exact.isAbsolute() && Files.isDirectory(exact)) {
                return exact;
            }
        } catch (IOException | RuntimeException e) {
            // No /proc (not Linux): the JVM's directory is all there is.
        }
        return jvm;
    }

    /** The last {@code args.length} entries of {@code /proc/self/cmdline}, or null when they do not match. */
    private static String[] fromProcCmdline(String[] args) {
        byte[] cmdline;
        try {
            cmdline = Files.readAllBytes(Path.of("/proc/self/cmdline"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
        List<byte[]> entries = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= cmdline.length; i++) {
            if (i == cmdline.length ? i > start : cmdline[i] == 0) {
                entries.add(java.util.Arrays.copyOfRange(cmdline, start, i));
                start = i + 1;
            }
        }
        int first = entries.size() - args.length;
        if (first < 0) {
            return null;
        }
        String[] exact = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            byte[] entry = entries.get(first + i);
            if (!decodesTo(entry, args[i])) {
                return null;
            }
            exact[i] = new String(entry, StandardCharsets.ISO_8859_1);
        }
        return exact;
    }

    /**
     * Whether the JVM could have decoded {@code bytes} as {@code arg}: the same text in its charset,
     * or at least the same ASCII characters (a decoder may put {@code ?} or U+FFFD, one or several,
     * for what it cannot decode).
     */
    private static boolean decodesTo(byte[] bytes, String arg) {
        if (new String(bytes, FileNames.JVM_CHARSET).equals(arg)) {
            return true;
        }
        StringBuilder fromBytes = new StringBuilder();
        for (byte b : bytes) {
            if (b >= 0 && b != '?') {
                fromBytes.append((char) b);
            }
        }
        StringBuilder fromArg = new StringBuilder();
        for (int i = 0; i < arg.length(); i++) {
            char c = arg.charAt(i);
            if (c < 0x80 && c != '?') {
                fromArg.append(c);
            }
        }
        return fromBytes.toString().contentEquals(fromArg);
    }
}
