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
    /** Single-letter options that take a value, which LLVM refuses to see glued to it ({@code -j1}). */
    private static final Set<String> SHORT_WITH_VALUE = Set.of("-o", "-j", "-f", "-r");

    /** A value glued to a single-letter option, which llvm-profdata rejects. */
    static final class GroupedShortOption extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** {@code command}: the subcommand the option was given to (null: none). */
        GroupedShortOption(String command, String option, String arg) {
            super("jprofdata: for the " + option + " option: may not occur within a group!\n"
                    + "jprofdata: Unknown command line argument '" + arg + "'.  Try: 'jprofdata "
                    + (command == null ? "" : command + " ") + "--help'\n"
                    + "jprofdata: Did you mean '" + (command == null ? "" : command + " ") + option + "'?");
        }
    }

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
                String letter = a.substring(0, 2);
                if (SHORT_WITH_VALUE.contains(letter) && a.charAt(2) != '=' && !name.equals(letter)
                        && Character.isDigit(a.charAt(2))) {
                    throw new GroupedShortOption(i > 0 && !args[0].startsWith("-") ? args[0] : null, letter, a);
                }
                if (!SHORT.contains(name)) {
                    out[i] = "-" + a;
                }
            }
        }
        return out;
    }
}
