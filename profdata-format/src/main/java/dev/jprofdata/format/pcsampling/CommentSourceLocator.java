package dev.jprofdata.format.pcsampling;

import java.util.ArrayList;
import java.util.List;

/**
 * The source stack from rocprofv3's instruction comment: {@code file:line} of the leaf, then
 * {@code " -> "} and the call site of each enclosing inlined function, innermost first. The
 * separator between file and line is the last {@code ':'}; a line written {@code ?} is unknown
 * (0). The comment names no functions, so every frame's function is null. An empty comment, and
 * the comment of an undecodable sample ({@code Unrecognized code object id, ...}), give no frames.
 */
public final class CommentSourceLocator implements SourceLocator {
    static final String SEPARATOR = " -> ";
    static final String UNRECOGNIZED = "Unrecognized code object id";

    @Override
    public List<SourceFrame> frames(CodeLocation location) {
        return parse(location.comment());
    }

    /** The frames of one comment. */
    public static List<SourceFrame> parse(String comment) {
        List<SourceFrame> frames = new ArrayList<>(2);
        if (comment == null || comment.isEmpty() || comment.startsWith(UNRECOGNIZED)) {
            return frames;
        }
        int from = 0;
        while (from <= comment.length()) {
            int end = comment.indexOf(SEPARATOR, from);
            String part = comment.substring(from, end < 0 ? comment.length() : end);
            frames.add(frame(part));
            if (end < 0) {
                break;
            }
            from = end + SEPARATOR.length();
        }
        return frames;
    }

    private static SourceFrame frame(String part) {
        int colon = part.lastIndexOf(':');
        if (colon < 0) {
            return new SourceFrame(null, part, 0, 0);
        }
        String file = part.substring(0, colon);
        String lineText = part.substring(colon + 1);
        int line = 0;
        if (!lineText.isEmpty() && lineText.chars().allMatch(Character::isDigit) && lineText.length() <= 9) {
            line = Integer.parseInt(lineText);
        } else if (!lineText.equals("?")) {
            // Not a line number: the whole part is a file name that holds a ':'.
            return new SourceFrame(null, part, 0, 0);
        }
        return new SourceFrame(null, file, line, 0);
    }
}
