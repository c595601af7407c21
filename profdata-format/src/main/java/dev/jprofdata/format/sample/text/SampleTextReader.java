package dev.jprofdata.format.sample.text;

import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleErrors;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileException;
import dev.jprofdata.format.sample.SampleProfileFlags;
import dev.jprofdata.format.sample.SampleReadOptions;
import dev.jprofdata.format.sample.SampleRecord;
import dev.jprofdata.format.sample.Saturating;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads LLVM's text sample-profile format into a {@link SampleProfile}, accepting and refusing
 * exactly the lines llvm-profdata 22 does (see {@code spec/sample-formats.md}, text format):
 *
 * <ul>
 *   <li>a header {@code name:total:head} starts a top-level profile; the name is everything before
 *       the last two colons, and a name in brackets is a CSSPGO calling context
 *       ({@link TextContexts}); a name seen again adds to the same profile;</li>
 *   <li>an indented line belongs to the deepest open profile its indentation reaches: a body line
 *       {@code LOC: count [target:count]...}, a callsite line {@code LOC: callee:total} that opens
 *       an inlinee, a {@code LOC: vtables type:count...} line, or metadata
 *       ({@code !CFGChecksum:}, {@code !Attributes:}, {@code !Flat}), which must come last;</li>
 *   <li>a line without a discriminator must have a line offset of at most 0xFFFF;</li>
 *   <li>a call target named twice on one line keeps its last count;</li>
 *   <li>a count that saturates at 2^64-1 makes the whole read fail with {@code Counter overflow},
 *       after the file has been read, as in LLVM.</li>
 * </ul>
 * The profile is probe-based when a top-level profile has a non-zero checksum, context-sensitive
 * when a header is a context, pre-inlined when an attribute has the ShouldBeInlined bit, and
 * flow-sensitive when the options say so (its discriminators are then masked). Errors name the
 * line as LLVM does: {@code file:line: Expected 'mangled_name:NUM:NUM', found <line>}.
 */
public final class SampleTextReader {
    private static final String VTABLES = "vtables ";

    private final TextLineSource lines;
    private final String file;
    private final SampleReadOptions options;
    private final int mask;
    private final LinkedHashMap<SampleContext, FunctionSamples> profiles = new LinkedHashMap<>();
    private final List<FunctionSamples> stack = new ArrayList<>();
    private final Saturating.Overflow overflow = new Saturating.Overflow();
    private long depthMetadata;
    private int topLevelProbeProfiles;
    private boolean contextSensitive;
    private boolean preInlined;

    private SampleTextReader(InputStream in, String file, SampleReadOptions options) {
        this.lines = new TextLineSource(in, file);
        this.file = file;
        this.options = options;
        this.mask = options.discriminatorMask(options.profileIsFs());
    }

    /** Reads the text profile {@code path}; messages name it {@code displayName}. */
    public static SampleProfile read(Path path, String displayName, SampleReadOptions options) throws IOException {
        InputStream in;
        try {
            in = Files.newInputStream(path);
        } catch (NoSuchFileException e) {
            throw SampleErrors.at(displayName, -1, SampleErrors.NOT_FOUND);
        }
        try (InputStream s = in) {
            return read(s, displayName, options);
        }
    }

    /** Reads a text profile from {@code in} (left open). */
    public static SampleProfile read(InputStream in, String displayName, SampleReadOptions options) throws IOException {
        return new SampleTextReader(new BufferedInputStream(in, 1 << 16), displayName, options).readAll();
    }

    /**
     * True when {@code firstLine}, the first line that is neither empty nor a column-0 comment, is a
     * function header: how LLVM recognises a text profile.
     */
    public static boolean isHeader(String firstLine) {
        return firstLine != null && parseHeader(new Span(firstLine)) != null;
    }

    /** Whether the stream's first significant line is a header (the stream is consumed, not closed). */
    public static boolean hasFormat(InputStream in, String displayName) throws IOException {
        return isHeader(new TextLineSource(new BufferedInputStream(in, 1 << 12), displayName, true).next());
    }

    private SampleProfile readAll() throws IOException {
        String first = lines.next();
        if (!isHeader(first)) {
            throw SampleErrors.at(file, -1, SampleErrors.UNRECOGNIZED_FORMAT);
        }
        for (String line = first; line != null; line = lines.next()) {
            readLine(line);
        }
        if (overflow.happened()) {
            throw SampleErrors.at(file, -1, SampleErrors.COUNTER_OVERFLOW);
        }
        SampleProfileFlags flags = new SampleProfileFlags(topLevelProbeProfiles > 0, contextSensitive, preInlined,
                options.profileIsFs(), false, false, false);
        return new SampleProfile(SampleFormat.TEXT, profiles, flags, null, null);
    }

