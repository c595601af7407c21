package dev.jprofdata.format.dwarf;

import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.elf.CodeObjectException;
import dev.jprofdata.format.elf.FileSlice;

/**
 * The address ranges of a DW_AT_ranges attribute: a DWARF 5 range list in .debug_rnglists
 * (reached by offset, or by index through the unit's DW_AT_rnglists_base offset table), or a
 * DWARF 2-4 list of address pairs in .debug_ranges.
 */
final class RangeLists {
    private RangeLists() {
    }

    static long[] read(DwarfUnit unit, int form, long value) throws CodeObjectException {
        if (unit.version >= 5) {
            long offset;
            if (form == Dwarf.DW_FORM_rnglistx) {
                long base = unit.rnglistsBase >= 0 ? unit.rnglistsBase : (unit.dwarf64 ? 20 : 12);
                FileSlice lists = unit.sections.rnglists();
                int width = unit.offsetSize();
                if (base < 0 || base > lists.size() || value < 0 || value >= (lists.size() - base) / width) {
                    throw unit.error(unit.offset, Kind.MALFORMED, "range list index " + value + " (base " + base
                            + ") is outside the " + lists.size() + "-byte .debug_rnglists");
                }
                offset = base + lists.unsigned(base + value * width, width, "range list offset");
            } else {
                offset = value;
            }
            return readRnglist(unit, offset);
        }
        return readRanges(unit, value);
    }

    private static long[] readRnglist(DwarfUnit unit, long offset) throws CodeObjectException {
        FileSlice lists = unit.sections.rnglists();
        if (offset < 0 || offset >= lists.size()) {
            throw unit.error(unit.offset, Kind.MALFORMED,
                    "range list offset " + offset + " is outside the " + lists.size() + "-byte .debug_rnglists");
        }
        DwarfCursor in = new DwarfCursor(lists, ".debug_rnglists", offset);
        long base = unit.baseAddress;
        LongPairs out = new LongPairs();
        while (true) {
            int kind = in.u8("range list entry kind");
            switch (kind) {
                case Dwarf.DW_RLE_end_of_list:
                    return out.toArray();
                case Dwarf.DW_RLE_base_addressx:
                    base = unit.indexedAddress(in.uleb("base address index"));
                    break;
                case Dwarf.DW_RLE_startx_endx: {
                    long start = unit.indexedAddress(in.uleb("start index"));
                    out.add(start, unit.indexedAddress(in.uleb("end index")));
                    break;
                }
                case Dwarf.DW_RLE_startx_length: {
                    long start = unit.indexedAddress(in.uleb("start index"));
                    out.add(start, start + in.uleb("range length"));
                    break;
                }
                case Dwarf.DW_RLE_offset_pair: {
                    long start = in.uleb("range start offset");
                    out.add(base + start, base + in.uleb("range end offset"));
                    break;
                }
                case Dwarf.DW_RLE_base_address:
                    base = in.unsigned(unit.addressSize, "base address");
                    break;
                case Dwarf.DW_RLE_start_end: {
                    long start = in.unsigned(unit.addressSize, "range start");
                    out.add(start, in.unsigned(unit.addressSize, "range end"));
                    break;
                }
                case Dwarf.DW_RLE_start_length: {
                    long start = in.unsigned(unit.addressSize, "range start");
                    out.add(start, start + in.uleb("range length"));
                    break;
                }
                default:
                    throw in.error(in.pos() - 1, Kind.MALFORMED, "unknown range list entry kind " + kind);
            }
        }
    }

    private static long[] readRanges(DwarfUnit unit, long offset) throws CodeObjectException {
        FileSlice ranges = unit.sections.ranges();
        if (offset < 0 || offset >= ranges.size()) {
            throw unit.error(unit.offset, Kind.MALFORMED,
                    "range list offset " + offset + " is outside the " + ranges.size() + "-byte .debug_ranges");
        }
        DwarfCursor in = new DwarfCursor(ranges, ".debug_ranges", offset);
        long base = unit.baseAddress;
        long selector = unit.addressSize == 4 ? 0xffffffffL : -1L;
        LongPairs out = new LongPairs();
        while (true) {
            long start = in.unsigned(unit.addressSize, "range start");
            long end = in.unsigned(unit.addressSize, "range end");
            if (start == 0 && end == 0) {
                return out.toArray();
            }
            if (start == selector) {
                base = end;
            } else {
                out.add(base + start, base + end);
            }
        }
    }

    /** A growable array of [low, high) pairs. */
    static final class LongPairs {
        private long[] items = new long[8];
        private int size;

        void add(long low, long high) {
            if (size + 2 > items.length) {
                items = java.util.Arrays.copyOf(items, items.length * 2);
            }
            items[size++] = low;
            items[size++] = high;
        }

        long[] toArray() {
            return java.util.Arrays.copyOf(items, size);
        }
    }
}
