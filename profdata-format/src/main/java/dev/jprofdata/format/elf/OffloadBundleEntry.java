package dev.jprofdata.format.elf;

/**
 * One entry of a clang offload bundle: its bundle entry id ({@code <kind>-<triple>-<target id>},
 * for example {@code hipv4-amdgcn-amd-amdhsa--gfx942}) and where its bytes are in the bundle
 * file. {@code offset} and {@code size} have been checked to lie inside the file.
 */
public record OffloadBundleEntry(String id, long offset, long size) {
    /** The offload kind, the part of the id before the first '-' ({@code host}, {@code hip}, {@code hipv4}, ...). */
    public String offloadKind() {
        int dash = id.indexOf('-');
        return dash < 0 ? id : id.substring(0, dash);
    }

    /**
     * The target id after the triple (the id's part after {@code "--"} for AMDGPU triples, whose
     * environment field is empty), for example {@code gfx942} or {@code gfx90a:xnack+}; empty when
     * the id has none.
     */
    public String targetId() {
        int sep = id.lastIndexOf("--");
        if (sep >= 0) {
            return id.substring(sep + 2);
        }
        // A four-part triple: <kind>-<arch>-<vendor>-<os>-<env>-<target id>.
        String[] parts = id.split("-", -1);
        return parts.length >= 6 ? String.join("-", java.util.Arrays.copyOfRange(parts, 5, parts.length)) : "";
    }

    /** Whether this is the dummy host entry (offload kind {@code host}), which carries no code. */
    public boolean isHost() {
        return offloadKind().equals("host");
    }
}
