package dev.jprofdata.format.dwarf;

/**
 * What symbolisation keeps of a DW_TAG_subprogram or DW_TAG_inlined_subroutine DIE: its raw name
 * attributes (resolved on demand), declaration and call coordinates, the references it follows
 * for the attributes it lacks (DW_AT_specification, DW_AT_abstract_origin), its address ranges,
 * and the nearest enclosing subroutine DIE. -1 marks an absent attribute.
 */
final class SubroutineDie {
    final long offset;
    final DwarfUnit unit;
    final int tag;
    SubroutineDie parent;

    int nameForm = -1;
    long nameValue;
    int linkageNameForm = -1;
    long linkageNameValue;
    long declLine = -1;
    long declFile = -1;
    long callFile = -1;
    long callLine = -1;
    long callColumn = -1;
    long callDiscriminator = -1;
    long specification = -1;
    long abstractOrigin = -1;
    /** DW_AT_low_pc, or -1. */
    long lowPc = -1;
    /** [low, high) pairs. */
    long[] ranges = new long[0];

    SubroutineDie(long offset, DwarfUnit unit, int tag) {
        this.offset = offset;
        this.unit = unit;
        this.tag = tag;
    }

    boolean isSubprogram() {
        return tag == Dwarf.DW_TAG_subprogram;
    }
}
