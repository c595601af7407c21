package dev.jprofdata.format.dwarf;

/**
 * The DWARF constants this reader uses (tags, attributes, forms, line-program opcodes, range-list
 * entry kinds), with their values from the DWARF 4 and 5 standards and the GNU extensions that
 * clang emits.
 */
final class Dwarf {
    private Dwarf() {
    }

    // Unit types (DWARF 5).
    static final int DW_UT_compile = 0x01;
    static final int DW_UT_type = 0x02;
    static final int DW_UT_partial = 0x03;
    static final int DW_UT_skeleton = 0x04;
    static final int DW_UT_split_compile = 0x05;
    static final int DW_UT_split_type = 0x06;

    // Tags.
    static final int DW_TAG_compile_unit = 0x11;
    static final int DW_TAG_partial_unit = 0x3c;
    static final int DW_TAG_subprogram = 0x2e;
    static final int DW_TAG_inlined_subroutine = 0x1d;

    // Attributes.
    static final int DW_AT_name = 0x03;
    static final int DW_AT_stmt_list = 0x10;
    static final int DW_AT_low_pc = 0x11;
    static final int DW_AT_high_pc = 0x12;
    static final int DW_AT_comp_dir = 0x1b;
    static final int DW_AT_abstract_origin = 0x31;
    static final int DW_AT_decl_file = 0x3a;
    static final int DW_AT_decl_line = 0x3b;
    static final int DW_AT_specification = 0x47;
    static final int DW_AT_ranges = 0x55;
    static final int DW_AT_call_column = 0x57;
    static final int DW_AT_call_file = 0x58;
    static final int DW_AT_call_line = 0x59;
    static final int DW_AT_linkage_name = 0x6e;
    static final int DW_AT_str_offsets_base = 0x72;
    static final int DW_AT_addr_base = 0x73;
    static final int DW_AT_rnglists_base = 0x74;
    static final int DW_AT_MIPS_linkage_name = 0x2007;
    static final int DW_AT_GNU_discriminator = 0x2136;

    // Forms.
    static final int DW_FORM_addr = 0x01;
    static final int DW_FORM_block2 = 0x03;
    static final int DW_FORM_block4 = 0x04;
    static final int DW_FORM_data2 = 0x05;
    static final int DW_FORM_data4 = 0x06;
    static final int DW_FORM_data8 = 0x07;
    static final int DW_FORM_string = 0x08;
    static final int DW_FORM_block = 0x09;
    static final int DW_FORM_block1 = 0x0a;
    static final int DW_FORM_data1 = 0x0b;
    static final int DW_FORM_flag = 0x0c;
    static final int DW_FORM_sdata = 0x0d;
    static final int DW_FORM_strp = 0x0e;
    static final int DW_FORM_udata = 0x0f;
    static final int DW_FORM_ref_addr = 0x10;
    static final int DW_FORM_ref1 = 0x11;
    static final int DW_FORM_ref2 = 0x12;
    static final int DW_FORM_ref4 = 0x13;
    static final int DW_FORM_ref8 = 0x14;
    static final int DW_FORM_ref_udata = 0x15;
    static final int DW_FORM_indirect = 0x16;
    static final int DW_FORM_sec_offset = 0x17;
    static final int DW_FORM_exprloc = 0x18;
    static final int DW_FORM_flag_present = 0x19;
    static final int DW_FORM_strx = 0x1a;
    static final int DW_FORM_addrx = 0x1b;
    static final int DW_FORM_ref_sup4 = 0x1c;
    static final int DW_FORM_strp_sup = 0x1d;
    static final int DW_FORM_data16 = 0x1e;
    static final int DW_FORM_line_strp = 0x1f;
    static final int DW_FORM_ref_sig8 = 0x20;
    static final int DW_FORM_implicit_const = 0x21;
    static final int DW_FORM_loclistx = 0x22;
    static final int DW_FORM_rnglistx = 0x23;
    static final int DW_FORM_ref_sup8 = 0x24;
    static final int DW_FORM_strx1 = 0x25;
    static final int DW_FORM_strx2 = 0x26;
    static final int DW_FORM_strx3 = 0x27;
    static final int DW_FORM_strx4 = 0x28;
    static final int DW_FORM_addrx1 = 0x29;
    static final int DW_FORM_addrx2 = 0x2a;
    static final int DW_FORM_addrx3 = 0x2b;
    static final int DW_FORM_addrx4 = 0x2c;
    static final int DW_FORM_GNU_addr_index = 0x1f01;
    static final int DW_FORM_GNU_str_index = 0x1f02;
    static final int DW_FORM_GNU_ref_alt = 0x1f20;
    static final int DW_FORM_GNU_strp_alt = 0x1f21;

    // Line-number program: standard opcodes.
    static final int DW_LNS_copy = 1;
    static final int DW_LNS_advance_pc = 2;
    static final int DW_LNS_advance_line = 3;
    static final int DW_LNS_set_file = 4;
    static final int DW_LNS_set_column = 5;
    static final int DW_LNS_negate_stmt = 6;
    static final int DW_LNS_set_basic_block = 7;
    static final int DW_LNS_const_add_pc = 8;
    static final int DW_LNS_fixed_advance_pc = 9;
    static final int DW_LNS_set_prologue_end = 10;
    static final int DW_LNS_set_epilogue_begin = 11;
    static final int DW_LNS_set_isa = 12;
    // Extended opcodes.
    static final int DW_LNE_end_sequence = 1;
    static final int DW_LNE_set_address = 2;
    static final int DW_LNE_define_file = 3;
    static final int DW_LNE_set_discriminator = 4;
    // Line-table header entry content types (DWARF 5).
    static final int DW_LNCT_path = 1;
    static final int DW_LNCT_directory_index = 2;

    // Range-list entries (DWARF 5 .debug_rnglists).
    static final int DW_RLE_end_of_list = 0;
    static final int DW_RLE_base_addressx = 1;
    static final int DW_RLE_startx_endx = 2;
    static final int DW_RLE_startx_length = 3;
    static final int DW_RLE_offset_pair = 4;
    static final int DW_RLE_base_address = 5;
    static final int DW_RLE_start_end = 6;
    static final int DW_RLE_start_length = 7;
}
