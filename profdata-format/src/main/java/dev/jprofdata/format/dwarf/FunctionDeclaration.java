package dev.jprofdata.format.dwarf;

/**
 * A DW_TAG_subprogram DIE of the code object: a function's definition, declaration or abstract
 * (inlined-only) instance, with the attributes it has directly or through DW_AT_specification and
 * DW_AT_abstract_origin.
 *
 * @param dieOffset the DIE's offset in .debug_info (as llvm-dwarfdump prints it)
 * @param name DW_AT_name, or null
 * @param linkageName DW_AT_linkage_name, or null
 * @param declFile the declaration's file, or null
 * @param declLine DW_AT_decl_line, 0 when unknown
 * @param lowPc DW_AT_low_pc, or -1 (declarations, abstract instances, split ranges)
 */
public record FunctionDeclaration(long dieOffset, String name, String linkageName, String declFile, long declLine,
        long lowPc) {
}
