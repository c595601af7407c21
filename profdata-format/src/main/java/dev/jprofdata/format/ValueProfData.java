package dev.jprofdata.format;

/**
 * The value-profile block that follows a record's counters in raw files and sits inside each
 * record of indexed files (LLVM's {@code ValueProfData}; spec/raw-format.md, spec/indexed-format.md):
 * its layout, checks and walk, declared once for the raw reader, the indexed reader and the merge's
 * binary groups. Each caller decides what a failed check means (raw: an error; indexed: the key is
 * dropped, as LLVM drops it; binary groups: the file is read the ordinary way).
 *
 * <p>Layout, every integer in the file's byte order: {@code u32 totalSize} (the whole block, a
 * multiple of 8), {@code u32 numKinds} (at most {@link ValueKind#COUNT}); then {@code numKinds}
 * entries, each {@code u32 kind}, {@code u32 numSites}, one byte per site giving its number of
 * values, padding to 8 bytes, and the sites' (value, count) pairs of two {@code u64}s. A kind may
 * be listed twice; its second entry's sites follow its first's.
 */
public final class ValueProfData {
    private ValueProfData() {
    }

    /** The bytes a block is read from: unsigned fields at absolute offsets, in the file's byte order. */
    public interface Bytes {
        int unsigned8(long at) throws ProfileFormatException;

        long unsigned32(long at) throws ProfileFormatException;

        long word64(long at) throws ProfileFormatException;
    }

    /** The first thing wrong with a block, in the order LLVM checks, with LLVM's words for it. */
    public enum Problem {
        /** Fewer than 8 bytes left for the header. */
        HEADER_CUT("truncated"),
        /** {@code totalSize} runs past where the block must end. */
        TOO_LARGE("too large"),
        TOO_MANY_KINDS("number of value profile kinds is invalid"),
        SMALLER_THAN_HEADER("value profile data is smaller than its header"),
        NOT_QUADWORDS("total size is not multiples of quardword"),
        /** An entry, its site bytes or its values run past {@code totalSize}. */
        PAST_TOTAL("value profile address is greater than total size"),
        BAD_KIND("value kind is invalid");

        private final String detail;

        Problem(String detail) {
            this.detail = detail;
        }

        public String detail() {
            return detail;
        }
    }

    /**
     * What checking a block found: its size and how many sites and values it holds; or the first
     * problem and the offset it is reported at (the block's, its {@code numKinds} field's, or the
     * entry's). A caller that checks block after block passes one to {@link #check(Bytes, long, long,
     * EntryObserver, Checked)} to be filled again each time, so the check allocates nothing (merges
     * of many runs check a block per record and mostly run without escape analysis).
     */
    public static final class Checked {
        private long totalSize;
        private long sites;
        private long values;
        private Problem problem;
        private long problemAt;

        public long totalSize() {
            return totalSize;
        }

        public long sites() {
            return sites;
        }

        public long values() {
            return values;
        }

        public Problem problem() {
            return problem;
        }

        public long problemAt() {
            return problemAt;
        }

        public boolean ok() {
            return problem == null;
        }

        private Checked failed(Problem p, long at) {
            totalSize = 0;
            sites = 0;
            values = 0;
            problem = p;
            problemAt = at;
            return this;
        }

        private Checked passed(long size, long siteCount, long valueCount) {
            totalSize = size;
            sites = siteCount;
            values = valueCount;
            problem = null;
            problemAt = -1;
            return this;
        }
    }

    /**
     * Checks the block at {@code at}, which must end within {@code available} bytes, as LLVM does
     * before it reads one. Reads only the header, the entries' headers and their site bytes.
     */
    public static Checked check(Bytes in, long at, long available) throws ProfileFormatException {
        return check(in, at, available, null, new Checked());
    }

    /** Sees each entry of a block as {@link #check} accepts it: its kind and number of sites. */
    public interface EntryObserver {
        void entry(int kind, long numSites);
    }

    /**
     * As {@link #check}, telling {@code entries} (when not null) each entry's kind and number of
     * sites as it is accepted, for callers with checks of their own on the same pass; the result is
     * written into {@code into} and returned.
     */
    public static Checked check(Bytes in, long at, long available, EntryObserver entries, Checked into)
            throws ProfileFormatException {
        return check(in, at, available, entries, null, into);
    }

