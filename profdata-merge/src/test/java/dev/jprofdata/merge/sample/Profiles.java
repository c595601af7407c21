package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.ContextFrame;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileFlags;
import dev.jprofdata.format.sample.Saturating;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SortedSet;

/** Sample profiles built in code for the merge tests. */
final class Profiles {
    private Profiles() {
    }

    static final Saturating.Overflow IGNORED = new Saturating.Overflow();

    static FunctionSamples function(String name, long total, long head) {
        return function(SampleContext.of(FunctionId.of(name)), total, head);
    }

    static FunctionSamples function(SampleContext context, long total, long head) {
        FunctionSamples f = new FunctionSamples(context);
        f.setTotalSamples(total);
        f.setHeadSamples(head);
        return f;
    }

    static FunctionSamples body(FunctionSamples f, int line, long samples) {
        f.bodyRecord(new LineLocation(line, 0)).addSamples(samples, 1, IGNORED);
        return f;
    }

    static FunctionSamples target(FunctionSamples f, int line, String callee, long count) {
        f.bodyRecord(new LineLocation(line, 0)).addTarget(FunctionId.of(callee), count, 1, IGNORED);
        return f;
    }

    static FunctionSamples inlinee(FunctionSamples f, int line, String callee, long total) {
        FunctionSamples c = f.inlinee(new LineLocation(line, 0), FunctionId.of(callee));
        c.setTotalSamples(total);
        return c;
    }

    /** A calling context from "name:line" caller frames and a leaf name: {@code cs("main:3", "foo")}. */
    static SampleContext cs(String... frames) {
        List<ContextFrame> list = new ArrayList<>();
        for (int i = 0; i < frames.length; i++) {
            String f = frames[i];
            if (i < frames.length - 1) {
                int colon = f.indexOf(':');
                list.add(new ContextFrame(FunctionId.of(f.substring(0, colon)),
                        new LineLocation(Integer.parseInt(f.substring(colon + 1)), 0)));
            } else {
                list.add(new ContextFrame(FunctionId.of(f), LineLocation.ZERO));
            }
        }
        return SampleContext.ofFrames(list);
    }

    static SampleProfile profile(SampleFormat format, SampleProfileFlags flags, FunctionSamples... functions) {
        return profile(format, flags, null, functions);
    }

    static SampleProfile profile(SampleFormat format, SampleProfileFlags flags, SortedSet<String> symbols,
            FunctionSamples... functions) {
        LinkedHashMap<SampleContext, FunctionSamples> map = new LinkedHashMap<>();
        for (FunctionSamples f : functions) {
            map.put(f.context(), f);
        }
        return new SampleProfile(format, map, flags, symbols, null);
    }

    static SampleProfile text(FunctionSamples... functions) {
        return profile(SampleFormat.TEXT, SampleProfileFlags.NONE, functions);
    }

    static SampleProfileFlags flags(boolean probe, boolean cs, boolean preInlined) {
        return new SampleProfileFlags(probe, cs, preInlined, false, false, false, false);
    }
}
