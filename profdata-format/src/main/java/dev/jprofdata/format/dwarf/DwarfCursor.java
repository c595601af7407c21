package dev.jprofdata.format.dwarf;

import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.elf.CodeObjectException;
import dev.jprofdata.format.elf.FileSlice;

/**
 * A read position in one DWARF section. Reads are bounds-checked by the {@link FileSlice}; errors
 * name the section and the file offset of the damaged field.
 */
final class DwarfCursor {
    private final FileSlice bytes;
    private final String section;
    private long pos;
    private long limit;

    DwarfCursor(FileSlice bytes, String section, long pos) {
        this.bytes = bytes;
        this.section = section;
        this.pos = pos;
        this.limit = bytes.size();
    }

    long pos() {
        return pos;
    }

    void seek(long newPos) {
        pos = newPos;
    }

    /** Reads stop at {@code end} (the end of the current unit), which must lie in the section. */
    void limit(long end) throws CodeObjectException {
        if (end < pos || end > bytes.size()) {
            throw error(pos, Kind.TOO_LARGE, "unit length runs past the end of " + section);
        }
        limit = end;
    }

    long limit() {
        return limit;
    }

    boolean atEnd() {
        return pos >= limit;
    }

    FileSlice bytes() {
        return bytes;
    }

    private void need(long n, String what) throws CodeObjectException {
        if (n < 0 || pos > limit || n > limit - pos) {
            throw new CodeObjectException(bytes.file(), bytes.fileOffsetOf(Math.min(pos, bytes.size())),
                    Kind.TRUNCATED, "truncated " + what + " in " + section);
        }
    }

    int u8(String what) throws CodeObjectException {
        need(1, what);
        return bytes.u8(pos++, what);
    }

    int u16(String what) throws CodeObjectException {
        need(2, what);
        int v = bytes.u16(pos, what);
        pos += 2;
        return v;
    }

    long u32(String what) throws CodeObjectException {
        need(4, what);
        long v = bytes.u32(pos, what);
        pos += 4;
        return v;
    }

    long u64(String what) throws CodeObjectException {
        need(8, what);
        long v = bytes.u64(pos, what);
        pos += 8;
        return v;
    }

    long unsigned(int width, String what) throws CodeObjectException {
        need(width, what);
        long v = bytes.unsigned(pos, width, what);
        pos += width;
        return v;
    }

    /** A section offset: 4 bytes in 32-bit DWARF, 8 in 64-bit DWARF. */
    long offset(boolean dwarf64, String what) throws CodeObjectException {
        return dwarf64 ? u64(what) : u32(what);
    }

    long uleb(String what) throws CodeObjectException {
        long result = 0;
        int shift = 0;
        while (true) {
            int b = u8(what);
            if (shift < 64) {
                result |= (long) (b & 0x7f) << shift;
            }
            shift += 7;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
    }

    long sleb(String what) throws CodeObjectException {
        long result = 0;
        int shift = 0;
        int b;
        do {
            b = u8(what);
            if (shift < 64) {
                result |= (long) (b & 0x7f) << shift;
            }
            shift += 7;
        } while ((b & 0x80) != 0);
        if (shift < 64 && (b & 0x40) != 0) {
            result |= -1L << shift;
        }
        return result;
    }

    String cString(String what) throws CodeObjectException {
        need(1, what);
        long end = bytes.cStringEnd(pos, what);
        if (end > limit) {
            throw new CodeObjectException(bytes.file(), bytes.fileOffsetOf(pos), Kind.TRUNCATED,
                    "truncated " + what + " in " + section);
        }
        String s = bytes.cString(pos, what);
        pos = end;
        return s;
    }

    void skip(long n, String what) throws CodeObjectException {
        need(n, what);
        pos += n;
    }

    CodeObjectException error(long at, Kind kind, String reason) {
        return new CodeObjectException(bytes.file(), bytes.fileOffsetOf(Math.max(0, Math.min(at, bytes.size()))), kind,
                reason + " in " + section);
    }
}
