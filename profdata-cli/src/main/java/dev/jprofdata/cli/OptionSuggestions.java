package dev.jprofdata.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The "Did you mean ...?" hint for an unknown option: the declared option whose name (without
 * dashes) is the fewest edits away, printed with as many dashes as the user typed, as
 * llvm-profdata does.
 */
final class OptionSuggestions {
    private OptionSuggestions() {
    }

    static String nearest(CommandSpec spec, String typed) {
        String dashes = typed.startsWith("--") ? "--" : "-";
        String flag = typed.replaceFirst("^-+", "");
        int eq = flag.indexOf('=');
        if (eq >= 0) {
            flag = flag.substring(0, eq);
        }
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (OptionSpec option : spec.options()) {
            if (option.hidden()) {
                continue;
            }
            for (String name : option.names()) {
                String bare = name.replaceFirst("^-+", "");
                int d = editDistance(flag, bare);
                if (d < bestDistance) {
                    bestDistance = d;
                    best = bare;
                }
            }
        }
        return best == null ? null : dashes + best;
    }

    /** Levenshtein distance (insertions, deletions and replacements cost 1). */
    static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int replace = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(replace, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
