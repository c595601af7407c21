package dev.jprofdata.merge.sample;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.sample.FunctionSamples;
import java.util.regex.Pattern;

/**
 * {@code --function} / {@code --no-function} on a merged sample profile: unanchored regular
 * expression searches on each profile's context string; {@code --no-function} wins. When an input
 * had MD5 names, a profile whose name is the decimal MD5 of the expression also matches, so the
 * original name still finds it. An expression that looks like an MSVC mangled name ({@code ?}
 * followed by {@code [?@$_0-9A-Za-z]}) is taken literally.
 */
final class SampleFunctionFilter {
    private final Pattern keep;
    private final Pattern drop;
    private final String keepMd5;
    private final String dropMd5;

    SampleFunctionFilter(String keepRegex, String dropRegex) {
        keep = keepRegex == null || keepRegex.isEmpty() ? null : compile(keepRegex);
        drop = dropRegex == null || dropRegex.isEmpty() ? null : compile(dropRegex);
        keepMd5 = keepRegex == null ? null : Long.toUnsignedString(Names.md5(literalOrSelf(keepRegex)));
        dropMd5 = dropRegex == null ? null : Long.toUnsignedString(Names.md5(literalOrSelf(dropRegex)));
    }

    boolean active() {
        return keep != null || drop != null;
    }

    /** Removes what the filters reject; the number removed. */
    int apply(ProfileMap profiles, boolean md5) {
        return profiles.removeIf(f -> {
            String name = f.context().toString();
            boolean dropIt = drop != null && (drop.matcher(name).find() || md5 && dropMd5.equals(name));
            boolean keepIt = keep == null || keep.matcher(name).find() || md5 && keepMd5.equals(name);
            return dropIt || !keepIt;
        });
    }

    /** LLVM hashes the expression after escaping an MSVC name, so the hash is of the escaped form. */
    private static String literalOrSelf(String regex) {
        return msvcName(regex) ? escape(regex) : regex;
    }

    private static boolean msvcName(String regex) {
        return regex.startsWith("?") && regex.chars().allMatch(c -> c == '?' || c == '@' || c == '$' || c == '_'
                || c < 128 && Character.isLetterOrDigit(c));
    }

    /** LLVM's {@code Regex::escape}: a backslash before each of {@code ()^$|*+?.[]\{}}. */
    private static String escape(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            if ("()^$|*+?.[]\\{}".indexOf(c) >= 0) {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.toString();
    }

    private static Pattern compile(String regex) {
        return msvcName(regex) ? Pattern.compile(Pattern.quote(regex)) : Pattern.compile(regex);
    }
}
