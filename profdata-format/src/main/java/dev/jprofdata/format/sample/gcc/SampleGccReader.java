package dev.jprofdata.format.sample.gcc;

import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleErrors;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleLayout;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileException;
import dev.jprofdata.format.sample.SampleProfileFlags;
import dev.jprofdata.format.sample.SampleReadOptions;
import dev.jprofdata.format.sample.Saturating;
import dev.jprofdata.format.sample.binary.SampleBytes;
import dev.jprofdata.format.sample.binary.SampleRecordDecoder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Reads GCC's AutoFDO profile (the gcov-based format of Google's {@code create_gcov}), which LLVM
 * reads but never writes. Little-endian 32-bit words: the {@code gcda} magic and version
 * {@code 407*}, a padding word; a name section (tag, length, count, strings of whole words); a
 * function section (tag, length, count, functions). A function is its head count (top level
 * only), name index, positions and inlined callsites; positions pack the line in the high 16 bits
 * and the discriminator in the low 16.
 *
 * <p>Totals are not stored: as in LLVM, each position's count is added to its function's total and
 * to the totals of every function it is inlined into, and a top-level function met again (an
 * alias) only adds its head count. Call-target histograms must be of the indirect-call kind (7).
 * Name indexes outside the name table, which LLVM does not check, are refused.
 */
public final class SampleGccReader {
    private final SampleBytes in;
    private final List<FunctionId> names = new ArrayList<>();
    private final LinkedHashMap<SampleContext, FunctionSamples> profiles = new LinkedHashMap<>();
    private final Saturating.Overflow overflow = new Saturating.Overflow();

    private SampleGccReader(SampleBytes in) {
        this.in = in;
    }

    public static SampleProfile read(Path path, String displayName, SampleReadOptions options) throws IOException {
        return SampleBytes.guard(displayName, () -> new SampleGccReader(SampleBytes.mapFile(path, displayName)).read());
    }

    /** Reads a GCC AutoFDO profile held in {@code data}. */
    public static SampleProfile read(java.nio.ByteBuffer data, String displayName, SampleReadOptions options)
            throws IOException {
        return new SampleGccReader(SampleBytes.slice(data, 0, data.limit(), displayName)).read();
    }

    /** The caller chain of an inlined instance, innermost first. */
    private record Chain(FunctionSamples profile, Chain caller) {
    }

    private SampleProfile read() throws SampleProfileException {
        // The prefix was recognised already: "adcg" "*704" and the padding word.
        if (in.remaining() < SampleLayout.GCC_PREFIX.length - 1 + 4) {
            throw in.error(SampleErrors.TRUNCATED);
        }
        in.position(12);
        readTag(SampleLayout.GCC_TAG_FUNCTION_NAMES);
        long count = word();
        if (count > in.remaining() / 8) {
            throw in.error(SampleErrors.TRUNCATED);
        }
        for (long i = 0; i < count; i++) {
            names.add(FunctionId.of(string()));
        }
        readTag(SampleLayout.GCC_TAG_FUNCTIONS);
        long functions = word();
        for (long i = 0; i < functions; i++) {
            readFunction(null, true, 0, 0);
        }
        SampleProfileFlags flags = SampleProfileFlags.NONE;
        return new SampleProfile(SampleFormat.GCC, profiles, flags, null, null);
    }

    private long word() throws SampleProfileException {
        if (in.remaining() < 4) {
            throw in.error(SampleErrors.TRUNCATED);
        }
        byte[] b = in.bytes(4);
        return (b[0] & 0xFFL) | (b[1] & 0xFFL) << 8 | (b[2] & 0xFFL) << 16 | (b[3] & 0xFFL) << 24;
    }

    private long word64() throws SampleProfileException {
        long lo = word();
        long hi = word();
        return hi << 32 | lo;
    }

    private void readTag(int expected) throws SampleProfileException {
        int at = in.position();
        if (word() != (expected & 0xFFFFFFFFL)) {
            throw in.errorAt(at, SampleErrors.MALFORMED);
        }
        word();
    }

    /** A string: its length in words, then that many words, NUL-padded. */
    private String string() throws SampleProfileException {
        int at = in.position();
        long words = word();
        if (words == 0 || words > in.remaining() / 4) {
            throw in.errorAt(at, SampleErrors.TRUNCATED);
        }
        byte[] b = in.bytes((int) words * 4);
        int n = 0;
        while (n < b.length && b[n] != 0) {
            n++;
        }
        return new String(b, 0, n, StandardCharsets.ISO_8859_1);
    }

    private FunctionId name(long index, int at) throws SampleProfileException {
        if (index < 0 || index >= names.size()) {
            throw in.errorAt(at, SampleErrors.TRUNCATED_NAME_TABLE);
        }
        return names.get((int) index);
    }

    private void readFunction(Chain callers, boolean update, long offset, int depth) throws SampleProfileException {
        if (depth > SampleRecordDecoder.MAX_DEPTH) {
            throw in.error(SampleErrors.MALFORMED);
        }
        long head = callers == null ? word64() : 0;
        int at = in.position();
        FunctionId name = name(word(), at);
        long positions = word();
        long callsites = word();
        FunctionSamples f;
        if (callers == null) {
            SampleContext context = SampleContext.of(name);
            f = profiles.get(context);
            if (f == null) {
                f = new FunctionSamples(context);
                profiles.put(context, f);
            }
            f.addHeadSamples(head, 1, overflow);
            if (f.totalSamples() > 0) {
                update = false;
            }
        } else {
            f = callers.profile().inlinee(location(offset), name);
        }
        Chain chain = new Chain(f, callers);
        for (long i = 0; i < positions; i++) {
            LineLocation loc = location(word());
            long targets = word();
            long count = word64();
            if (update) {
                for (Chain c = chain; c != null; c = c.caller()) {
                    c.profile().addTotalSamples(count, 1, overflow);
                }
                f.bodyRecord(loc).addSamples(count, 1, overflow);
            }
            for (long j = 0; j < targets; j++) {
                int histAt = in.position();
                if (word() != SampleLayout.GCC_HIST_INDIRECT_CALL_TOPN) {
                    throw in.errorAt(histAt, SampleErrors.MALFORMED);
                }
                int targetAt = in.position();
                long index = word64();
                FunctionId target = name(index, targetAt);
                long targetCount = word64();
                if (update) {
                    f.bodyRecord(loc).addTarget(target, targetCount, 1, overflow);
                }
            }
        }
        for (long i = 0; i < callsites; i++) {
            readFunction(chain, update, word(), depth + 1);
        }
    }

    private static LineLocation location(long packed) {
        return new LineLocation((int) (packed >>> 16), (int) (packed & 0xFFFF));
    }
}
