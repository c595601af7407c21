package dev.jprofdata.format.dwarf;

/**
 * One frame of the inline stack at an address, as the code object's DWARF describes it.
 *
 * <p>For the innermost frame, {@code file}, {@code line}, {@code column} and
 * {@code discriminator} are the line table's row for the address; for each outer frame they are
 * where it calls the frame inside it (the inlined subroutine's DW_AT_call_file, call_line,
 * call_column and DW_AT_GNU_discriminator).
 *
 * @param name the function's DW_AT_name (through DW_AT_specification and DW_AT_abstract_origin),
 *     or null when the DWARF gives none (an address outside every subprogram)
 * @param linkageName the function's DW_AT_linkage_name (mangled), or null when it has none
 *     (C functions, {@code extern "C"} kernels)
 * @param file the source file's path (absolute as the DWARF allows), or null when unknown
 * @param line the line, 0 when unknown
 * @param column the column, 0 when unknown
 * @param discriminator the discriminator, 0 when none
 * @param declLine the function's DW_AT_decl_line, 0 when unknown (sample profiles count line
 *     offsets from it)
 * @param declFile the file of the function's declaration, or null
 * @param startAddress the function's DW_AT_low_pc (for an inlined frame, the start of that
 *     inlined copy), or -1 when the DIE has none (a frame whose code is in several ranges)
 */
public record SourceFrame(String name, String linkageName, String file, long line, long column,
        long discriminator, long declLine, String declFile, long startAddress) {

    /** The linkage name when there is one, else the plain name (what LLVM's tools print undemangled). */
    public String functionName() {
        return linkageName != null ? linkageName : name;
    }
}
