package dev.jprofdata.format.raw;

/**
 * The fields of one data record that the reader uses. Pointer fields are zero-extended on 32-bit
 * files; {@code numCounters} and {@code numBitmapBytes} are unsigned 32-bit values.
 *
 * @param offset file offset of the record, for messages
 * @param valueKindsWithSites number of value kinds with at least one site: the record has a value
 *     data blob exactly when this is not 0
 * @param offloadThreads the offload fork's {@code NumOffloadProfilingThreads} T (0 on host records
 *     and outside version 10); a device record's counters are spread over K = T + 1 slots per block
 * @param uniformCounterPtr v11+: where the record's uniform counters are, relative to the record
 *     (like {@code CounterPtr}); 0 before v11
 * @param waveSize v11+: {@code OffloadDeviceWaveSize}, 32 or 64 on a GPU, 0 on the host
 * @param numWaveCounters v12: how many of the record's last counters are wave counters
 */
record DataRecord(
        long offset,
        long nameRef,
        long funcHash,
        long counterPtr,
        long bitmapPtr,
        long functionPointer,
        long numCounters,
        int valueKindsWithSites,
        long numBitmapBytes,
        int offloadThreads,
        long uniformCounterPtr,
        int waveSize,
        long numWaveCounters) {

    static DataRecord read(RawBytes bytes, RecordLayout layout, long offset) {
        int p = layout.pointerWidth();
        int kinds = 0;
        for (int k = 0; k < layout.valueKinds(); k++) {
            if (bytes.u16(offset + layout.numValueSites() + 2L * k) != 0) {
                kinds++;
            }
        }
        return new DataRecord(
                offset,
                bytes.u64(offset + RecordLayout.NAME_REF),
                bytes.u64(offset + RecordLayout.FUNC_HASH),
                bytes.pointer(offset + layout.counterPtr(), p),
                layout.bitmapPtr() < 0 ? 0 : bytes.pointer(offset + layout.bitmapPtr(), p),
                bytes.pointer(offset + layout.functionPointer(), p),
                bytes.u32(offset + layout.numCounters()),
                kinds,
                layout.numBitmapBytes() < 0 ? 0 : bytes.u32(offset + layout.numBitmapBytes()),
                layout.offloadThreads() < 0 ? 0 : bytes.u16(offset + layout.offloadThreads()),
                layout.uniformCounterPtr() < 0 ? 0 : bytes.pointer(offset + layout.uniformCounterPtr(), p),
                layout.waveSize() < 0 ? 0 : bytes.u16(offset + layout.waveSize()),
                layout.numWaveCounters() < 0 ? 0 : bytes.u32(offset + layout.numWaveCounters()));
    }

    /** Only the function pointer and name hash: all that the address map needs. */
    static long functionPointer(RawBytes bytes, RecordLayout layout, long offset) {
        return bytes.pointer(offset + layout.functionPointer(), layout.pointerWidth());
    }

    /** The fork's T without decoding the rest of the record (for the device-layout scan). */
    static int offloadThreads(RawBytes bytes, RecordLayout layout, long offset) {
        return layout.offloadThreads() < 0 ? 0 : bytes.u16(offset + layout.offloadThreads());
    }

    static long numCounters(RawBytes bytes, RecordLayout layout, long offset) {
        return bytes.u32(offset + layout.numCounters());
    }

    /** This record with another counter count (a device record's slot count). */
    DataRecord withNumCounters(long n) {
        return new DataRecord(offset, nameRef, funcHash, counterPtr, bitmapPtr, functionPointer, n,
                valueKindsWithSites, numBitmapBytes, offloadThreads, uniformCounterPtr, waveSize, numWaveCounters);
    }

    boolean isDevice() {
        return offloadThreads != 0;
    }

    /** A v11/v12 record of GPU code: a wave size, or wave counters. */
    boolean isEmbeddedDevice() {
        return waveSize != 0 || numWaveCounters != 0;
    }

    /** Only what tells a v11/v12 GPU record from a host one, without decoding the rest. */
    static boolean isEmbeddedDevice(RawBytes bytes, RecordLayout layout, long offset) {
        return (layout.waveSize() >= 0 && bytes.u16(offset + layout.waveSize()) != 0)
                || (layout.numWaveCounters() >= 0 && bytes.u32(offset + layout.numWaveCounters()) != 0);
    }

    boolean hasValueData() {
        return valueKindsWithSites != 0;
    }
}
