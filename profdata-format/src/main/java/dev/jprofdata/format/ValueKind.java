package dev.jprofdata.format;

/**
 * The kinds of value profile LLVM records, with their on-disk numbers (IPVK_*).
 * Kinds 0 and 2 hold MD5 name hashes of functions and vtables; kind 1 holds sizes.
 */
public enum ValueKind {
    INDIRECT_CALL_TARGET(0, "IPVK_IndirectCallTarget", "IndirectCall"),
    MEMOP_SIZE(1, "IPVK_MemOPSize", "MemOP"),
    VTABLE_TARGET(2, "IPVK_VTableTarget", "VTable");

    /** Number of kinds known to LLVM 22 (IPVK_Last + 1). */
    public static final int COUNT = 3;

    private static final ValueKind[] BY_NUMBER = values();

    private final int number;
    private final String llvmName;
    private final String overlapLabel;

    ValueKind(int number, String llvmName, String overlapLabel) {
        this.number = number;
        this.llvmName = llvmName;
        this.overlapLabel = overlapLabel;
    }

    public int number() {
        return number;
    }

    /** The enumerator name LLVM prints in text profiles, e.g. {@code IPVK_MemOPSize}. */
    public String llvmName() {
        return llvmName;
    }

    /** The label used by {@code overlap}, e.g. {@code IndirectCall}. */
    public String overlapLabel() {
        return overlapLabel;
    }

    /** True when values are MD5 name hashes (resolved through a symbol table for display). */
    public boolean holdsNameHashes() {
        return this != MEMOP_SIZE;
    }

    public static ValueKind of(int number) {
        if (number < 0 || number >= COUNT) {
            throw new IllegalArgumentException("value kind " + number);
        }
        return BY_NUMBER[number];
    }
}
