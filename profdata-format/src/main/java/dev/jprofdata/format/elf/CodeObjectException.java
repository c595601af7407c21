package dev.jprofdata.format.elf;

import dev.jprofdata.format.ProfileFormatException;

/**
 * A code object (an ELF file, a clang offload bundle, a rocprofv3 code-object URI, or the DWARF
 * inside) that cannot be read. As every reader error of the project it names the file and the
 * byte offset in that file (not in the slice a code object was cut from) where the problem was
 * found, -1 when no single offset applies; {@link #kind()} says what is wrong.
 */
public class CodeObjectException extends ProfileFormatException {
    private static final long serialVersionUID = 1L;

    public CodeObjectException(String file, long offset, Kind kind, String reason) {
        super(file, offset, kind, reason);
    }

    public CodeObjectException(String file, long offset, Kind kind, String reason, Throwable cause) {
        super(file, offset, kind, reason, cause);
    }
}
