package dev.jprofdata.format.sample.extbinary;

import dev.jprofdata.format.sample.SampleLayout;

/**
 * One entry of an ext-binary section table, with the name and flag string
 * {@code llvm-profdata show --show-sec-info-only} prints for it.
 *
 * @param type   the section type ({@code SampleLayout.SEC_*})
 * @param flags  common flags in the low 32 bits, section-specific ones in the high 32
 * @param offset the payload's offset from the start of the file
 * @param size   the payload's size in the file (compressed size for a compressed section)
 */
public record ExtBinarySection(long type, long flags, long offset, long size) {

    public boolean has(long flag) {
        return (flags & flag) == flag;
    }

    /** LLVM's name of the section type. */
    public String name() {
        return SampleLayout.sectionName(type);
    }

    /**
     * LLVM's flag string: {@code {compressed,flat,...}} with the tokens of the section's own flags,
     * {@code {}} when none.
     */
    public String flagString() {
        StringBuilder sb = new StringBuilder("{");
        if (has(SampleLayout.FLAG_COMPRESSED)) {
            sb.append("compressed,");
        }
        if (has(SampleLayout.FLAG_FLAT)) {
            sb.append("flat,");
        }
        if (type == SampleLayout.SEC_NAME_TABLE) {
            if (has(SampleLayout.NAME_TABLE_FIXED_LENGTH_MD5)) {
                sb.append("fixlenmd5,");
            } else if (has(SampleLayout.NAME_TABLE_MD5)) {
                sb.append("md5,");
            }
            if (has(SampleLayout.NAME_TABLE_UNIQ_SUFFIX)) {
                sb.append("uniq,");
            }
        } else if (type == SampleLayout.SEC_PROFILE_SUMMARY) {
            if (has(SampleLayout.SUMMARY_PARTIAL)) {
                sb.append("partial,");
            }
            if (has(SampleLayout.SUMMARY_CONTEXT_SENSITIVE)) {
                sb.append("context,");
            }
            if (has(SampleLayout.SUMMARY_PRE_INLINED)) {
                sb.append("preInlined,");
            }
            if (has(SampleLayout.SUMMARY_FS_DISCRIMINATOR)) {
                sb.append("fs-discriminator,");
            }
        } else if (type == SampleLayout.SEC_FUNC_OFFSET_TABLE) {
            if (has(SampleLayout.FUNC_OFFSET_ORDERED)) {
                sb.append("ordered,");
            }
        } else if (type == SampleLayout.SEC_FUNC_METADATA) {
            if (has(SampleLayout.FUNC_METADATA_PROBE)) {
                sb.append("probe,");
            }
            if (has(SampleLayout.FUNC_METADATA_ATTRIBUTES)) {
                sb.append("attr,");
            }
        }
        if (sb.charAt(sb.length() - 1) == ',') {
            sb.setCharAt(sb.length() - 1, '}');
        } else {
            sb.append('}');
        }
        return sb.toString();
    }
}
