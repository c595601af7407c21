package dev.jprofdata.format.raw;

import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;

/**
 * Reads the counters of one data record from the counters section of its profile.
 *
 * <p>Normal counters are host-order u64 execution counts. With single-byte coverage each slot is
 * one byte whose meaning is inverted (the program stores 0 when the block runs), so 0 reads as
 * count 1 and anything else as 0. With temporal profiling the first slot is a u64 first-call
 * timestamp (8 slots wide even for byte counters): it is removed from the counts and reported to
 * the {@link Observer}.
 */
final class CounterReader {
    /** Counters above this (2^56) are reported as a sign of corruption, as LLVM 22 does. */
    static final long MAX_PLAUSIBLE_COUNTER = 1L << 56;

    /** Receives what the counters reveal besides the counts. */
    interface Observer {
        void timestamp(long timestamp, long nameRef);

        void largeCounter(long value);
    }

    private final RawBytes bytes;
    private final RawHeader header;
    private final RawSections sections;
    private final String file;
    private final MemoryGuard guard;

    CounterReader(RawBytes bytes, RawHeader header, RawSections sections, String file) {
        this(bytes, header, sections, file, MemoryGuard.NONE);
    }

    /** {@code guard} is asked before the counts of a record are built. */
    CounterReader(RawBytes bytes, RawHeader header, RawSections sections, String file, MemoryGuard guard) {
        this.guard = guard;
        this.bytes = bytes;
        this.header = header;
        this.sections = sections;
        this.file = file;
    }

    /**
     * The counts of {@code r}. {@code countersDelta} is the distance from the record to the counters
     * section as the record's {@code CounterPtr} expects it (see {@link RawProfile#countersDeltaFor}).
     */
    long[] read(DataRecord r, long countersDelta, Observer observer) throws ProfileFormatException {
        Span span = locate(r, countersDelta, observer);
        long[] counts = new long[span.count()];
        copy(span, counts, 0, observer);
        return counts;
    }

    /**
     * Where the counts of {@code r} are, checked as {@link #read} checks them (and its timestamp
     * given to {@code observer}): the first counter's offset in the file, the size of one, and how many.
     */
    record Span(long first, int size, int count) {
    }

    /** Checks and locates the counts of {@code r} ({@link #read} is this and {@link #copy}). */
    Span locate(DataRecord r, long countersDelta, Observer observer) throws ProfileFormatException {
        long numCounters = r.numCounters();
        if (numCounters == 0) {
            throw malformed(r, "number of counters is zero");
        }
        long offset = r.counterPtr() - countersDelta;
        if (offset < 0) {
            throw malformed(r, "counter offset " + offset + " is negative");
        }
        long sectionBytes = sections.countersEnd() - sections.countersOffset();
        if (offset >= sectionBytes) {
            throw malformed(r, "counter offset " + offset + " is greater than the maximum counter offset "
                    + (sectionBytes - 1));
        }
        int size = header.counterSize();
        long maxCounters = (sectionBytes - offset) / size;
        if (numCounters > maxCounters) {
            throw malformed(r, "number of counters " + numCounters
                    + " is greater than the maximum number of counters " + maxCounters);
        }
        long base = sections.countersOffset() + offset;
        int first = 0;
        if (header.hasTemporalProfile()) {
            readTimestamp(base, r.nameRef(), observer);
            first = size == 1 ? 8 : 1;
        }
        long remaining = Math.max(0, numCounters - first);
        if (remaining > Integer.MAX_VALUE - 8) {
            throw malformed(r, "number of counters " + numCounters + " is too large");
        }
        int n = (int) remaining;
        guard.reserve(8L * n, file);
        return new Span(base + (long) first * size, size, n);
    }

    /** Copies the counts {@code span} locates into {@code into} from {@code at}. */
    void copy(Span span, long[] into, int at, Observer observer) {
        int size = span.size();
        for (int i = 0; i < span.count(); i++) {
            long slot = span.first() + (long) i * size;
            if (size == 1) {
                into[at + i] = bytes.u8(slot) == 0 ? 1 : 0;
            } else {
                long value = bytes.u64(slot);
                if (Long.compareUnsigned(value, MAX_PLAUSIBLE_COUNTER) > 0) {
                    observer.largeCounter(value);
                }
                into[at + i] = value;
            }
        }
    }

    /** Timestamps 0 (never called) and all-ones (reset) carry no order and are dropped. */
    private void readTimestamp(long at, long nameRef, Observer observer) {
        // With byte counters a function may have fewer than 8 slots; LLVM reads the 8 bytes anyway.
        // We read them only when the file holds them.
        if (bytes.size() - at < 8) {
            return;
        }
        long timestamp = bytes.u64(at);
        if (timestamp != 0 && timestamp != -1L) {
            observer.timestamp(timestamp, nameRef);
        }
    }

    private ProfileFormatException malformed(DataRecord r, String detail) {
        return new ProfileFormatException(file, r.offset(), Kind.MALFORMED, RawErrors.malformed(detail));
    }
}
