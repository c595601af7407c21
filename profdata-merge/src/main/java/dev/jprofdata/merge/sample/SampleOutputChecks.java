package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import java.util.ArrayList;
import java.util.List;

/**
 * What llvm-profdata says about the output of a sample merge before writing it: formats it refuses
 * for the merged profile, and writer options the chosen format ignores (its warnings, word for
 * word, in its order).
 */
public final class SampleOutputChecks {
    /** LLVM's message for a format that cannot hold the profile (or is never written). */
    public static final String UNSUPPORTED = "Profile encoding format unsupported for writing operations";

    private SampleOutputChecks() {
    }

    /**
     * Whether {@code format} can be written for {@code profile}: GCC's format never is, and the raw
     * binary format holds neither pseudo-probe checksums nor calling contexts.
     */
    public static boolean writable(SampleFormat format, SampleProfile profile) {
        return switch (format) {
            case GCC -> false;
            case BINARY -> !profile.flags().probeBased() && !profile.flags().contextSensitive();
            default -> true;
        };
    }

    /**
     * The warnings for writer options {@code format} ignores, in llvm-profdata's order. A text
     * output takes {@code splitLayout} (as {@code !Flat} markers) but drops the symbol list.
     */
    public static List<String> warnings(SampleFormat format, boolean splitLayout, boolean symbolListNotEmpty,
            boolean compressAllSections, boolean useMd5, boolean partialProfile) {
        List<String> w = new ArrayList<>();
        boolean ext = format == SampleFormat.EXTBINARY;
        if (splitLayout && format == SampleFormat.BINARY) {
            w.add("-split-layout is ignored. Specify -extbinary to enable it");
        }
        if (symbolListNotEmpty && !ext) {
            w.add("Profile Symbol list is not empty but the output format is not ExtBinary format. "
                    + "The list will be lost in the output. ");
        }
        if (compressAllSections && !ext) {
            w.add("-compress-all-section is ignored. Specify -extbinary to enable it");
        }
        if (useMd5 && !ext) {
            w.add("-use-md5 is ignored. Specify -extbinary to enable it");
        }
        if (partialProfile && !ext) {
            w.add("-gen-partial-profile is ignored. Specify -extbinary to enable it");
        }
        return w;
    }

    /**
     * The symbols of a {@code --prof-sym-list} file: one per line, each trimmed of blanks; empty
     * lines are skipped (a line of blanks gives an empty symbol, as in llvm-profdata).
     */
    public static List<String> symbolListFile(byte[] bytes) {
        List<String> symbols = new ArrayList<>();
        String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        for (String line : text.split("\n", -1)) {
            if (!line.isEmpty()) {
                symbols.add(trim(line));
            }
        }
        return symbols;
    }

    private static String trim(String s) {
        int b = 0;
        int e = s.length();
        while (b < e && " \t\n\u000b\f\r".indexOf(s.charAt(b)) >= 0) {
            b++;
        }
        while (e > b && " \t\n\u000b\f\r".indexOf(s.charAt(e - 1)) >= 0) {
            e--;
        }
        return s.substring(b, e);
    }
}
