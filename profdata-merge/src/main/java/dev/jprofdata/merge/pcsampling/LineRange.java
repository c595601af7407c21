package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.SourceFrame;
import java.util.List;

/**
 * A range of source lines of one kernel or device function ({@code --function NAME --lines A-B}):
 * the samples whose source stack has a frame in the range. A frame is in the range when its line
 * lies in {@code first..last}, its file ends with {@code file} (when given), and it belongs to the
 * function: when the frames name their functions (a DWARF symbolizer), a frame of that function;
 * when they do not (rocprofv3's comments), a frame in the file of the stack's outermost frame, the
 * kernel's own file, since only that frame is known to be the kernel's.
 *
 * @param function the kernel or device function (a substring of its name), or null for any
 * @param file a file name suffix ({@code vector-ops.cpp}), or null for the function's own file
 * @param first the first line
 * @param last the last line
 */
public record LineRange(String function, String file, int first, int last) {

    public LineRange {
        if (first < 1 || last < first) {
            throw new IllegalArgumentException("a line range needs 1 <= first <= last, not " + first + "-" + last);
        }
    }

    /**
     * Parses {@code A-B}, {@code A} or {@code FILE:A-B}.
     *
     * @throws IllegalArgumentException with a message for people when the text is none of these
     */
    public static LineRange parse(String function, String text) {
        String file = null;
        String lines = text;
        int colon = text.lastIndexOf(':');
        if (colon >= 0) {
            file = text.substring(0, colon);
            lines = text.substring(colon + 1);
            if (file.isEmpty()) {
                throw new IllegalArgumentException("'" + text + "': the file before ':' is empty");
            }
        }
        int dash = lines.indexOf('-');
        String a = dash < 0 ? lines : lines.substring(0, dash);
        String b = dash < 0 ? lines : lines.substring(dash + 1);
        int first;
        int last;
        try {
            first = Integer.parseInt(a.strip());
            last = Integer.parseInt(b.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a line range (A-B, A, or FILE:A-B)");
        }
        return new LineRange(function, file, first, last);
    }

    /** Whether a sample with these frames (innermost first) falls in the range. */
    boolean contains(List<SourceFrame> frames, String kernelName) {
        if (frames.isEmpty()) {
            return false;
        }
        String ownFile = frames.get(frames.size() - 1).file();
        for (SourceFrame f : frames) {
            if (f.line() < first || f.line() > last) {
                continue;
            }
            if (file != null && !f.file().endsWith(file)) {
                continue;
            }
            if (function == null) {
                return true;
            }
            if (f.function() != null) {
                if (f.function().contains(function)) {
                    return true;
                }
            } else if (kernelName != null && kernelName.contains(function) && (file != null || f.file().equals(ownFile))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return (function == null ? "" : function + " ") + (file == null ? "" : file + ":") + first + "-" + last;
    }
}