    /** A parsed header: name, total, head. */
    private record Header(String name, long total, long head) {
    }

    /** LLVM's header rule: the name is what precedes the last two colons (found as LLVM's arithmetic finds them). */
    private static Header parseHeader(Span line) {
        if (line.at(0) == ' ') {
            return null;
        }
        long n2 = line.rfind(':');
        long n1 = line.rfind(':', n2 - 1);
        Span total = line.substr(n1 + 1, n2 - n1 - 1);
        Span head = line.substr(n2 + 1);
        if (!total.isU64() || !head.isU64()) {
            return null;
        }
        return new Header(line.substr(0, n1).toString(), total.u64(), head.u64());
    }

    private void readLine(String text) throws SampleProfileException {
        Span line = new Span(text);
        long first = line.findFirstNotOf(' ');
        if (first == Span.NPOS || line.at(first) == '#') {
            return;
        }
        if (line.at(0) != ' ') {
            Header h = parseHeader(line);
            if (h == null) {
                throw error("Expected 'mangled_name:NUM:NUM', found " + text);
            }
            depthMetadata = 0;
            SampleContext context = TextContexts.parse(h.name());
            if (context.isContextSensitive()) {
                contextSensitive = true;
            }
            FunctionSamples f = profiles.computeIfAbsent(context, FunctionSamples::new);
            f.addTotalSamples(h.total(), 1, overflow);
            f.addHeadSamples(h.head(), 1, overflow);
            stack.clear();
            stack.add(f);
            return;
        }
        Body body = new Body();
        if (!body.parse(line)) {
            if (body.type == LineType.METADATA) {
                throw error("Cannot parse metadata: " + text);
            } else if (body.type == LineType.VTABLES) {
                throw error("Expected 'vtables [mangled_vtable:NUM]+', found " + text);
            }
            throw error("Expected 'NUM[.NUM]: NUM[ mangled_name:NUM]*', found " + text);
        }
        if (body.type != LineType.METADATA && body.depth == depthMetadata) {
            throw error("Found non-metadata after metadata: " + text);
        }
        LineLocation loc = new LineLocation(body.line, body.discriminator & mask);
        while (stack.size() > body.depth) {
            stack.remove(stack.size() - 1);
        }
        FunctionSamples top = stack.get(stack.size() - 1);
        switch (body.type) {
            case CALLSITE: {
                FunctionSamples callee = top.inlinee(loc, FunctionId.of(body.callee));
                callee.addTotalSamples(body.samples, 1, overflow);
                stack.add(callee);
                depthMetadata = 0;
                break;
            }
            case VTABLES:
                for (Map.Entry<String, Long> e : body.counts.entrySet()) {
                    top.addVtableCount(loc, FunctionId.of(e.getKey()), e.getValue(), 1, overflow);
                }
                break;
            case BODY: {
                SampleRecord r = top.bodyRecord(loc);
                for (Map.Entry<String, Long> e : body.counts.entrySet()) {
                    r.addTarget(FunctionId.of(e.getKey()), e.getValue(), 1, overflow);
                }
                r.addSamples(body.samples, 1, overflow);
                break;
            }
            case METADATA:
            default:
                if (body.functionHash != 0) {
                    top.setFunctionHash(body.functionHash);
                    if (body.depth == 1) {
                        topLevelProbeProfiles++;
                    }
                }
                // Every metadata line sets the attributes, so an !Attributes line followed by a
                // checksum line leaves them 0, as in LLVM.
                top.setAttributes(body.attributes);
                if ((body.attributes & FunctionSamples.ATTR_SHOULD_BE_INLINED) != 0) {
                    preInlined = true;
                }
                depthMetadata = body.depth;
                break;
        }
    }

    private SampleProfileException error(String reason) {
        return SampleProfileException.atLine(file, lines.lineNumber(), reason);
    }

    private enum LineType { BODY, CALLSITE, METADATA, VTABLES }

    /** One indented line, parsed with LLVM's rules. */
    private static final class Body {
        LineType type = LineType.BODY;
        long depth;
        int line;
        int discriminator;
        long samples;
        String callee;
        long functionHash;
        int attributes;
        final Map<String, Long> counts = new LinkedHashMap<>();

