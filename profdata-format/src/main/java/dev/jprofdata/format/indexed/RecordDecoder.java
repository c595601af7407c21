package dev.jprofdata.format.indexed;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.OffloadData;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueSite;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the data of one hash-table key: one or more records (one per function hash), laid out by
 * format version:
 * <pre>
 *   v1:     u64 hash, counters (one record; the count is DataLen/8 - 1)
 *   v2:     u64 hash, u64 n, n counters
 *   v3-v10: as v2, then ValueProfData
 *   v11-13: u64 hash, u64 n, n counters, u64 b, b bitmap bytes as u64 each, ValueProfData
 *   v14:    u64 hash, u64 n, n counters, u64 b, b bitmap bytes as u8 zero-padded to 8,
 *           u64 u, u uniformity bytes zero-padded to 8 (u is 0 or ceil(n / 8)), ValueProfData
 *   v15:    as v14, then u64 w, w wave counters (u64 each), then ValueProfData
 * </pre>
 * As in LLVM, any inconsistency inside a key discards the whole key, which is then reported as
 * "profile data is empty".
 */
final class RecordDecoder {
    private RecordDecoder() {
    }

    /** Largest Java array we let a length field ask for (only reachable in files over 16 GiB). */
    private static final long MAX_ARRAY = Integer.MAX_VALUE - 16;

    /** Whether the key's data decodes under {@code version}'s layout (used to recognise a genuine v14 file). */
    static boolean decodes(MappedBytes in, int version, String name, long at, long length)
            throws ProfileFormatException {
        List<ProfileRecord> records = decodeOrNull(in, version, name, at, length);
        return records != null && !records.isEmpty();
    }

    static List<ProfileRecord> decode(MappedBytes in, int version, String name, long at, long length)
            throws ProfileFormatException {
        List<ProfileRecord> records = decodeOrNull(in, version, name, at, length);
        if (records == null || records.isEmpty()) {
            throw in.error(at, IndexedFormat.EMPTY_DATA);
        }
        return records;
    }

    private static List<ProfileRecord> decodeOrNull(MappedBytes in, int version, String name, long at, long length)
            throws ProfileFormatException {
        if (length % 8 != 0) {
            return null;
        }
        long end = at + length;
        List<ProfileRecord> out = new ArrayList<>(1);
        long d = at;
        while (d < end) {
            // LLVM wants more than the hash itself before it starts a record.
            if (end - d <= 8) {
                return null;
            }
            long hash = in.u64(d);
            d += 8;
            long numCounts = length / 8 - 1;
            if (version != 1) {
                if (end - d < 8) {
                    return null;
                }
                numCounts = in.u64(d);
                d += 8;
            }
            if (Long.compareUnsigned(numCounts, Math.min((end - d) / 8, MAX_ARRAY)) > 0) {
                return null;
            }
            long[] counts = new long[(int) numCounts];
            for (int i = 0; i < counts.length; i++, d += 8) {
                counts[i] = in.u64(d);
            }
            byte[] bitmap = new byte[0];
            byte[] uniformity = null;
            if (version >= IndexedFormat.OFFLOAD_VERSION) {
                if (end - d < 8) {
                    return null;
                }
                long numBytes = in.u64(d);
                d += 8;
                if (Long.compareUnsigned(numBytes, Math.min(end - d, MAX_ARRAY)) > 0
                        || IndexedFormat.alignTo8(numBytes) > end - d) {
                    return null;
                }
                bitmap = in.bytes(d, (int) numBytes);
                d += IndexedFormat.alignTo8(numBytes);
                if (end - d < 8) {
                    return null;
                }
                long numUniformity = in.u64(d);
                d += 8;
                // Strict: a count that is neither 0 nor one bit per counter means this is not the
                // offload fork's v14 (see IndexedProfileReader's v14 probe).
                if ((numUniformity != 0 && numUniformity != (numCounts + 7) / 8)
                        || IndexedFormat.alignTo8(numUniformity) > end - d) {
                    return null;
                }
                if (numUniformity != 0) {
                    uniformity = in.bytes(d, (int) numUniformity);
                    d += IndexedFormat.alignTo8(numUniformity);
                }
            } else if (version > 10) {
                if (end - d < 8) {
                    return null;
                }
                long numBytes = in.u64(d);
                d += 8;
                // LLVM checks only one byte per entry here; each entry is really a u64.
                if (Long.compareUnsigned(numBytes, Math.min((end - d) / 8, MAX_ARRAY)) > 0) {
                    return null;
                }
                bitmap = new byte[(int) numBytes];
                for (int i = 0; i < bitmap.length; i++, d += 8) {
                    bitmap[i] = (byte) in.u64(d);
                }
            }
            long[] waves = null;
            if (version >= IndexedFormat.WAVE_VERSION) {
                if (end - d < 8) {
                    return null;
                }
                long numWaves = in.u64(d);
                d += 8;
                if (Long.compareUnsigned(numWaves, Math.min((end - d) / 8, MAX_ARRAY)) > 0) {
                    return null;
                }
                if (numWaves != 0) {
                    waves = new long[(int) numWaves];
                    for (int i = 0; i < waves.length; i++, d += 8) {
                        waves[i] = in.u64(d);
                    }
                }
            }
            ValueSite[][] sites = null;
            if (version > 2) {
                ValueProfDataCodec.Decoded v = ValueProfDataCodec.decode(in, d, end);
                if (v == null) {
                    return null;
                }
                sites = v.sites();
                d += v.totalSize();
            }
            OffloadData offload = null;
            if (uniformity != null || waves != null) {
                offload = new OffloadData(0, null, uniformity, waves);
            }
            out.add(new ProfileRecord(name, hash, counts, bitmap, sites, offload));
        }
        return out;
    }
}
