package dev.jprofdata.format.raw;

import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.util.Arrays;

/**
 * Decodes one {@code ValueProfData} blob: {@code u32 TotalSize, u32 NumValueKinds}, then per kind
 * {@code u32 Kind, u32 NumValueSites, u8 SiteCountArray[NumValueSites]} padded to 8, followed by
 * {@code (u64 value, u64 count)} pairs site by site. Values are remapped through an
 * {@link AddressResolver}. The checks and their order follow LLVM's reader, so the same corruption
 * gives the same message.
 */
final class ValueProfDataDecoder {
    private ValueProfDataDecoder() {
    }

    private static final int MAX_KINDS = ValueKind.COUNT;
    private static final String PAST_TOTAL = "value profile address is greater than total size";

    /** The decoded sites (indexed by value kind) and the blob size to skip. */
    record Decoded(ValueSite[][] sites, long totalSize) {
    }

    /**
     * The blob size at {@code offset}, checked to fit in the file; used to step over value data
     * without decoding it.
     */
    static long blobSize(RawBytes bytes, long offset, String file) throws ProfileFormatException {
        if (bytes.size() - offset < 8) {
            throw new ProfileFormatException(file, offset, Kind.TRUNCATED, RawErrors.TRUNCATED);
        }
        long totalSize = bytes.u32(offset);
        if (totalSize > bytes.size() - offset) {
            throw new ProfileFormatException(file, offset, Kind.TOO_LARGE, RawErrors.TOO_LARGE);
        }
        return totalSize;
    }

    static Decoded decode(RawBytes bytes, long offset, AddressResolver resolver, String file)
            throws ProfileFormatException {
        return decode(bytes, offset, resolver, file, MemoryGuard.NONE);
    }

    /**
     * As {@link #decode(RawBytes, long, AddressResolver, String)}, asking {@code guard} before the
     * sites are built: a blob of up to 4 GiB may list two billion sites.
     */
    static Decoded decode(RawBytes bytes, long offset, AddressResolver resolver, String file, MemoryGuard guard)
            throws ProfileFormatException {
        long totalSize = blobSize(bytes, offset, file);
        long numKinds = bytes.u32(offset + 4);
        if (numKinds > MAX_KINDS) {
            throw new ProfileFormatException(file, offset + 4, Kind.MALFORMED,
                    RawErrors.malformed("number of value profile kinds is invalid"));
        }
        if (totalSize < 8) {
            // Fuzzing found it: a blob smaller than its own 8-byte header decoded as "no kinds" and
            // advanced by 0. LLVM copies TotalSize bytes and then reads the header past them.
            throw new ProfileFormatException(file, offset, Kind.MALFORMED,
                    RawErrors.malformed("value profile data is smaller than its header"));
        }
        if (totalSize % 8 != 0) {
            throw new ProfileFormatException(file, offset, Kind.MALFORMED,
                    RawErrors.malformed("total size is not multiples of quardword"));
        }
        long end = offset + totalSize;

        // First pass: validate every kind record, as LLVM does before deserializing anything.
        long[] recordOffsets = new long[(int) numKinds];
        long at = offset + 8;
        long allSites = 0;
        long allValues = 0;
        for (int k = 0; k < numKinds; k++) {
            if (end - at < 8) {
                throw new ProfileFormatException(file, at, Kind.MALFORMED, RawErrors.malformed(PAST_TOTAL));
            }
            long kind = bytes.u32(at);
            if (kind >= MAX_KINDS) {
                throw new ProfileFormatException(file, at, Kind.MALFORMED,
                        RawErrors.malformed("value kind is invalid"));
            }
            long numSites = bytes.u32(at + 4);
            long headerSize = (8 + numSites + 7) & ~7L;
            // The second test only matters for blobs over 2 GiB: the sites must fit one Java array.
            if (headerSize > end - at || numSites > Integer.MAX_VALUE - 16) {
                throw new ProfileFormatException(file, at, Kind.MALFORMED, RawErrors.malformed(PAST_TOTAL));
            }
            long numValues = 0;
            for (long s = 0; s < numSites; s++) {
                numValues += bytes.u8(at + 8 + s);
            }
            long recordSize = headerSize + 16 * numValues;
            if (recordSize > end - at) {
                throw new ProfileFormatException(file, at, Kind.MALFORMED, RawErrors.malformed(PAST_TOTAL));
            }
            recordOffsets[k] = at;
            at += recordSize;
            allSites += numSites;
            allValues += numValues;
        }
        // A site: its slot, a ValueSite and two arrays; a value: 8 bytes in each array.
        guard.reserve(64 * allSites + 16 * allValues, file);

        ValueSite[][] sites = ProfileRecord.noValueSites();
        for (long record : recordOffsets) {
            ValueKind kind = ValueKind.of((int) bytes.u32(record));
            ValueSite[] decoded = decodeSites(bytes, record, kind, resolver);
            ValueSite[] existing = sites[kind.number()];
            if (existing.length == 0) {
                sites[kind.number()] = decoded;
            } else {
                // A kind listed twice: LLVM appends the second list of sites to the first.
                ValueSite[] joined = Arrays.copyOf(existing, existing.length + decoded.length);
                System.arraycopy(decoded, 0, joined, existing.length, decoded.length);
                sites[kind.number()] = joined;
            }
        }
        return new Decoded(sites, totalSize);
    }

    private static ValueSite[] decodeSites(RawBytes bytes, long record, ValueKind kind, AddressResolver resolver) {
        int numSites = (int) bytes.u32(record + 4);
        long data = record + ((8 + (long) numSites + 7) & ~7L);
        ValueSite[] sites = new ValueSite[numSites];
        for (int s = 0; s < numSites; s++) {
            int n = bytes.u8(record + 8 + s);
            long[] values = new long[n];
            long[] counts = new long[n];
            for (int i = 0; i < n; i++) {
                values[i] = resolver.resolve(kind, bytes.u64(data));
                counts[i] = bytes.u64(data + 8);
                data += 16;
            }
            sites[s] = n == 0 ? ValueSite.EMPTY : new ValueSite(values, counts);
        }
        return sites;
    }
}
