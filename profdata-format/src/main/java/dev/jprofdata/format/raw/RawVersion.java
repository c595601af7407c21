package dev.jprofdata.format.raw;

import static dev.jprofdata.format.raw.HeaderField.BINARY_IDS_SIZE;
import static dev.jprofdata.format.raw.HeaderField.BITMAP_DELTA;
import static dev.jprofdata.format.raw.HeaderField.COUNTERS_DELTA;
import static dev.jprofdata.format.raw.HeaderField.MAGIC;
import static dev.jprofdata.format.raw.HeaderField.NAMES_DELTA;
import static dev.jprofdata.format.raw.HeaderField.NAMES_SIZE;
import static dev.jprofdata.format.raw.HeaderField.NUM_BITMAP_BYTES;
import static dev.jprofdata.format.raw.HeaderField.NUM_COUNTERS;
import static dev.jprofdata.format.raw.HeaderField.NUM_DATA;
import static dev.jprofdata.format.raw.HeaderField.NUM_UNIFORM_COUNTERS;
import static dev.jprofdata.format.raw.HeaderField.NUM_VTABLES;
import static dev.jprofdata.format.raw.HeaderField.PADDING_AFTER_BITMAP_BYTES;
import static dev.jprofdata.format.raw.HeaderField.PADDING_AFTER_COUNTERS;
import static dev.jprofdata.format.raw.HeaderField.PADDING_AFTER_UNIFORM_COUNTERS;
import static dev.jprofdata.format.raw.HeaderField.PADDING_BEFORE_COUNTERS;
import static dev.jprofdata.format.raw.HeaderField.UNIFORM_COUNTERS_DELTA;
import static dev.jprofdata.format.raw.HeaderField.VALUE_KIND_LAST;
import static dev.jprofdata.format.raw.HeaderField.VERSION;
import static dev.jprofdata.format.raw.HeaderField.VNAMES_SIZE;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The raw format versions this reader understands and what differs between them: header fields,
 * whether counter pointers are relative, bitmap and vtable support, and the value-kind count of the
 * writer.
 */
enum RawVersion {
    /** clang 10-12. No binary IDs; counter pointers are absolute addresses. */
    V5(5, List.of(MAGIC, VERSION, NUM_DATA, PADDING_BEFORE_COUNTERS, NUM_COUNTERS, PADDING_AFTER_COUNTERS,
            NAMES_SIZE, COUNTERS_DELTA, NAMES_DELTA, VALUE_KIND_LAST)),
    /** clang 13. Binary IDs; counter pointers still absolute. */
    V7(7, List.of(MAGIC, VERSION, BINARY_IDS_SIZE, NUM_DATA, PADDING_BEFORE_COUNTERS, NUM_COUNTERS,
            PADDING_AFTER_COUNTERS, NAMES_SIZE, COUNTERS_DELTA, NAMES_DELTA, VALUE_KIND_LAST)),
    /** clang 14-17. Counter pointers relative to their data record; optional single-byte counters. */
    V8(8, V7.fields),
    /** clang 18. MC/DC bitmap bytes. */
    V9(9, List.of(MAGIC, VERSION, BINARY_IDS_SIZE, NUM_DATA, PADDING_BEFORE_COUNTERS, NUM_COUNTERS,
            PADDING_AFTER_COUNTERS, NUM_BITMAP_BYTES, PADDING_AFTER_BITMAP_BYTES, NAMES_SIZE, COUNTERS_DELTA,
            BITMAP_DELTA, NAMES_DELTA, VALUE_KIND_LAST)),
    /** clang 19-22. VTable records and vtable names; a third value kind. */
    V10(10, List.of(MAGIC, VERSION, BINARY_IDS_SIZE, NUM_DATA, PADDING_BEFORE_COUNTERS, NUM_COUNTERS,
            PADDING_AFTER_COUNTERS, NUM_BITMAP_BYTES, PADDING_AFTER_BITMAP_BYTES, NAMES_SIZE, COUNTERS_DELTA,
            BITMAP_DELTA, NAMES_DELTA, NUM_VTABLES, VNAMES_SIZE, VALUE_KIND_LAST)),
    /**
     * The GPU offload design with embedded uniform counters (the fork's "stage C", taken up as LLVM
     * 23's version): three header fields after the bitmap paddings, a uniform-counters section after
     * the bitmap bytes, and records with {@code UniformCounterPtr} and {@code OffloadDeviceWaveSize}.
     */
    V11(11, List.of(MAGIC, VERSION, BINARY_IDS_SIZE, NUM_DATA, PADDING_BEFORE_COUNTERS, NUM_COUNTERS,
            PADDING_AFTER_COUNTERS, NUM_BITMAP_BYTES, PADDING_AFTER_BITMAP_BYTES, NUM_UNIFORM_COUNTERS,
            PADDING_AFTER_UNIFORM_COUNTERS, UNIFORM_COUNTERS_DELTA, NAMES_SIZE, COUNTERS_DELTA, BITMAP_DELTA,
            NAMES_DELTA, NUM_VTABLES, VNAMES_SIZE, VALUE_KIND_LAST)),
    /** The fork's "stage D": v11's header; records add {@code NumWaveCounters} (trailing wave counters). */
    V12(12, V11.fields);

    /** The raw version llvm-profdata 22 expects, quoted in its version-mismatch message. */
    static final int LLVM_EXPECTED = 10;
    /** The newest raw version this reader knows. */
    static final int NEWEST = 12;
    /** Header size of {@link #LLVM_EXPECTED}; LLVM 22 demands this many bytes before looking at a version. */
    static final int LLVM_HEADER_SIZE = 128;

    final int number;
    final List<HeaderField> fields;
    private final Map<HeaderField, Integer> offsets = new EnumMap<>(HeaderField.class);

    RawVersion(int number, List<HeaderField> fields) {
        this.number = number;
        this.fields = fields;
        for (int i = 0; i < fields.size(); i++) {
            offsets.put(fields.get(i), i * 8);
        }
    }

    /** The version for the low 32 bits of a version word, or {@code null} when unsupported. */
    static RawVersion of(long versionWord) {
        long v = versionWord & 0xFFFF_FFFFL;
        for (RawVersion r : values()) {
            if (r.number == v) {
                return r;
            }
        }
        return null;
    }

    int headerSize() {
        return fields.size() * 8;
    }

    boolean has(HeaderField field) {
        return offsets.containsKey(field);
    }

    /** Offset of {@code field} from the header start; the field must exist in this version. */
    int offsetOf(HeaderField field) {
        return offsets.get(field);
    }

    boolean hasRelativeCounterPointers() {
        return number >= 8;
    }

    boolean hasBitmap() {
        return number >= 9;
    }

    boolean hasVTables() {
        return number >= 10;
    }

    /** The fork's u16 {@code NumOffloadProfilingThreads} in the v10 record's padding (spec/offload.md). */
    boolean hasOffloadThreadsField() {
        return number == 10;
    }

    /** Embedded uniform counters and {@code OffloadDeviceWaveSize} (v11+). */
    boolean hasUniformCounters() {
        return number >= 11;
    }

    /** {@code NumWaveCounters} in the record (v12). */
    boolean hasWaveCounters() {
        return number >= 12;
    }

    /** Number of {@code NumValueSites} entries in a data record (the writer's IPVK_Last + 1). */
    int valueKindsInRecord() {
        return number >= 10 ? 3 : 2;
    }
}