    /**
     * As {@link #check(Bytes, long, long, EntryObserver, Checked)}, also walking each entry's sites
     * as {@link #walk} would, on the same pass, once the entry has passed its checks (so every
     * {@code valueAt} handed to {@code visitor}, when not null, lies inside the block). A later entry
     * may still fail: a caller that must not act on half a block keeps what it is told until the
     * result says the block is sound. Callers that check and then read every block (the binary
     * groups, for each run) read the block once instead of twice.
     */
    public static Checked check(Bytes in, long at, long available, EntryObserver entries, SiteVisitor visitor,
            Checked into) throws ProfileFormatException {
        if (available < 8) {
            return into.failed(Problem.HEADER_CUT, at);
        }
        long totalSize = in.unsigned32(at);
        if (totalSize > available) {
            return into.failed(Problem.TOO_LARGE, at);
        }
        long numKinds = in.unsigned32(at + 4);
        if (numKinds > ValueKind.COUNT) {
            return into.failed(Problem.TOO_MANY_KINDS, at + 4);
        }
        if (totalSize < 8) {
            // Fuzzing found it: a block smaller than its own header read as "no kinds" and advanced
            // by 0. LLVM copies totalSize bytes and then reads the header past them.
            return into.failed(Problem.SMALLER_THAN_HEADER, at);
        }
        if (totalSize % 8 != 0) {
            return into.failed(Problem.NOT_QUADWORDS, at);
        }
        long end = at + totalSize;
        long entry = at + 8;
        long sites = 0;
        long values = 0;
        for (long k = 0; k < numKinds; k++) {
            if (end - entry < 8) {
                return into.failed(Problem.PAST_TOTAL, entry);
            }
            long kind = in.unsigned32(entry);
            if (kind >= ValueKind.COUNT) {
                return into.failed(Problem.BAD_KIND, entry);
            }
            long numSites = in.unsigned32(entry + 4);
            long header = headerSize(numSites);
            // The second test only matters for blocks over 2 GiB: the sites must fit one Java array.
            if (header > end - entry || numSites > Integer.MAX_VALUE - 16) {
                return into.failed(Problem.PAST_TOTAL, entry);
            }
            long numValues = 0;
            for (long s = 0; s < numSites; s++) {
                numValues += in.unsigned8(entry + 8 + s);
            }
            long entrySize = header + 16 * numValues;
            if (entrySize > end - entry) {
                return into.failed(Problem.PAST_TOTAL, entry);
            }
            if (entries != null) {
                entries.entry((int) kind, numSites);
            }
            if (visitor != null) {
                visitor.entry((int) kind, (int) numSites, numValues);
                long valueAt = entry + header;
                for (long s = 0; s < numSites; s++) {
                    int n = in.unsigned8(entry + 8 + s);
                    visitor.site((int) kind, n, valueAt);
                    valueAt += 16L * n;
                }
            }
            entry += entrySize;
            sites += numSites;
            values += numValues;
        }
        return into.passed(totalSize, sites, values);
    }

    /** An entry's header: kind, site count and one byte per site, padded to 8 bytes. */
    private static long headerSize(long numSites) {
        return (8 + numSites + 7) & ~7L;
    }

    /** What {@link #walk} and {@link #walkByKind} report of a block's sites. */
    public interface SiteVisitor {
        /**
         * An entry of kind {@code kind} with {@code numSites} sites and {@code numValues} values in
         * all comes next (a kind listed twice gives two entries).
         */
        default void entry(int kind, int numSites, long numValues) throws ProfileFormatException {
        }

        /**
         * The next site of kind {@code kind}: {@code n} (value, count) pairs of 16 bytes from
         * {@code valueAt}, values before counts.
         */
        void site(int kind, int n, long valueAt) throws ProfileFormatException;
    }

    /**
     * Walks the sites of a block that {@link #check} accepted in block order, one pass: each kind's
     * sites come in their order, a kind listed twice its first entry's sites before its second's,
     * which is all a caller that keeps kinds apart needs.
     */
    public static void walk(Bytes in, long at, SiteVisitor visitor) throws ProfileFormatException {
        walkEntries(in, at, -1, visitor);
    }

    /**
     * As {@link #walk}, but kind by kind in ascending kind order (one pass per kind), for callers
     * that append sites kind after kind.
     */
    public static void walkByKind(Bytes in, long at, SiteVisitor visitor) throws ProfileFormatException {
        for (int kind = 0; kind < ValueKind.COUNT; kind++) {
            walkEntries(in, at, kind, visitor);
        }
    }

    /** Visits the entries of kind {@code wanted} (every entry when it is -1), in block order. */
    private static void walkEntries(Bytes in, long at, int wanted, SiteVisitor visitor)
            throws ProfileFormatException {
        long numKinds = in.unsigned32(at + 4);
        long entry = at + 8;
        for (long k = 0; k < numKinds; k++) {
            int kind = (int) in.unsigned32(entry);
            int numSites = (int) in.unsigned32(entry + 4);
            long valueAt = entry + headerSize(numSites);
            boolean visit = wanted < 0 || kind == wanted;
            if (visit) {
                long numValues = 0;
                for (int s = 0; s < numSites; s++) {
                    numValues += in.unsigned8(entry + 8 + s);
                }
                visitor.entry(kind, numSites, numValues);
            }
            for (int s = 0; s < numSites; s++) {
                int n = in.unsigned8(entry + 8 + s);
                if (visit) {
                    visitor.site(kind, n, valueAt);
                }
                valueAt += 16L * n;
            }
            entry = valueAt;
        }
    }
}
