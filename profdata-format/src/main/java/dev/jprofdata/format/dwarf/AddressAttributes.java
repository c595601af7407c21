package dev.jprofdata.format.dwarf;

import dev.jprofdata.format.elf.CodeObjectException;

/**
 * The address attributes of one DIE as they are read ({@code DW_AT_low_pc}, {@code DW_AT_high_pc},
 * {@code DW_AT_ranges}), turned into ranges once the whole DIE is read: a compile unit's and a
 * subprogram's or inlined subroutine's are read the same way, and the unit's address and range
 * bases may come after them in the DIE.
 */
final class AddressAttributes {
    private int lowForm = -1;
    private long lowValue;
    private int highForm = -1;
    private long highValue;
    private int rangesForm = -1;
    private long rangesValue;

    /** Keeps {@code attribute} when it is one of the three; false for any other. */
    boolean take(int attribute, int form, long value) {
        switch (attribute) {
            case Dwarf.DW_AT_low_pc -> {
                lowForm = form;
                lowValue = value;
            }
            case Dwarf.DW_AT_high_pc -> {
                highForm = form;
                highValue = value;
            }
            case Dwarf.DW_AT_ranges -> {
                rangesForm = form;
                rangesValue = value;
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** The low address, or -1 when there is none (or it is not in an address form). */
    long low(DwarfUnit unit) throws CodeObjectException {
        return lowForm >= 0 && DwarfUnit.isAddress(lowForm) ? unit.address(lowForm, lowValue) : -1;
    }

    /**
     * The ranges as {low, high} pairs: from {@code DW_AT_ranges} when given, else from
     * {@code low} and the high address or length; empty when neither says.
     */
    long[] ranges(DwarfUnit unit, long low) throws CodeObjectException {
        if (rangesForm >= 0) {
            return RangeLists.read(unit, rangesForm, rangesValue);
        }
        if (low >= 0 && highForm >= 0) {
            if (DwarfUnit.isConstant(highForm)) {
                return new long[] {low, low + highValue};
            }
            if (DwarfUnit.isAddress(highForm)) {
                return new long[] {low, unit.address(highForm, highValue)};
            }
        }
        return new long[0];
    }
}
