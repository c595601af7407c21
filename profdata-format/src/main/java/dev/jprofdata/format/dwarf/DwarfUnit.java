package dev.jprofdata.format.dwarf;

import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.elf.CodeObjectException;

/**
 * One compile unit of {@code .debug_info}: its header, the bases its CU DIE sets for indexed
 * strings, addresses and range lists, and the resolution of attribute values that depend on them.
 */
final class DwarfUnit {
    final DwarfSections sections;
    /** Offset of the unit header in .debug_info. */
    final long offset;
    /** Offset one past the unit's last byte. */
    final long end;
    final int version;
    final int unitType;
    final boolean dwarf64;
    final int addressSize;
    final long abbrevOffset;
    /** Offset of the first DIE. */
    final long firstDie;

    long strOffsetsBase = -1;
    long addrBase = -1;
    long rnglistsBase = -1;
    /** The CU's DW_AT_low_pc: the base address of its range lists. */
    long baseAddress;
    long stmtList = -1;
    String compDir = "";
    String name;
    /** The CU's own address ranges (from its DIE), as [low, high) pairs. */
    long[] ranges = new long[0];

    private DwarfUnit(DwarfSections sections, long offset, long end, int version, int unitType, boolean dwarf64,
            int addressSize, long abbrevOffset, long firstDie) {
        this.sections = sections;
        this.offset = offset;
        this.end = end;
        this.version = version;
        this.unitType = unitType;
        this.dwarf64 = dwarf64;
        this.addressSize = addressSize;
        this.abbrevOffset = abbrevOffset;
        this.firstDie = firstDie;
    }

    /** Reads the unit header at {@code in}'s position and leaves {@code in} limited to the unit. */
    static DwarfUnit readHeader(DwarfSections sections, DwarfCursor in) throws CodeObjectException {
        long offset = in.pos();
        long length = in.u32("unit length");
        boolean dwarf64 = false;
        if (length == 0xffffffffL) {
            dwarf64 = true;
            length = in.u64("64-bit unit length");
        } else if (length >= 0xfffffff0L) {
            throw in.error(offset, Kind.MALFORMED, "reserved unit length 0x" + Long.toHexString(length));
        }
        long contentStart = in.pos();
        if (length < 0 || length > in.bytes().size() - contentStart) {
            throw in.error(offset, Kind.TOO_LARGE, "unit length " + Long.toUnsignedString(length)
                    + " runs past the end of the section");
        }
        long end = contentStart + length;
        in.limit(end);
        int version = in.u16("unit version");
        if (version < 2 || version > 5) {
            throw in.error(offset + (dwarf64 ? 12 : 4), Kind.UNSUPPORTED_VERSION,
                    "DWARF version " + version + " is not supported (2 to 5 are)");
        }
        int unitType = Dwarf.DW_UT_compile;
        int addressSize;
        long abbrevOffset;
        if (version >= 5) {
            unitType = in.u8("unit type");
            addressSize = in.u8("address size");
            abbrevOffset = in.offset(dwarf64, "abbreviation offset");
            switch (unitType) {
                case Dwarf.DW_UT_compile, Dwarf.DW_UT_partial -> {
                }
                case Dwarf.DW_UT_skeleton, Dwarf.DW_UT_split_compile -> in.skip(8, "unit id");
                case Dwarf.DW_UT_type, Dwarf.DW_UT_split_type -> {
                    in.skip(8, "type signature");
                    in.offset(dwarf64, "type offset");
                }
                default -> throw in.error(offset, Kind.MALFORMED, "unknown unit type " + unitType);
            }
        } else {
            abbrevOffset = in.offset(dwarf64, "abbreviation offset");
            addressSize = in.u8("address size");
        }
        if (addressSize != 4 && addressSize != 8) {
            throw in.error(offset, Kind.MALFORMED, "address size " + addressSize + " is not 4 or 8");
        }
        return new DwarfUnit(sections, offset, end, version, unitType, dwarf64, addressSize, abbrevOffset, in.pos());
    }

    /** Whether the unit holds code (a compile or partial unit, not a type or split unit). */
    boolean holdsCode() {
        return unitType == Dwarf.DW_UT_compile || unitType == Dwarf.DW_UT_partial;
    }

    int offsetSize() {
        return dwarf64 ? 8 : 4;
    }

