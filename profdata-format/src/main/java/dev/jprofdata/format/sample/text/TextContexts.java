package dev.jprofdata.format.sample.text;

import dev.jprofdata.format.sample.ContextFrame;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import java.util.ArrayList;
import java.util.List;

/**
 * The function names of text headers: a plain name, or (CSSPGO) a calling context in brackets,
 * {@code [main:3 @ foo:2.1 @ bar]}.
 *
 * <p>LLVM's decoding, which these methods follow: a name starting with {@code [} is a context; its
 * first and last characters are dropped (the last is not checked to be {@code ]}), the rest is split
 * at every {@code " @ "}, and each frame at its first {@code :} into the function and the location.
 * The location's line is read as a signed 32-bit number ({@code -1} becomes 4294967295) and its
 * discriminator as an unsigned one; a part that is not such a number reads as 0.
 */
public final class TextContexts {
    private TextContexts() {
    }

    /** The context a header name stands for. */
    public static SampleContext parse(String name) {
        if (!name.startsWith("[")) {
            return SampleContext.of(FunctionId.of(name));
        }
        Span inner = new Span(name).substr(1, name.length() - 2L);
        String s = inner.toString();
        List<ContextFrame> frames = new ArrayList<>();
        int from = 0;
        while (true) {
            int at = s.indexOf(" @ ", from);
            String frame = at < 0 ? s.substring(from) : s.substring(from, at);
            frames.add(frame(frame));
            if (at < 0) {
                break;
            }
            from = at + 3;
        }
        return SampleContext.ofFrames(frames);
    }

    private static ContextFrame frame(String text) {
        int colon = text.indexOf(':');
        if (colon < 0) {
            return new ContextFrame(FunctionId.of(text), LineLocation.ZERO);
        }
        String loc = text.substring(colon + 1);
        int line = 0;
        int disc = 0;
        if (!loc.isEmpty()) {
            int dot = loc.indexOf('.');
            line = new Span(dot < 0 ? loc : loc.substring(0, dot)).signedIntOrZero();
            if (dot >= 0) {
                Span d = new Span(loc.substring(dot + 1));
                if (d.isU32()) {
                    disc = (int) d.u64();
                }
            }
        }
        return new ContextFrame(FunctionId.of(text.substring(0, colon)), new LineLocation(line, disc));
    }
}
