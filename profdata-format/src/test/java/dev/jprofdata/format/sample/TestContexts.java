package dev.jprofdata.format.sample;

import java.util.ArrayList;
import java.util.List;

/** Builds contexts from the text format's spelling ({@code name} or {@code [f:1 @ g:2.1 @ leaf]}). */
final class TestContexts {
    private TestContexts() {
    }

    static SampleContext parse(String name) {
        if (!name.startsWith("[")) {
            return SampleContext.of(FunctionId.of(name));
        }
        List<ContextFrame> frames = new ArrayList<>();
        for (String f : name.substring(1, name.length() - 1).split(" @ ")) {
            int colon = f.indexOf(':');
            if (colon < 0) {
                frames.add(new ContextFrame(FunctionId.of(f), LineLocation.ZERO));
                continue;
            }
            String loc = f.substring(colon + 1);
            int dot = loc.indexOf('.');
            // As LLVM: the line is read as a signed int, the discriminator as unsigned; failures are 0.
            LineLocation l = dot < 0 ? new LineLocation(number(loc, true), 0)
                    : new LineLocation(number(loc.substring(0, dot), true), number(loc.substring(dot + 1), false));
            frames.add(new ContextFrame(FunctionId.of(f.substring(0, colon)), l));
        }
        return SampleContext.ofFrames(frames);
    }

    private static int number(String s, boolean signed) {
        try {
            return signed ? Integer.parseInt(s) : Integer.parseUnsignedInt(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