        boolean parse(Span input) {
            depth = 0;
            while (input.at(depth) == ' ') {
                depth++;
            }
            if (depth == 0) {
                return false;
            }
            if (input.at(depth) == '!') {
                type = LineType.METADATA;
                if (input.contentEquals(" !Flat")) {
                    return true;
                }
                return parseMetadata(input.substr(depth));
            }
            long n1 = input.find(':');
            Span loc = input.substr(depth, n1 - depth);
            long n2 = loc.find('.');
            if (n2 == Span.NPOS) {
                if (!loc.isU32() || (loc.u64() & 0xFFFF) != loc.u64()) {
                    return false;
                }
                line = (int) loc.u64();
                discriminator = 0;
            } else {
                Span l = loc.substr(0, n2);
                Span d = loc.substr(n2 + 1);
                if (!l.isU32() || !d.isU32()) {
                    return false;
                }
                line = (int) l.u64();
                discriminator = (int) d.u64();
            }
            // LLVM skips the colon and one more character, whatever it is.
            Span rest = input.substr(n1 + 2);
            char c = rest.at(0);
            if (c >= '0' && c <= '9') {
                return parseSamples(rest);
            } else if (rest.startsWith(VTABLES)) {
                type = LineType.VTABLES;
                return parseTypeCounts(rest.substr(VTABLES.length()));
            }
            type = LineType.CALLSITE;
            long n3 = lastIndexOf(rest, ':');
            callee = rest.substr(0, n3).toString();
            Span total = rest.substr(n3 + 1);
            if (!total.isU64()) {
                return false;
            }
            samples = total.u64();
            return true;
        }

        private static long lastIndexOf(Span s, char c) {
            return s.rfind(c);
        }

        private boolean parseMetadata(Span m) {
            if (m.startsWith("!CFGChecksum:")) {
                Span v = m.substr("!CFGChecksum:".length()).trim();
                if (!v.isU64()) {
                    return false;
                }
                functionHash = v.u64();
                return true;
            }
            if (m.startsWith("!Attributes:")) {
                Span v = m.substr("!Attributes:".length()).trim();
                if (!v.isU32()) {
                    return false;
                }
                attributes = (int) v.u64();
                return true;
            }
            return false;
        }

        /**
         * {@code count [target:count]...}: each target is anchored on a colon followed by a number
         * and a space or the end, so names may hold colons; the last count of a target wins.
         */
        private boolean parseSamples(Span rest) {
            long n3 = rest.find(' ');
            Span count = n3 == Span.NPOS ? rest : rest.substr(0, n3);
            if (!count.isU64()) {
                return false;
            }
            samples = count.u64();
            while (n3 != Span.NPOS) {
                n3 += rest.substr(n3).findFirstNotOf(' ');
                rest = rest.substr(n3);
                n3 = rest.find(':');
                if (n3 == Span.NPOS || n3 == 0) {
                    return false;
                }
                Span target;
                long value;
                long n4;
                while (true) {
                    Span afterColon = rest.substr(n3 + 1);
                    target = rest.substr(0, n3);
                    n4 = afterColon.find(' ');
                    n4 = n4 != Span.NPOS ? n3 + n4 + 1 : rest.size();
                    Span word = rest.substr(n3 + 1, n4 - n3 - 1);
                    if (word.isU64()) {
                        value = word.u64();
                        break;
                    }
                    long n5 = afterColon.find(':');
                    if (n5 == Span.NPOS) {
                        return false;
                    }
                    n3 += n5 + 1;
                }
                counts.put(target.toString(), value);
                if (n4 == rest.size()) {
                    break;
                }
                n3 = n4;
            }
            return true;
        }

        /** {@code type:count} pairs separated by spaces; a type named twice is an error. */
        private boolean parseTypeCounts(Span input) {
            long index = input.findFirstNotOf(' ');
            while (index != Span.NPOS) {
                long colon = input.find(':', index);
                if (colon == Span.NPOS) {
                    return false;
                }
                String type = input.substr(index, colon - index).toString();
                long countStart = colon + 1;
                long next = input.find(' ', countStart);
                Span count = input.substr(countStart, next - countStart);
                if (!count.isU64()) {
                    return false;
                }
                if (counts.putIfAbsent(type, count.u64()) != null) {
                    return false;
                }
                if (next == Span.NPOS) {
                    index = Span.NPOS;
                } else {
                    long after = input.substr(next).findFirstNotOf(' ');
                    index = after == Span.NPOS ? Span.NPOS : next + after;
                }
            }
            return true;
        }
    }
}
