package dev.jprofdata.cli;

import java.util.Set;

/**
 * llvm-profdata accepts {@code -opt} and {@code --opt} alike; picocli only knows the forms we
 * declare. This rewrites single-dash long options to the double-dash form before parsing.
 */
final class LlvmArgs {
    private LlvmArgs() {
    }

    /** Single-letter options that keep their single dash. */
    private static final Set<String> SHORT = Set.of("-o", "-j", "-f", "-r", "-h", "-V");

    static String[] normalize(String[] args) {
        String[] out = args.clone();
        boolean positionalOnly = false;
        for (int i = 0; i < out.length; i++) {
            String a = out[i];
            if (positionalOnly) {
                continue;
            }
            if (a.equals("--")) {
                positionalOnly = true;
                continue;
            }
            if (a.length() > 2 && a.charAt(0) == '-' && a.charAt(1) != '-') {
                String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                if (!SHORT.contains(name)) {
                    out[i] = "-" + a;
                }
            }
        }
        return out;
    }
}
