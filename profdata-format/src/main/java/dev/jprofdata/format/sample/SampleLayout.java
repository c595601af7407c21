package dev.jprofdata.format.sample;

/**
 * The constants of LLVM's binary sample-profile encodings, declared once for every reader and
 * writer: magic numbers, the version, ext-binary section types and their flag bits. The byte
 * layouts that use them are described in {@code spec/sample-formats.md}.
 */
public final class SampleLayout {
    private SampleLayout() {
    }

    /** The magic's high bytes spell "SPROF42"; the low byte says which format. */
    private static final long MAGIC_BASE = ((long) 'S' << 56) | ((long) 'P' << 48) | ((long) 'R' << 40)
            | ((long) 'O' << 32) | ((long) 'F' << 24) | ((long) '4' << 16) | ((long) '2' << 8);

    /** Magic of the raw binary format, stored as ULEB128 (9 bytes). */
    public static final long MAGIC_BINARY = MAGIC_BASE | 0xFF;
    /** Magic of the extensible binary format, stored as ULEB128 (9 bytes). */
    public static final long MAGIC_EXTBINARY = MAGIC_BASE | 0x04;
    /** The only version LLVM 22 reads and writes, stored as ULEB128 after the magic. */
    public static final long VERSION = 103;

    /** GCC AutoFDO files start with these bytes: "gcda" and version "407*", little-endian words, then a NUL. */
    public static final byte[] GCC_PREFIX = {'a', 'd', 'c', 'g', '*', '7', '0', '4', 0};
    /** GCC AutoFDO section tags. */
    public static final int GCC_TAG_FUNCTION_NAMES = 0xAA000000;
    public static final int GCC_TAG_FUNCTIONS = 0xAC000000;
    /** The only histogram kind an AutoFDO call-target list may carry (HIST_TYPE_INDIR_CALL_TOPN). */
    public static final int GCC_HIST_INDIRECT_CALL_TOPN = 7;

    /** Every section-table entry is four little-endian u64: type, flags, offset, size. */
    public static final int SECTION_ENTRY_BYTES = 32;

    // Ext-binary section types.
    public static final int SEC_INVALID = 0;
    public static final int SEC_PROFILE_SUMMARY = 1;
    public static final int SEC_NAME_TABLE = 2;
    public static final int SEC_PROFILE_SYMBOL_LIST = 3;
    public static final int SEC_FUNC_OFFSET_TABLE = 4;
    public static final int SEC_FUNC_METADATA = 5;
    public static final int SEC_CS_NAME_TABLE = 6;
    public static final int SEC_LBR_PROFILE = 32;

    // Flags common to every section (low 32 bits).
    public static final long FLAG_COMPRESSED = 1L;
    public static final long FLAG_FLAT = 1L << 1;

    // Section-specific flags (high 32 bits).
    public static final long NAME_TABLE_MD5 = 1L << 32;
    public static final long NAME_TABLE_FIXED_LENGTH_MD5 = 1L << 33;
    public static final long NAME_TABLE_UNIQ_SUFFIX = 1L << 34;
    public static final long SUMMARY_PARTIAL = 1L << 32;
    public static final long SUMMARY_CONTEXT_SENSITIVE = 1L << 33;
    public static final long SUMMARY_FS_DISCRIMINATOR = 1L << 34;
    public static final long SUMMARY_PRE_INLINED = 1L << 36;
    public static final long SUMMARY_VTABLE_TYPES = 1L << 37;
    public static final long FUNC_OFFSET_ORDERED = 1L << 32;
    public static final long FUNC_METADATA_PROBE = 1L << 32;
    public static final long FUNC_METADATA_ATTRIBUTES = 1L << 33;

    /** The name LLVM's {@code show --show-sec-info-only} prints for a section type. */
    public static String sectionName(long type) {
        if (type == SEC_INVALID) {
            return "InvalidSection";
        } else if (type == SEC_PROFILE_SUMMARY) {
            return "ProfileSummarySection";
        } else if (type == SEC_NAME_TABLE) {
            return "NameTableSection";
        } else if (type == SEC_PROFILE_SYMBOL_LIST) {
            return "ProfileSymbolListSection";
        } else if (type == SEC_FUNC_OFFSET_TABLE) {
            return "FuncOffsetTableSection";
        } else if (type == SEC_FUNC_METADATA) {
            return "FunctionMetadata";
        } else if (type == SEC_CS_NAME_TABLE) {
            return "CSNameTableSection";
        } else if (type == SEC_LBR_PROFILE) {
            return "LBRProfileSection";
        }
        return "UnknownSection";
    }
}
