package dev.jprofdata.format.raw;

/**
 * Field offsets of one per-function data record ({@code __llvm_profile_data}) for a version and
 * pointer width. The record is a C struct with natural alignment, rounded up to 8 bytes.
 *
 * @param size record size in bytes (the stride of the data section)
 * @param uniformCounterPtr offset of {@code UniformCounterPtr} (v11+, right after {@code
 *     CounterPtr}), or -1
 * @param bitmapPtr offset of {@code BitmapPtr}, or -1 before version 9
 * @param numValueSites offset of the first u16 {@code NumValueSites} entry
 * @param valueKinds number of {@code NumValueSites} entries
 * @param numBitmapBytes offset of {@code NumBitmapBytes}, or -1 before version 9
 * @param offloadThreads offset of the offload fork's u16 {@code NumOffloadProfilingThreads} in the
 *     former padding after {@code NumValueSites} (byte 58 of the 64-bit, 42 of the 32-bit v10
 *     record), or -1 in other versions (see spec/offload.md)
 * @param waveSize offset of the u16 {@code OffloadDeviceWaveSize} that takes that place in v11+,
 *     or -1
 * @param numWaveCounters offset of the u32 {@code NumWaveCounters} after {@code NumBitmapBytes}
 *     (v12), or -1
 */
record RecordLayout(
        int pointerWidth,
        int size,
        int counterPtr,
        int uniformCounterPtr,
        int bitmapPtr,
        int functionPointer,
        int numCounters,
        int numValueSites,
        int valueKinds,
        int numBitmapBytes,
        int offloadThreads,
        int waveSize,
        int numWaveCounters) {

    static final int NAME_REF = 0;
    static final int FUNC_HASH = 8;

    static RecordLayout of(RawVersion version, int pointerWidth) {
        int p = pointerWidth;
        int at = 16;
        int counterPtr = at;
        at += p;
        int uniformCounterPtr = -1;
        if (version.hasUniformCounters()) {
            uniformCounterPtr = at;
            at += p;
        }
        int bitmapPtr = -1;
        if (version.hasBitmap()) {
            bitmapPtr = at;
            at += p;
        }
        int functionPointer = at;
        at += p;
        at += p; // Values: a runtime pointer, meaningless in a file
        int numCounters = at;
        at += 4;
        int numValueSites = at;
        int kinds = version.valueKindsInRecord();
        at += 2 * kinds;
        int offloadThreads = version.hasOffloadThreadsField() ? at : -1;
        int waveSize = -1;
        if (version.hasUniformCounters()) {
            waveSize = at;
            at += 2;
        }
        int numBitmapBytes = -1;
        if (version.hasBitmap()) {
            at = (at + 3) & ~3; // u32 alignment
            numBitmapBytes = at;
            at += 4;
        }
        int numWaveCounters = -1;
        if (version.hasWaveCounters()) {
            numWaveCounters = at;
            at += 4;
        }
        int size = (at + 7) & ~7;
        return new RecordLayout(p, size, counterPtr, uniformCounterPtr, bitmapPtr, functionPointer, numCounters,
                numValueSites, kinds, numBitmapBytes, offloadThreads, waveSize, numWaveCounters);
    }

    /** Size of one vtable record ({@code VTableProfileData}): u64 name hash, pointer, u32 size, rounded to 8. */
    int vtableRecordSize() {
        return (8 + pointerWidth + 4 + 7) & ~7;
    }
}
