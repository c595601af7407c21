package dev.jprofdata.format.sample.extbinary;

import dev.jprofdata.format.sample.SampleLayout;

/**
 * The section layouts LLVM 22's ext-binary writer uses: the section table order (the order
 * readers process sections in) and the order the payloads are written in.
 *
 * <p>Default: table Summary, NameTable, CSNameTable, FuncOffsetTable, LBRProfile,
 * ProfileSymbolList, FuncMetadata; payloads the same except that the offset table comes after
 * the profiles and the symbol list. Split ({@code --split-layout}): no context table, and the
 * profiles in two parts, those with inlinees first, then those without (flagged flat), each part
 * with its own offset table.
 */
enum ExtBinaryLayout {
    DEFAULT(new int[] {SampleLayout.SEC_PROFILE_SUMMARY, SampleLayout.SEC_NAME_TABLE, SampleLayout.SEC_CS_NAME_TABLE,
        SampleLayout.SEC_FUNC_OFFSET_TABLE, SampleLayout.SEC_LBR_PROFILE, SampleLayout.SEC_PROFILE_SYMBOL_LIST,
        SampleLayout.SEC_FUNC_METADATA},
            new int[] {0, 1, 2, 4, 5, 3, 6},
            new Part[] {Part.ALL, Part.ALL, Part.ALL, Part.ALL, Part.ALL, Part.ALL, Part.ALL}),
    SPLIT(new int[] {SampleLayout.SEC_PROFILE_SUMMARY, SampleLayout.SEC_NAME_TABLE, SampleLayout.SEC_FUNC_OFFSET_TABLE,
        SampleLayout.SEC_LBR_PROFILE, SampleLayout.SEC_FUNC_OFFSET_TABLE, SampleLayout.SEC_LBR_PROFILE,
        SampleLayout.SEC_PROFILE_SYMBOL_LIST, SampleLayout.SEC_FUNC_METADATA},
            new int[] {0, 1, 3, 2, 5, 4, 6, 7},
            new Part[] {Part.ALL, Part.ALL, Part.WITH_INLINEES, Part.WITH_INLINEES, Part.WITHOUT_INLINEES,
                Part.WITHOUT_INLINEES, Part.ALL, Part.ALL});

    /** Which top-level profiles a profile section holds. */
    enum Part {
        ALL,
        WITH_INLINEES,
        WITHOUT_INLINEES
    }

    private final int[] types;
    private final int[] writeOrder;
    private final Part[] parts;

    ExtBinaryLayout(int[] types, int[] writeOrder, Part[] parts) {
        this.types = types;
        this.writeOrder = writeOrder;
        this.parts = parts;
    }

    int size() {
        return types.length;
    }

    /** The section type of table slot {@code slot}. */
    int type(int slot) {
        return types[slot];
    }

    /** The table slots in the order their payloads are written. */
    int[] writeOrder() {
        return writeOrder.clone();
    }

    Part part(int slot) {
        return parts[slot];
    }

    /** Whether the slot holds only profiles without inlinees (flag "flat"). */
    boolean flat(int slot) {
        return parts[slot] == Part.WITHOUT_INLINEES;
    }
}
