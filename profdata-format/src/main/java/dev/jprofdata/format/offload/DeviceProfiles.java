package dev.jprofdata.format.offload;

import dev.jprofdata.format.io.FileNames;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Names of GPU device profiles. The device runtime writes no target marker into a raw file, so a
 * file name is often the only sign that a profile belongs to the GPU (spec/offload.md).
 */
public final class DeviceProfiles {
    private DeviceProfiles() {
    }

    /** The offload triple the HIP driver uses in the device profile's name. */
    public static final String TRIPLE = "amdgcn-amd-amdhsa";

    /** {@code gfx90a.default.profraw}, {@code gfx1100.3.default.profraw}: the HSA drain's agent prefix. */
    private static final Pattern AGENT_PREFIX = Pattern.compile("gfx[0-9a-f]+(:[^.]*)?\\..+");

    /** Whether a file name marks a device profile: it carries {@code .amdgcn-amd-amdhsa.} or starts with {@code gfx…}. */
    public static boolean isDeviceName(Path file) {
        Path name = file.getFileName();
        if (name == null) {
            return false;
        }
        String n = name.toString();
        return n.contains("." + TRIPLE + ".") || n.startsWith(TRIPLE + ".") || AGENT_PREFIX.matcher(n).matches();
    }

    /**
     * The device output next to a host output: {@code app.profdata} → {@code app.amdgcn-amd-amdhsa.profdata}
     * (the triple goes before the last extension, or is appended when there is none). The file name
     * is taken as bytes ({@link FileNames}).
     */
    public static Path deviceOutputFor(Path hostOutput) {
        return FileNames.resolveSibling(hostOutput, deviceFileName(FileNames.fileName(hostOutput)));
    }

    /** {@link #deviceOutputFor(Path)} for an output named by a byte string, as typed (a directory part is kept). */
    public static String deviceOutputFor(String hostOutput) {
        String trimmed = hostOutput;
        while (trimmed.length() > 1 && trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        int slash = trimmed.lastIndexOf('/');
        return trimmed.substring(0, slash + 1) + deviceFileName(trimmed.substring(slash + 1));
    }

    private static String deviceFileName(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0
                ? name.substring(0, dot) + "." + TRIPLE + name.substring(dot)
                : name + "." + TRIPLE;
    }
}