    /**
     * Reads the value of an attribute of form {@code form} at {@code in}'s position: a constant,
     * an address or an index as it is, a reference as an absolute .debug_info offset, a string
     * as the position the {@link #string} resolution needs; blocks are skipped (value 0).
     */
    long readValue(DwarfCursor in, int form, long implicitConst) throws CodeObjectException {
        for (int hops = 0; hops < 4; hops++) {
            switch (form) {
                case Dwarf.DW_FORM_addr:
                    return in.unsigned(addressSize, "address");
                case Dwarf.DW_FORM_data1, Dwarf.DW_FORM_ref1, Dwarf.DW_FORM_flag, Dwarf.DW_FORM_strx1,
                        Dwarf.DW_FORM_addrx1:
                    return relative(form, in.u8("attribute value"));
                case Dwarf.DW_FORM_data2, Dwarf.DW_FORM_ref2, Dwarf.DW_FORM_strx2, Dwarf.DW_FORM_addrx2:
                    return relative(form, in.u16("attribute value"));
                case Dwarf.DW_FORM_strx3, Dwarf.DW_FORM_addrx3:
                    return in.unsigned(3, "attribute value");
                case Dwarf.DW_FORM_data4, Dwarf.DW_FORM_ref4, Dwarf.DW_FORM_strx4, Dwarf.DW_FORM_addrx4,
                        Dwarf.DW_FORM_ref_sup4:
                    return relative(form, in.u32("attribute value"));
                case Dwarf.DW_FORM_data8, Dwarf.DW_FORM_ref8, Dwarf.DW_FORM_ref_sig8, Dwarf.DW_FORM_ref_sup8:
                    return relative(form, in.u64("attribute value"));
                case Dwarf.DW_FORM_data16:
                    in.skip(16, "16-byte constant");
                    return 0;
                case Dwarf.DW_FORM_sdata:
                    return in.sleb("signed constant");
                case Dwarf.DW_FORM_udata, Dwarf.DW_FORM_ref_udata, Dwarf.DW_FORM_strx, Dwarf.DW_FORM_addrx,
                        Dwarf.DW_FORM_loclistx, Dwarf.DW_FORM_rnglistx, Dwarf.DW_FORM_GNU_addr_index,
                        Dwarf.DW_FORM_GNU_str_index:
                    return relative(form, in.uleb("attribute value"));
                case Dwarf.DW_FORM_string: {
                    long at = in.pos();
                    in.cString("string attribute");
                    return at;
                }
                case Dwarf.DW_FORM_strp, Dwarf.DW_FORM_line_strp, Dwarf.DW_FORM_sec_offset, Dwarf.DW_FORM_strp_sup,
                        Dwarf.DW_FORM_GNU_strp_alt, Dwarf.DW_FORM_GNU_ref_alt:
                    return in.offset(dwarf64, "section offset");
                case Dwarf.DW_FORM_ref_addr:
                    return version <= 2 ? in.unsigned(addressSize, "reference") : in.offset(dwarf64, "reference");
                case Dwarf.DW_FORM_block1:
                    in.skip(in.u8("block length"), "block");
                    return 0;
                case Dwarf.DW_FORM_block2:
                    in.skip(in.u16("block length"), "block");
                    return 0;
                case Dwarf.DW_FORM_block4:
                    in.skip(in.u32("block length"), "block");
                    return 0;
                case Dwarf.DW_FORM_block, Dwarf.DW_FORM_exprloc:
                    in.skip(in.uleb("block length"), "block");
                    return 0;
                case Dwarf.DW_FORM_flag_present:
                    return 1;
                case Dwarf.DW_FORM_implicit_const:
                    return implicitConst;
                case Dwarf.DW_FORM_indirect:
                    form = (int) in.uleb("indirect form");
                    continue;
                default:
                    throw in.error(in.pos(), Kind.MALFORMED, "unknown attribute form 0x" + Integer.toHexString(form));
            }
        }
        throw in.error(in.pos(), Kind.MALFORMED, "too many DW_FORM_indirect in a row");
    }

    /** CU-relative references become absolute .debug_info offsets. */
    private long relative(int form, long value) {
        return switch (form) {
            case Dwarf.DW_FORM_ref1, Dwarf.DW_FORM_ref2, Dwarf.DW_FORM_ref4, Dwarf.DW_FORM_ref8,
                    Dwarf.DW_FORM_ref_udata -> offset + value;
            default -> value;
        };
    }

