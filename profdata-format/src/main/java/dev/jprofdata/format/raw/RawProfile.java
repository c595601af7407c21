package dev.jprofdata.format.raw;

import java.util.List;

/**
 * One profile of a raw file (a file can hold several, one per instrumented module), with everything
 * needed to decode its records: header, section offsets, record layout, the name table and the
 * address maps for value data.
 *
 * @param lookup MD5 name hash to name, for function and vtable names of this profile only
 * @param vtableNames names of the vtable names section (v10), in stored order
 */
record RawProfile(
        RawHeader header,
        RecordLayout layout,
        RawSections sections,
        List<byte[]> binaryIds,
        List<String> vtableNames,
        NameLookup lookup,
        AddressResolver resolver) {

    long numData() {
        return header.numData();
    }

    long recordOffset(long index) {
        return sections.dataOffset() + index * layout.size();
    }

    /**
     * What record {@code index}'s {@code CounterPtr} is measured against. From v8 on, a counter
     * pointer is relative to its own record, and the header's delta (counters start minus data
     * start) shrinks by one record size per record; before v8 both are absolute addresses.
     */
    long countersDeltaFor(long index) {
        if (!header.version().hasRelativeCounterPointers()) {
            return header.countersDelta();
        }
        return header.countersDelta() - index * layout.size();
    }

    /** The bitmap counterpart of {@link #countersDeltaFor} (bitmaps exist from v9, always relative). */
    long bitmapDeltaFor(long index) {
        return header.bitmapDelta() - index * layout.size();
    }

    /** The uniform-counters counterpart of {@link #countersDeltaFor} (v11+, always relative). */
    long uniformDeltaFor(long index) {
        return header.uniformCountersDelta() - index * layout.size();
    }

    /** The name whose MD5 is {@code nameRef}, or "" when this profile does not have it (as LLVM). */
    String name(long nameRef) {
        return lookup.get(nameRef, "");
    }
}
