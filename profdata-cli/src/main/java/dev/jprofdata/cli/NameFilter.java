package dev.jprofdata.cli;

import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The {@code --function} / {@code --no-function} filters of merge: unanchored regular-expression
 * searches on whole function names; {@code --no-function} wins. A pattern that looks like an MSVC
 * mangled name ({@code ?} followed only by {@code [?@$_0-9A-Za-z]}) is taken literally, as LLVM
 * does.
 */
final class NameFilter {
    private NameFilter() {
    }

    static Predicate<String> of(String keep, String drop) {
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
            throw new CliException(posixMessage(regex, e));
        }
    }

    /** The POSIX regcomp wording LLVM prints for the common mistakes. */
    static String posixMessage(String regex, PatternSyntaxException e) {
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
