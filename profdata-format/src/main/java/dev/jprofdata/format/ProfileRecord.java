package dev.jprofdata.format;

import java.util.Arrays;
import java.util.Objects;

/**
 * One function's profile: its PGO name, structural hash, counters, MC/DC bitmap bytes and value
 * sites.
 *
 * <p>Names are byte strings in LLVM; they are carried as ISO-8859-1 Java strings so that every byte
 * maps to one {@code char} and {@link String#compareTo} orders them like unsigned bytes (see
 * {@link Names}). Counters are unsigned 64-bit values held in {@code long}. Arrays are owned by the
 * record and must not be modified after construction.
 *
 * @param name PGO name (ISO-8859-1 encoded bytes)
 * @param hash function structural hash (bit 60 marks context-sensitive IR records)
 * @param counts counters, at least one
 * @param bitmap MC/DC bitmap bytes, possibly empty
 * @param valueSites value sites indexed by {@link ValueKind#number()}; always {@link ValueKind#COUNT}
 *     entries, each possibly empty
 * @param offload GPU device data (slot layout, uniform counts, uniformity bits), or {@code null} for
 *     host records. A separate optional component rather than more arrays on every record: host
 *     profiles are the common case and stay exactly as they were (see spec/offload.md)
 */
public record ProfileRecord(String name, long hash, long[] counts, byte[] bitmap, ValueSite[][] valueSites,
        OffloadData offload) {

    /** First-counter value LLVM uses to mark a function as hot without real counts. */
    public static final long PSEUDO_HOT = -1L;
    /** First-counter value LLVM uses to mark a function as warm without real counts. */
    public static final long PSEUDO_WARM = -2L;
    /** Bit of the function hash that marks a context-sensitive IR record. */
    public static final long CS_HASH_BIT = 1L << 60;

    private static final ValueSite[] NO_SITES = new ValueSite[0];

    public ProfileRecord {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(counts, "counts");
        if (bitmap == null) {
            bitmap = new byte[0];
        }
        if (valueSites == null) {
            valueSites = noValueSites();
        } else if (valueSites.length != ValueKind.COUNT) {
            throw new IllegalArgumentException("valueSites must have one entry per value kind");
        }
    }

    /** A host record (no device data). */
    public ProfileRecord(String name, long hash, long[] counts, byte[] bitmap, ValueSite[][] valueSites) {
        this(name, hash, counts, bitmap, valueSites, null);
    }

    /** A record without bitmap and value data. */
    public static ProfileRecord of(String name, long hash, long... counts) {
        return new ProfileRecord(name, hash, counts, new byte[0], noValueSites());
    }

    /** A fresh per-kind array of empty site lists. */
    public static ValueSite[][] noValueSites() {
        ValueSite[][] sites = new ValueSite[ValueKind.COUNT][];
        // A loop, not Arrays.fill: the JIT specialises the shared fill on the array types its
        // callers have passed so far, and a new caller's type then throws its compiled code away.
        for (int k = 0; k < sites.length; k++) {
            sites[k] = NO_SITES;
        }
        return sites;
    }

    public ValueSite[] sites(ValueKind kind) {
        return valueSites[kind.number()];
    }

    public int numSites(ValueKind kind) {
        return valueSites[kind.number()].length;
    }

    public boolean hasValueSites() {
        for (ValueSite[] s : valueSites) {
            if (s.length > 0) {
                return true;
            }
        }
        return false;
    }

    public boolean isContextSensitive() {
        return (hash & CS_HASH_BIT) != 0;
    }

    /** True when the first counter is one of LLVM's pseudo-count markers. */
    public boolean isPseudo() {
        return counts.length > 0 && isPseudoCount(counts[0]);
    }

    /** True when {@code firstCounter} is one of LLVM's pseudo-count markers. */
    public static boolean isPseudoCount(long firstCounter) {
        return firstCounter == PSEUDO_HOT || firstCounter == PSEUDO_WARM;
    }

    /** True when every counter and every bitmap byte is zero (the {@code --sparse} test). */
    public boolean isAllZero() {
        for (long c : counts) {
            if (c != 0) {
                return false;
            }
        }
        for (byte b : bitmap) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    public ProfileRecord withName(String newName) {
        return new ProfileRecord(newName, hash, counts, bitmap, valueSites, offload);
    }

    /** This record with other device data ({@code null}: a host record). */
    public ProfileRecord withOffload(OffloadData data) {
        return new ProfileRecord(name, hash, counts, bitmap, valueSites, data);
    }

    /** The uniformity bits, or {@code null} when the record has none. */
    public byte[] uniformityBits() {
        return offload == null ? null : offload.uniformityBits();
    }

    /** The fork's wave counters (indexed v15), or {@code null}. */
    public long[] waveCounts() {
        return offload == null ? null : offload.waveCounts();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ProfileRecord r
                && name.equals(r.name)
                && hash == r.hash
                && Arrays.equals(counts, r.counts)
                && Arrays.equals(bitmap, r.bitmap)
                && Arrays.deepEquals(valueSites, r.valueSites)
                && Objects.equals(offload, r.offload);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, hash, Arrays.hashCode(counts));
    }

    @Override
    public String toString() {
        return name + "#" + Long.toHexString(hash) + Arrays.toString(counts);
    }
}