    static boolean isReference(int form) {
        return switch (form) {
            case Dwarf.DW_FORM_ref1, Dwarf.DW_FORM_ref2, Dwarf.DW_FORM_ref4, Dwarf.DW_FORM_ref8,
                    Dwarf.DW_FORM_ref_udata, Dwarf.DW_FORM_ref_addr -> true;
            default -> false;
        };
    }

    static boolean isConstant(int form) {
        return switch (form) {
            case Dwarf.DW_FORM_data1, Dwarf.DW_FORM_data2, Dwarf.DW_FORM_data4, Dwarf.DW_FORM_data8,
                    Dwarf.DW_FORM_sdata, Dwarf.DW_FORM_udata, Dwarf.DW_FORM_implicit_const -> true;
            default -> false;
        };
    }

    static boolean isString(int form) {
        return switch (form) {
            case Dwarf.DW_FORM_string, Dwarf.DW_FORM_strp, Dwarf.DW_FORM_line_strp, Dwarf.DW_FORM_strx,
                    Dwarf.DW_FORM_strx1, Dwarf.DW_FORM_strx2, Dwarf.DW_FORM_strx3, Dwarf.DW_FORM_strx4,
                    Dwarf.DW_FORM_GNU_str_index -> true;
            default -> false;
        };
    }

    static boolean isAddress(int form) {
        return switch (form) {
            case Dwarf.DW_FORM_addr, Dwarf.DW_FORM_addrx, Dwarf.DW_FORM_addrx1, Dwarf.DW_FORM_addrx2,
                    Dwarf.DW_FORM_addrx3, Dwarf.DW_FORM_addrx4, Dwarf.DW_FORM_GNU_addr_index -> true;
            default -> false;
        };
    }

    /** The string an attribute of a string form names; null for any other form. */
    String string(int form, long value) throws CodeObjectException {
        switch (form) {
            case Dwarf.DW_FORM_string:
                return sections.info().cString(value, "string attribute");
            case Dwarf.DW_FORM_strp:
                return sections.str().cString(value, ".debug_str string");
            case Dwarf.DW_FORM_line_strp:
                return sections.lineStr().cString(value, ".debug_line_str string");
            case Dwarf.DW_FORM_strx, Dwarf.DW_FORM_strx1, Dwarf.DW_FORM_strx2, Dwarf.DW_FORM_strx3,
                    Dwarf.DW_FORM_strx4, Dwarf.DW_FORM_GNU_str_index: {
                // Without DW_AT_str_offsets_base the offsets follow the table's 8- or 16-byte header.
                long base = strOffsetsBase >= 0 ? strOffsetsBase : (dwarf64 ? 16 : 8);
                long at = indexed(base, value, offsetSize(), sections.strOffsets().size(), "string index");
                long strOffset = sections.strOffsets().unsigned(at, offsetSize(), "string offset");
                return sections.str().cString(strOffset, ".debug_str string");
            }
            default:
                return null;
        }
    }

    /** The address an attribute of an address form names. */
    long address(int form, long value) throws CodeObjectException {
        if (form == Dwarf.DW_FORM_addr) {
            return value;
        }
        return indexedAddress(value);
    }

    /** Entry {@code index} of this unit's .debug_addr contribution. */
    long indexedAddress(long index) throws CodeObjectException {
        long base = addrBase >= 0 ? addrBase : 8;
        long at = indexed(base, index, addressSize, sections.addr().size(), "address index");
        return sections.addr().unsigned(at, addressSize, "indexed address");
    }

    private long indexed(long base, long index, int width, long sectionSize, String what) throws CodeObjectException {
        if (base < 0 || index < 0 || index > (Long.MAX_VALUE - base) / width || base + index * width > sectionSize - width) {
            throw new CodeObjectException(sections.info().file(), sections.info().fileOffsetOf(offset), Kind.MALFORMED,
                    what + " " + index + " (base " + base + ") is outside its " + sectionSize + "-byte section"
                            + " (unit at .debug_info offset " + offset + ")");
        }
        return base + index * width;
    }

    CodeObjectException error(long infoOffset, Kind kind, String reason) {
        return new CodeObjectException(sections.info().file(), sections.info().fileOffsetOf(infoOffset), kind,
                reason + " in .debug_info");
    }
}
