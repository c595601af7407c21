package dev.jprofdata.format.sample;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small reader of well-formed text sample profiles for writer tests, until the real reader is
 * available here: headers, body lines with call targets, inlinees, vtable lines and metadata,
 * with LLVM's accumulation and flag rules. Not a validator.
 */
final class TestTextProfiles {
    private TestTextProfiles() {
    }

    static SampleProfile read(Path file) throws IOException {
        LinkedHashMap<SampleContext, FunctionSamples> profiles = new LinkedHashMap<>();
        List<FunctionSamples> stack = new ArrayList<>();
        Saturating.Overflow o = new Saturating.Overflow();
        boolean probe = false;
        boolean cs = false;
        boolean preInlined = false;
        for (String line : Files.readAllLines(file, StandardCharsets.ISO_8859_1)) {
            if (line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            if (line.isBlank() || line.stripLeading().startsWith("#")) {
                continue;
            }
            if (line.charAt(0) != ' ') {
                int n2 = line.lastIndexOf(':');
                int n1 = line.lastIndexOf(':', n2 - 1);
                String name = line.substring(0, n1);
                cs |= name.startsWith("[");
                SampleContext c = TestContexts.parse(name);
                FunctionSamples f = profiles.computeIfAbsent(c, FunctionSamples::new);
                f.addTotalSamples(Long.parseUnsignedLong(line.substring(n1 + 1, n2)), 1, o);
                f.addHeadSamples(Long.parseUnsignedLong(line.substring(n2 + 1)), 1, o);
                stack.clear();
                stack.add(f);
                continue;
            }
            int d = 0;
            while (line.charAt(d) == ' ') {
                d++;
            }
            while (stack.size() > d) {
                stack.remove(stack.size() - 1);
            }
            FunctionSamples top = stack.get(stack.size() - 1);
            if (line.charAt(d) == '!') {
                String meta = line.substring(d);
                int attrs = 0;
                if (meta.startsWith("!CFGChecksum:")) {
                    long h = Long.parseUnsignedLong(meta.substring(13).trim());
                    if (h != 0) {
                        top.setFunctionHash(h);
                    }
                    probe |= d == 1;
                } else if (meta.startsWith("!Attributes:")) {
                    attrs = Integer.parseUnsignedInt(meta.substring(12).trim());
                    preInlined |= (attrs & FunctionSamples.ATTR_SHOULD_BE_INLINED) != 0;
                }
                top.setAttributes(attrs);
                continue;
            }
            int n1 = line.indexOf(':');
            LineLocation loc = location(line.substring(d, n1));
            String rest = line.substring(n1 + 2);
            if (Character.isDigit(rest.charAt(0))) {
                String[] parts = rest.split(" +");
                SampleRecord r = top.bodyRecord(loc);
                r.addSamples(Long.parseUnsignedLong(parts[0]), 1, o);
                Map<FunctionId, Long> targets = new LinkedHashMap<>();
                for (int i = 1; i < parts.length; i++) {
                    int c = parts[i].lastIndexOf(':');
                    targets.put(FunctionId.of(parts[i].substring(0, c)), Long.parseUnsignedLong(parts[i].substring(c + 1)));
                }
                targets.forEach((t, v) -> r.addTarget(t, v, 1, o));
            } else if (rest.startsWith("vtables ")) {
                for (String t : rest.substring(8).trim().split(" +")) {
                    int c = t.indexOf(':');
                    top.addVtableCount(loc, FunctionId.of(t.substring(0, c)), Long.parseUnsignedLong(t.substring(c + 1)), 1, o);
                }
            } else {
                int c = rest.lastIndexOf(':');
                FunctionSamples callee = top.inlinee(loc, FunctionId.of(rest.substring(0, c)));
                callee.addTotalSamples(Long.parseUnsignedLong(rest.substring(c + 1)), 1, o);
                stack.add(callee);
            }
        }
        SampleProfileFlags flags = new SampleProfileFlags(probe, cs, preInlined, false, false, false, false);
        return new SampleProfile(SampleFormat.TEXT, profiles, flags, null, null);
    }

    private static LineLocation location(String s) {
        int dot = s.indexOf('.');
        return dot < 0 ? LineLocation.of(Long.parseLong(s), 0)
                : LineLocation.of(Long.parseLong(s.substring(0, dot)), Long.parseLong(s.substring(dot + 1)));
    }
}
