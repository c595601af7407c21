package dev.jprofdata.format.pcsampling;

/**
 * A loaded code object of a results JSON ({@code code_objects[]}): where its bytes came from
 * ({@code file://path#offset=O&size=S} or {@code memory://...}) and where it was loaded. A sample's
 * ELF virtual address is {@code loadBase + codeObjectOffset - loadDelta}.
 */
public record CodeObject(long codeObjectId, String uri, long loadBase, long loadSize, long loadDelta) {
}
