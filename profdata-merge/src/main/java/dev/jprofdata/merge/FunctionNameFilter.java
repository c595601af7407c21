package dev.jprofdata.merge;

import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The {@code --function} / {@code --no-function} filters of merge ({@link MergeOptions.Builder#nameFilter}):
 * unanchored regular-expression searches on whole function names; {@code --no-function} wins. A
 * pattern that looks like an MSVC mangled name ({@code ?} followed only by {@code [?@$_0-9A-Za-z]})
 * is taken literally, as LLVM does. The command, the Spark job and the Maven plugin read the
 * options through here.
 */
public final class FunctionNameFilter {
    private FunctionNameFilter() {
    }

    /**
     * The filter keeping names {@code keep} finds (all when null) that {@code drop} does not find
     * (none when null).
     *
     * @throws IllegalArgumentException for a bad expression, worded as LLVM's POSIX regcomp words it
     */
    public static Predicate<String> of(String keep, String drop) {
        Pattern keepPattern = keep == null ? null : compile(keep);
        Pattern dropPattern = drop == null ? null : compile(drop);
        return name -> {
            if (dropPattern != null && dropPattern.matcher(name).find()) {
                return false;
            }
            return keepPattern == null || keepPattern.matcher(name).find();
        };
    }

    private static Pattern compile(String regex) {
        if (regex.startsWith("?") && regex.chars().allMatch(c -> c == '?' || c == '@' || c == '$' || c == '_'
                || Character.isLetterOrDigit(c) && c < 128)) {
            return Pattern.compile(Pattern.quote(regex));
        }
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(posixMessage(regex, e));
        }
    }

    /** The POSIX regcomp wording LLVM prints for the common mistakes. */
    private static String posixMessage(String regex, PatternSyntaxException e) {
        String d = e.getDescription();
        if (regex.endsWith("\\") && !regex.endsWith("\\\\")) {
            return "trailing backslash (\\)";
        }
        if (d.contains("Unclosed character class")) {
            return "brackets ([ ]) not balanced";
        }
        if (d.contains("Unclosed group") || d.contains("Unmatched closing")) {
            return "parentheses not balanced";
        }
        if (d.contains("Illegal character range")) {
            return "invalid character range";
        }
        if (d.contains("Dangling meta character") || d.contains("repetition")) {
            return "repetition-operator operand invalid";
        }
        if (d.contains("Unclosed counted closure") || d.contains("Illegal repetition")) {
            return "braces not balanced";
        }
        return "invalid regular expression";
    }
}
