package dev.jprofdata.format.raw;

/** The u64 fields a raw profile header may hold; which ones, and in which order, depends on the version. */
enum HeaderField {
    MAGIC,
    VERSION,
    BINARY_IDS_SIZE,
    NUM_DATA,
    PADDING_BEFORE_COUNTERS,
    NUM_COUNTERS,
    PADDING_AFTER_COUNTERS,
    NUM_BITMAP_BYTES,
    PADDING_AFTER_BITMAP_BYTES,
    /** v11+ (embedded uniform counters): number of u64 entries of the uniform-counters section. */
    NUM_UNIFORM_COUNTERS,
    PADDING_AFTER_UNIFORM_COUNTERS,
    /** v11+: what a record's {@code UniformCounterPtr} is measured against, like {@link #COUNTERS_DELTA}. */
    UNIFORM_COUNTERS_DELTA,
    NAMES_SIZE,
    COUNTERS_DELTA,
    BITMAP_DELTA,
    NAMES_DELTA,
    NUM_VTABLES,
    VNAMES_SIZE,
    VALUE_KIND_LAST
}
