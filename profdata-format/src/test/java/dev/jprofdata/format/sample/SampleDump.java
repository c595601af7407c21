package dev.jprofdata.format.sample;

import dev.jprofdata.format.sample.text.TextContexts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A canonical text of what a sample profile holds, for comparing two readings of the same data
 * (for example a binary file and LLVM's text of it): profiles, inlinees and targets sorted by their
 * printed names, so the order a format keeps them in does not matter. Checksums count only in a
 * probe-based profile (LLVM's text writer prints them only there), and vtable counts only where
 * the location has a body record or an inlinee (the only ones the text writer prints).
 */
final class SampleDump {
    private SampleDump() {
    }

    static Path fixtures() {
        return Path.of(System.getProperty("jprofdata.root", "..")).resolve("fixtures").toAbsolutePath().normalize();
    }

    static Path sampleDir() {
        return fixtures().resolve("profiles/sample");
    }

    /** LLVM's {@code merge --text} output of a fixture input, or null when there is none. */
    static Path goldenText(String fixture) {
        Path p = fixtures().resolve("golden/out/sample_text_" + fixture.replace('.', '_').replace('-', '_') + ".proftext");
        return Files.exists(p) ? p : null;
    }

    static String of(SampleProfile profile) {
        return of(profile, false);
    }

    /** As {@link #of(SampleProfile)}, names printed as their MD5 hashes when {@code hashNames}. */
    static String of(SampleProfile profile, boolean hashNames) {
        SampleDump.hashNames = hashNames;
        try {
            return dump(profile);
        } finally {
            SampleDump.hashNames = false;
        }
    }

    private static boolean hashNames;

    private static String n(FunctionId f) {
        return hashNames ? Long.toUnsignedString(f.guid()) : f.name();
    }

    private static String dump(SampleProfile profile) {
        boolean probe = profile.flags().probeBased();
        // Contexts that print the same (they differ only in the leaf frame's location) are one
        // profile once written as text: merge them as reading that text back does.
        TreeMap<String, FunctionSamples> byName = new TreeMap<>();
        for (FunctionSamples f : profile.profiles().values()) {
            // As printed and read back (a line of 4294967295 in a frame reads back as 0).
            String key = f.context().isContextSensitive()
                    ? "[" + TextContexts.parse("[" + f.context() + "]") + "]" : n(f.function());
            FunctionSamples old = byName.get(key);
            if (old == null) {
                byName.put(key, f);
            } else {
                FunctionSamples m = old.copy();
                m.merge(f, 1);
                byName.put(key, m);
            }
        }
        StringBuilder sb = new StringBuilder();
        byName.forEach((key, f) -> sb.append(key).append(':').append(Long.toUnsignedString(f.totalSamples())).append(':')
                .append(Long.toUnsignedString(f.headSamples())).append('\n').append(node(f, 1, probe)));
        return sb.toString();
    }

    private static String node(FunctionSamples f, int depth, boolean probe) {
        StringBuilder sb = new StringBuilder();
        String ind = " ".repeat(depth);
        for (Map.Entry<LineLocation, SampleRecord> e : f.body().entrySet()) {
            sb.append(ind).append(e.getKey()).append(": ").append(Long.toUnsignedString(e.getValue().samples()));
            TreeMap<String, Long> targets = new TreeMap<>();
            e.getValue().targets().forEach((k, v) -> targets.merge(n(k), v, (a, b) -> a + b));
            targets.forEach((k, v) -> sb.append(' ').append(k).append(':').append(Long.toUnsignedString(v)));
            sb.append('\n');
        }
        for (var e : f.callsites().entrySet()) {
            TreeMap<String, String> callees = new TreeMap<>();
            for (FunctionSamples c : e.getValue().values()) {
                callees.put(n(c.function()), ind + e.getKey() + ": " + n(c.function()) + ":"
                        + Long.toUnsignedString(c.totalSamples()) + "\n" + node(c, depth + 1, probe));
            }
            callees.values().forEach(sb::append);
        }
        for (var e : f.vtables().entrySet()) {
            if (f.body().containsKey(e.getKey()) || f.callsites().containsKey(e.getKey())) {
                List<String> types = new ArrayList<>();
                e.getValue().forEach((k, v) -> types.add(n(k) + ":" + Long.toUnsignedString(v)));
                types.sort(null);
                sb.append(ind).append(e.getKey()).append(": vtables ").append(String.join(" ", types)).append('\n');
            }
        }
        if (probe) {
            sb.append(ind).append("!CFGChecksum: ").append(Long.toUnsignedString(f.functionHash())).append('\n');
        }
        if (f.attributes() != 0) {
            sb.append(ind).append("!Attributes: ").append(Integer.toUnsignedString(f.attributes())).append('\n');
        }
        return sb.toString();
    }
}
