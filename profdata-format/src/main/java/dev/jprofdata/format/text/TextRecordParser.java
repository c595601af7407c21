package dev.jprofdata.format.text;

import static dev.jprofdata.format.text.UnsignedParser.U32;
import static dev.jprofdata.format.text.UnsignedParser.U64;
import static dev.jprofdata.format.text.UnsignedParser.U8;

import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.SymbolTable;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Reads one record after another: name, hash, counters, optional bitmap, optional value data.
 *
 * <p>Counts read from the file (counters, sites, values) only bound loops; storage grows with the
 * lines actually present, so a huge count in a short file ends in "truncated profile data" instead
 * of a huge allocation.
 */
final class TextRecordParser {
    /** How LLVM's text writer prints, and its reader recognises, a target with no known name. */
    static final String EXTERNAL_SYMBOL = "** External Symbol **";

    private static final int MAX_VALUE_KINDS = ValueKind.COUNT;
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private final TextCursor c;
    private final SymbolTable symbols;
    /** MD5 of every distinct value-site target met so far. */
    private final TargetHashes targetHashes = new TargetHashes();
    private final Set<String> vtableNames = new LinkedHashSet<>();
    /** The bytes of the last {@code $} section read (see {@link #lastBitmapSection()}). */
    private byte[] lastBitmapSection = new byte[0];

    /** Asked before a record's counters or a site's values grow (see {@link MemoryGuard}). */
    private final MemoryGuard guard;

    TextRecordParser(TextCursor c, SymbolTable symbols) {
        this(c, symbols, MemoryGuard.NONE);
    }

    TextRecordParser(TextCursor c, SymbolTable symbols, MemoryGuard guard) {
        this.c = c;
        this.symbols = symbols;
        this.guard = guard;
    }

    /** Names seen as vtable targets (kind 2), in first-seen order. */
    Set<String> vtableNames() {
        return vtableNames;
    }

    /**
     * The bitmap of the most recent record that had a {@code $} section, even if later records had
     * none. LLVM's reader never clears the bitmap of the record object it fills, so callers that
     * reuse that object (as {@code llvm-profdata show} does) see it on following records.
     */
    byte[] lastBitmapSection() {
        return lastBitmapSection;
    }

    /** The next record, or {@code null} when no lines are left. */
    ProfileRecord next() throws IOException {
        if (c.atEnd()) {
            return null;
        }
        // The name is the whole line, verbatim; the line source never yields an empty line.
        String name = c.line();
        symbols.add(name);
        c.advance();

        c.requireLine();
        if (!c.parse(0, U64)) {
            throw c.malformed("function hash is not a valid integer");
        }
        long hash = c.value();
        c.advance();

        long[] counts = readCounters();
        byte[] bitmap = readBitmap();
        ValueSite[][] sites = readValueData();
        return new ProfileRecord(name, hash, counts, bitmap, sites);
    }

    private long[] readCounters() throws IOException {
        c.requireLine();
        if (!c.parse(10, U64)) {
            throw c.malformed("number of counters is not a valid integer");
        }
        long numCounters = c.value();
        if (numCounters == 0) {
            throw c.malformed("number of counters is zero");
        }
        c.advance();
        long[] counts = new long[Long.compareUnsigned(numCounters, 64) < 0 ? (int) numCounters : 64];
        int n = 0;
        for (long i = 0; Long.compareUnsigned(i, numCounters) < 0; i++) {
            c.requireLine();
            if (!c.parse(10, U64)) {
                throw c.malformed("count is invalid");
            }
            if (n == counts.length) {
                int grown = grow(n);
                guard.reserve(8L * (n + grown), c.file()); // the old and the new array
                counts = Arrays.copyOf(counts, grown);
            }
            counts[n++] = c.value();
            c.advance();
        }
        return n == counts.length ? counts : Arrays.copyOf(counts, n);
    }

    /**
     * The optional {@code $N} block. LLVM counts the bytes it has read in an 8-bit variable, so for
     * N above 255 its loop never ends on its own: it keeps taking lines as bitmap bytes until one is
     * not a byte or the input ends ("truncated profile data"). We reproduce that outcome without
     * keeping the bytes, since such a record can never be returned.
     */
    private byte[] readBitmap() throws IOException {
        if (c.atEnd() || !c.line().startsWith("$")) {
            return new byte[0];
        }
        if (!c.parse(TextHeader.trim(c.line().substring(1)), 0, U64)) {
            throw c.malformed("number of bitmap bytes is not a valid integer");
        }
        long numBytes = c.value();
        c.advance();
        boolean endless = Long.compareUnsigned(numBytes, 255) > 0;
        byte[] bitmap = new byte[endless ? 0 : (int) numBytes];
        for (int i = 0; endless || i < numBytes; i++) {
            c.requireLine();
            if (!c.parse(0, U8)) {
                throw c.malformed("bitmap byte is not a valid integer");
            }
            if (!endless) {
                bitmap[i] = (byte) c.value();
            }
            c.advance();
        }
        lastBitmapSection = bitmap;
        return bitmap;
    }

