package dev.jprofdata.format.raw;

import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds every profile of a raw file up front, so that binary IDs and names of all modules are known
 * as soon as the reader is open.
 *
 * <p>A profile's end is not in its header: it is the end of its last value-data blob. The chain
 * therefore steps over the blobs (reading only their sizes), skips the zero padding that may
 * follow, and expects either the end of the file or another complete header with the same magic at
 * an 8-byte boundary. The first problem met after the first profile does not fail the open: it
 * becomes the {@link #pending()} error, which the reader raises once the records before it have
 * been returned, the point where LLVM reports it.
 */
final class ProfileChain {
    private final List<RawProfile> profiles;
    private final ProfileFormatException pending;

    private ProfileChain(List<RawProfile> profiles, ProfileFormatException pending) {
        this.profiles = List.copyOf(profiles);
        this.pending = pending;
    }

    List<RawProfile> profiles() {
        return profiles;
    }

    /** The problem that ends the chain after the last of {@link #profiles()}, or null. */
    ProfileFormatException pending() {
        return pending;
    }

    static ProfileChain discover(RawBytes bytes, RawProfile first, String file, NameTableCache cache,
            MemoryGuard guard) {
        List<RawProfile> profiles = new ArrayList<>();
        profiles.add(first);
        RawProfile current = first;
        while (true) {
            try {
                long next = nextHeader(bytes, endOf(bytes, current, file), current.header(), file);
                if (next < 0) {
                    return new ProfileChain(profiles, null);
                }
                current = RawProfileParser.parse(bytes, next, first.header().pointerWidth(), file, cache, guard);
                profiles.add(current);
            } catch (ProfileFormatException e) {
                return new ProfileChain(profiles, e);
            }
        }
    }

    /** Offset just past the value data of {@code p}: one blob per record that has value sites. */
    static long endOf(RawBytes bytes, RawProfile p, String file) throws ProfileFormatException {
        long at = p.sections().valueDataOffset();
        for (long i = 0; i < p.numData(); i++) {
            DataRecord r = DataRecord.read(bytes, p.layout(), p.recordOffset(i));
            if (r.hasValueData()) {
                at += ValueProfDataDecoder.blobSize(bytes, at, file);
            }
        }
        return at;
    }

    /**
     * The offset of the profile after {@code end}, or -1 at the end of the file. Zero bytes between
     * profiles are padding. The checks and messages follow LLVM, whose threshold for "another
     * header" is its own (v10) header size; a complete header of an older supported version is
     * accepted too.
     */
    /** The first non-zero byte at or after {@code from}, or the file size; whole zero words at a time. */
    private static long skipZeros(RawBytes bytes, long from) {
        long at = from;
        long size = bytes.size();
        while (at < size && (at & 7) != 0 && bytes.u8(at) == 0) {
            at++;
        }
        while (at + 8 <= size && (at & 7) == 0 && bytes.u64(at) == 0) {
            at += 8;
        }
        while (at < size && bytes.u8(at) == 0) {
            at++;
        }
        return at;
    }

    static long nextHeader(RawBytes bytes, long end, RawHeader previous, String file) throws ProfileFormatException {
        long at = skipZeros(bytes, end);
        if (at == bytes.size()) {
            return -1;
        }
        long remaining = bytes.size() - at;
        if (remaining < RawVersion.LLVM_HEADER_SIZE && !holdsOlderHeader(bytes, at, previous)) {
            throw new ProfileFormatException(file, at, Kind.MALFORMED,
                    RawErrors.malformed("not enough space for another header"));
        }
        if (at % 8 != 0) {
            throw new ProfileFormatException(file, at, Kind.MALFORMED, RawErrors.malformed("insufficient padding"));
        }
        if (bytes.u64(at) != previous.magic()) {
            throw new ProfileFormatException(file, at, Kind.BAD_MAGIC, RawErrors.BAD_MAGIC);
        }
        return at;
    }

    /** Whether a whole header of a supported version shorter than v10's starts at {@code at}. */
    private static boolean holdsOlderHeader(RawBytes bytes, long at, RawHeader previous) {
        long remaining = bytes.size() - at;
        if (remaining < 16 || bytes.u64(at) != previous.magic()) {
            return false;
        }
        RawVersion version = RawVersion.of(bytes.u64(at + 8));
        return version != null && remaining >= version.headerSize();
    }
}
