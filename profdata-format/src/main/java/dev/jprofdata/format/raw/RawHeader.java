package dev.jprofdata.format.raw;

import dev.jprofdata.format.ProfileKind;
import java.nio.ByteOrder;

/**
 * One raw profile header, with every field the format has ever had (fields a version lacks are 0).
 * Counts and sizes are unsigned 64-bit values carried in {@code long}s.
 *
 * @param base file offset of the header (0 for the first profile of a file)
 * @param version the layout version (low 32 bits of {@code versionWord})
 * @param order byte order of every integer field of this profile
 * @param pointerWidth 8 for "lprofr" files, 4 for "lprofR" files
 * @param versionWord the full version word, variant flags included
 * @param numUniformCounters v11+: u64 entries of the embedded uniform-counters section (0 = none)
 */
record RawHeader(
        long base,
        RawVersion version,
        ByteOrder order,
        int pointerWidth,
        long magic,
        long versionWord,
        long binaryIdsSize,
        long numData,
        long paddingBeforeCounters,
        long numCounters,
        long paddingAfterCounters,
        long numBitmapBytes,
        long paddingAfterBitmapBytes,
        long numUniformCounters,
        long paddingAfterUniformCounters,
        long uniformCountersDelta,
        long namesSize,
        long countersDelta,
        long bitmapDelta,
        long namesDelta,
        long numVTables,
        long vnamesSize,
        long valueKindLast) {

    ProfileKind kind() {
        return ProfileKind.fromVersionWord(versionWord);
    }

    boolean hasByteCoverage() {
        return (versionWord & ProfileKind.BYTE_COVERAGE) != 0;
    }

    boolean hasTemporalProfile() {
        return (versionWord & ProfileKind.TEMPORAL) != 0;
    }

    /** Bytes per counter slot. */
    int counterSize() {
        return hasByteCoverage() ? 1 : 8;
    }

    int headerSize() {
        return version.headerSize();
    }

    /**
     * A profile written without data records but with counters: its records live in the binary
     * (debug-info or binary correlation) and cannot be read from this file alone.
     */
    boolean needsCorrelation() {
        return numData == 0 && numCounters != 0;
    }
}
