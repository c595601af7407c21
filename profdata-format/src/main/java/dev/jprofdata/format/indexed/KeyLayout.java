package dev.jprofdata.format.indexed;

import dev.jprofdata.format.ValueProfData;
import java.util.Arrays;

/**
 * Where the parts of each record of one hash-table key lie, as found by {@link RecordDecoder#walk}:
 * offsets and element counts only, so that a key can be checked whole (LLVM drops a key on any
 * inconsistency) before anything is built or reported from it. One instance is reused key after key.
 */
final class KeyLayout {
    static final int HASH_AT = 0;
    static final int COUNTS_AT = 1;
    static final int NUM_COUNTS = 2;
    /** Offset of the bitmap bytes; their encoding (u8 or u64 each) depends on the version. */
    static final int BITMAP_AT = 3;
    static final int NUM_BITMAP = 4;
    static final int UNIFORMITY_AT = 5;
    /** -1 when the record has no uniformity bytes. */
    static final int NUM_UNIFORMITY = 6;
    static final int WAVES_AT = 7;
    /** -1 when the record has no wave counters. */
    static final int NUM_WAVES = 8;
    /** Offset of the ValueProfData block, -1 before version 3. */
    static final int VALUES_AT = 9;
    private static final int FIELDS = 10;

    private long[] fields = new long[FIELDS * 2];
    private int records;
    /** The walk's value-block check result, reused record after record ({@link RecordDecoder#walk}). */
    final ValueProfData.Checked valueBlock = new ValueProfData.Checked();
    /** Copies the records' value sites into a batch, reused key after key ({@link RecordDecoder#addTo}). */
    final ValueProfDataCodec.SitesIntoBatch sitesIntoBatch = new ValueProfDataCodec.SitesIntoBatch();

    void clear() {
        records = 0;
    }

    /** Starts the next record and returns its base index for {@link #set}. */
    int addRecord() {
        int base = records * FIELDS;
        if (base + FIELDS > fields.length) {
            fields = Arrays.copyOf(fields, fields.length * 2);
        }
        Arrays.fill(fields, base, base + FIELDS, -1);
        records++;
        return base;
    }

    void set(int base, int field, long value) {
        fields[base + field] = value;
    }

    int records() {
        return records;
    }

    long get(int record, int field) {
        return fields[record * FIELDS + field];
    }
}
