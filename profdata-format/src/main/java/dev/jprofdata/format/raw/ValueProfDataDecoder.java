package dev.jprofdata.format.raw;

import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueProfData;
import dev.jprofdata.format.ValueSite;
import java.util.Arrays;

/**
 * Decodes one value-profile blob of a raw file ({@link ValueProfData} declares, checks and walks
 * the layout), its values remapped through an {@link AddressResolver}; a blob that fails the
 * checks is an error with LLVM's words at the offset LLVM reports.
 */
final class ValueProfDataDecoder {
    private ValueProfDataDecoder() {
    }

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
     * sites are built: a blob of up to 4 GiB may list two billion sites. The blob is checked whole
     * first ({@link ValueProfData#check}), as LLVM checks it before deserializing anything.
     */
    static Decoded decode(RawBytes bytes, long offset, AddressResolver resolver, String file, MemoryGuard guard)
            throws ProfileFormatException {
        ValueProfData.Checked checked = ValueProfData.check(bytes, offset, bytes.size() - offset);
        if (!checked.ok()) {
            throw error(checked, file);
        }
        // A site: its slot, a ValueSite and two arrays; a value: 8 bytes in each array.
        guard.reserve(64 * checked.sites() + 16 * checked.values(), file);
        ValueSite[][] sites = ProfileRecord.noValueSites();
        int[] filled = new int[ValueKind.COUNT];
        ValueProfData.walk(bytes, offset, new ValueProfData.SiteVisitor() {
            @Override
            public void entry(int kind, int numSites, long numValues) {
                sites[kind] = Arrays.copyOf(sites[kind], sites[kind].length + numSites);
            }

            @Override
            public void site(int kind, int n, long valueAt) {
                ValueSite site = ValueSite.EMPTY;
                if (n > 0) {
                    ValueKind valueKind = ValueKind.of(kind);
                    long[] values = new long[n];
                    long[] counts = new long[n];
                    for (int i = 0; i < n; i++) {
                        values[i] = resolver.resolve(valueKind, bytes.u64(valueAt + 16L * i));
                        counts[i] = bytes.u64(valueAt + 16L * i + 8);
                    }
                    site = new ValueSite(values, counts);
                }
                sites[kind][filled[kind]++] = site;
            }
        });
        return new Decoded(sites, checked.totalSize());
    }

    /** The reader's error for a blob that failed {@link ValueProfData#check}. */
    private static ProfileFormatException error(ValueProfData.Checked checked, String file) {
        return switch (checked.problem()) {
            case HEADER_CUT -> new ProfileFormatException(file, checked.problemAt(), Kind.TRUNCATED, RawErrors.TRUNCATED);
            case TOO_LARGE -> new ProfileFormatException(file, checked.problemAt(), Kind.TOO_LARGE, RawErrors.TOO_LARGE);
            default -> new ProfileFormatException(file, checked.problemAt(), Kind.MALFORMED,
                    RawErrors.malformed(checked.problem().detail()));
        };
    }
}
