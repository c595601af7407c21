package dev.jprofdata.format.elf;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Finds a code object's ELF file: a code-object file given by path, the one device code object of
 * a clang offload bundle (or the one for a named target), or the range a rocprofv3 code-object URI
 * names. Every way checks the offsets against the file and reports a wrong one with the file and
 * the offset.
 */
public final class CodeObjects {
    private CodeObjects() {
    }

    /**
     * The code object in {@code path}: the file itself when it is an ELF file, or the only device
     * entry when it is an offload bundle (a bundle with several is an error that lists them; use
     * {@link #open(Path, String)}).
     */
    public static ElfFile open(Path path) throws IOException {
        FileSlice head = FileSlice.read(path, 0, Math.min(OffloadBundle.MAGIC.length, fileSize(path)));
        if (OffloadBundle.isBundle(head) || head.startsWith(0, OffloadBundle.COMPRESSED_MAGIC)) {
            OffloadBundle bundle = OffloadBundle.read(path);
            var devices = bundle.deviceEntries();
            if (devices.size() != 1) {
                throw new CodeObjectException(path.toString(), 0, Kind.MALFORMED, "offload bundle holds "
                        + devices.size() + " device code objects; name the target (entries: " + bundle.ids() + ")");
            }
            return openEntry(bundle, devices.get(0));
        }
        return ElfFile.read(FileSlice.read(path));
    }

    /** The code object for {@code target} (for example {@code gfx942}) in the offload bundle {@code path}. */
    public static ElfFile open(Path path, String target) throws IOException {
        OffloadBundle bundle = OffloadBundle.read(path);
        return openEntry(bundle, bundle.entry(target));
    }

    /** The code object of one entry of {@code bundle}. */
    public static ElfFile openEntry(OffloadBundle bundle, OffloadBundleEntry entry) throws IOException {
        return elfAt(bundle.path(), bundle.bundleOffset() + entry.offset(), entry.size(),
                "offload bundle entry " + entry.id());
    }

    /** The code object a rocprofv3 code-object URI names (see {@link CodeObjectUri}). */
    public static ElfFile open(CodeObjectUri uri) throws IOException {
        if (uri.size() < 0) {
            return open(uri.path());
        }
        return elfAt(uri.path(), uri.offset(), uri.size(), "the code object URI's range");
    }

    /** As {@link #open(CodeObjectUri)} for the URI's text. */
    public static ElfFile openUri(String uri) throws IOException {
        return open(CodeObjectUri.parse(uri));
    }

    /** The ELF file of {@code size} bytes at {@code offset} in {@code path}. */
    public static ElfFile elfAt(Path path, long offset, long size, String what) throws IOException {
        FileSlice slice = FileSlice.read(path, offset, size);
        if (!ElfHeader.isElf(slice)) {
            throw slice.error(0, Kind.BAD_MAGIC, "no ELF code object at offset " + offset + " (" + what
                    + " does not start with the ELF magic; is the offset right?)");
        }
        return ElfFile.read(slice);
    }

    private static long fileSize(Path path) throws IOException {
        try {
            return java.nio.file.Files.size(path);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new CodeObjectException(path.toString(), -1, Kind.NOT_FOUND, "No such file or directory", e);
        }
    }
}