    /**
     * The optional value-profile block. It is present when the next line is a decimal 32-bit
     * number; otherwise that line is the next record's name. A kind may appear more than once:
     * its sites are appended, as LLVM does.
     */
    private ValueSite[][] readValueData() throws IOException {
        if (c.atEnd() || !c.parse(10, U32)) {
            return ProfileRecord.noValueSites();
        }
        long numKinds = c.value();
        if (numKinds == 0 || numKinds > MAX_VALUE_KINDS) {
            throw c.malformed("number of value kinds is invalid");
        }
        c.advance();
        // Plain arrays, not lists turned into arrays: ArrayList.toArray is shared by every caller,
        // and the JIT's guess at the array type it copies into was wrong often enough here to
        // recompile this method twice in a 66 MB profile (a third of a show's time, now and then).
        ValueSite[][] byKind = new ValueSite[ValueKind.COUNT][];
        int[] numByKind = new int[ValueKind.COUNT];
        for (long k = 0; k < numKinds; k++) {
            long kindNumber = readVpNumber();
            if (kindNumber >= ValueKind.COUNT) {
                throw c.malformed("value kind is invalid");
            }
            c.advance();
            ValueKind kind = ValueKind.of((int) kindNumber);
            long numSites = readVpNumber();
            c.advance();
            for (long s = 0; s < numSites; s++) {
                long numValues = readVpNumber();
                c.advance();
                ValueSite site = readSite(kind, numValues);
                int k2 = kind.number();
                ValueSite[] list = byKind[k2];
                if (list == null || numByKind[k2] == list.length) {
                    ValueSite[] grown = new ValueSite[list == null ? 4 : grow(list.length)];
                    if (list != null) {
                        System.arraycopy(list, 0, grown, 0, list.length);
                    }
                    list = grown;
                    byKind[k2] = list;
                }
                list[numByKind[k2]++] = site;
            }
        }
        ValueSite[][] sites = ProfileRecord.noValueSites();
        for (int k = 0; k < ValueKind.COUNT; k++) {
            if (numByKind[k] > 0) {
                ValueSite[] exact = new ValueSite[numByKind[k]];
                System.arraycopy(byKind[k], 0, exact, 0, exact.length);
                sites[k] = exact;
            }
        }
        return sites;
    }

    /** A decimal 32-bit count of the value-profile block; LLVM gives no detail when it is bad. */
    private long readVpNumber() throws IOException {
        c.requireLine();
        if (!c.parse(10, U32)) {
            throw c.malformed(null);
        }
        return c.value();
    }

    private ValueSite readSite(ValueKind kind, long numValues) throws IOException {
        int cap = (int) Math.min(numValues, 16);
        long[] values = new long[cap];
        long[] counts = new long[cap];
        int n = 0;
        for (long v = 0; v < numValues; v++) {
            c.requireLine();
            // Read from the line's characters: no String of the line, its target or its count.
            CharSequence line = c.lineChars();
            int end = line.length();
            // Split at the last ':' so that names containing ':' (file-local functions) survive.
            int colon = lastColon(line);
            int targetEnd = colon < 0 ? end : colon;
            long value;
            if (kind.holdsNameHashes()) {
                value = nameValue(kind, line, targetEnd);
            } else {
                if (!c.parse(line, 0, targetEnd, 10, U64)) {
                    throw c.malformed(null);
                }
                value = c.value();
            }
            if (colon < 0 || !c.parse(line, colon + 1, end, 10, U64)) {
                throw c.malformed(null);
            }
            if (n == values.length) {
                int grown = grow(n);
                guard.reserve(16L * (n + grown), c.file());
                values = Arrays.copyOf(values, grown);
                counts = Arrays.copyOf(counts, values.length);
            }
            values[n] = value;
            counts[n] = c.value();
            n++;
            c.advance();
        }
        if (n < values.length) {
            values = Arrays.copyOf(values, n);
            counts = Arrays.copyOf(counts, n);
        }
        return new ValueSite(values, counts);
    }

    private static int lastColon(CharSequence line) {
        for (int i = line.length() - 1; i >= 0; i--) {
            if (line.charAt(i) == ':') {
                return i;
            }
        }
        return -1;
    }

    /**
     * The kind-0 or kind-2 target {@code line[0, end)}: its MD5, recorded in the symbol table; the
     * external marker is 0.
     */
    private long nameValue(ValueKind kind, CharSequence line, int end) throws TextProfileException {
        if (end == 0) {
            throw c.malformed("symbol name is empty");
        }
        // The same targets come back record after record: hash each distinct one once. A target
        // seen before is in the symbol table already (first name wins), so adding it again is moot.
        int code = TargetHashes.code(line, 0, end);
        int slot = targetHashes.find(line, 0, end, code);
        if (slot < 0) {
            String target = line.subSequence(0, end).toString();
            boolean external = target.equals(EXTERNAL_SYMBOL);
            long md5 = external ? 0 : Names.md5(target);
            slot = targetHashes.add(target, code, md5);
            if (!external) {
                symbols.add(md5, target);
            }
        }
        if (kind == ValueKind.VTABLE_TARGET && !targetHashes.key(slot).equals(EXTERNAL_SYMBOL)) {
            vtableNames.add(targetHashes.key(slot));
        }
        return targetHashes.hash(slot); // 0 for the external marker
    }

    /** The next capacity for an array holding {@code n} items; Java arrays cannot pass ~2^31. */
    private int grow(int n) throws TextProfileException {
        if (n >= MAX_ARRAY) {
            throw c.error(Kind.TOO_LARGE, "too much profile data");
        }
        return (int) Math.min(MAX_ARRAY, Math.max(16L, n + (long) (n >> 1)));
    }
}
