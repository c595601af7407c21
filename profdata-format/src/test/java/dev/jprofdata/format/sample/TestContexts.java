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
            LineLocation l = dot < 0 ? LineLocation.of(Long.parseLong(loc), 0)
                    : LineLocation.of(Long.parseLong(loc.substring(0, dot)), Long.parseLong(loc.substring(dot + 1)));
            frames.add(new ContextFrame(FunctionId.of(f.substring(0, colon)), l));
        }
        return SampleContext.ofFrames(frames);
    }
}
