package dev.jprofdata.format.offload;

import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The device-profile fixtures committed under {@code fixtures/offload/} for the merge and CLI tests
 * (which cannot see this module's test classes). {@link OffloadFixturesTest} checks that the
 * committed files are exactly what this class generates, and rewrites them with
 * {@code -Djprofdata.regenOffload=true}.
 */
final class OffloadFixtures {
    private OffloadFixtures() {
    }

    /** File name → generator. Each generator writes NAME and NAME-minus-extension.unifcnts. */
    static Map<String, DeviceProfileGenerator> all() {
        Map<String, DeviceProfileGenerator> m = new LinkedHashMap<>();
        m.put("uniform_v3.amdgcn-amd-amdhsa.0.profraw", DeviceProfileGenerator.uniformV3("uniform_v3"));
        m.put("divergent_v3.amdgcn-amd-amdhsa.0.profraw", DeviceProfileGenerator.divergentV3("divergent_v3"));
        m.put("divergent_hot_v3.amdgcn-amd-amdhsa.0.profraw",
                DeviceProfileGenerator.divergentHotV3("divergent_hot_v3"));
        // Two translation units of one HIP program (K = 64, wave64 leaders in 64 slots).
        m.put("app.amdgcn-amd-amdhsa.0.profraw", new DeviceProfileGenerator(64)
                .kernel("tu0_scale", 0xA0, 3, (b, s) -> 2, (b, s) -> b == 1 ? 1 : 2)
                .kernel("tu0_reduce", 0xA1, 2, (b, s) -> s < 32 ? 4 : 0, (b, s) -> s < 32 ? 4 : 0));
        m.put("app.amdgcn-amd-amdhsa.1.profraw", new DeviceProfileGenerator(64)
                .kernel("tu1_scan", 0xB0, 4, (b, s) -> b + 1L, (b, s) -> b == 3 ? 0 : b + 1L));
        // The HSA drain's names: one function "saxpy" in two code objects.
        // A: block 0 50 % uniform (D), block 1 100 % (U). B: block 0 100 % (U), block 1 80 % (D).
        m.put("gfx90a.default.profraw", new DeviceProfileGenerator(64)
                .kernel("saxpy", 0x5A5A, 2, (b, s) -> 10, (b, s) -> b == 0 ? 5 : 10));
        m.put("gfx90a.1.default.profraw", new DeviceProfileGenerator(64)
                .kernel("saxpy", 0x5A5A, 2, (b, s) -> 10, (b, s) -> b == 0 ? 10 : 8));
        // Large counts for saturation tests: 4 slots of 2^55 (the largest plausible raw counter is
        // 2^56) reduce to 2^57, 75 % uniform; a weight of 128 takes the total to 2^64.
        m.put("sat.amdgcn-amd-amdhsa.0.profraw", new DeviceProfileGenerator(4)
                .kernel("hot_loop", 0xC0, 1, (b, s) -> 1L << 55, (b, s) -> s < 3 ? 1L << 55 : 0));
        // Its side file is deleted by the tests that need a missing one (see NO_SIDE_FILE).
        m.put("nounif.amdgcn-amd-amdhsa.0.profraw", new DeviceProfileGenerator(4)
                .kernel("no_side", 0xD0, 2, (b, s) -> 3, (b, s) -> 3));
        return m;
    }

    /** The fixture committed without its side file. */
    static final String NO_SIDE_FILE = "nounif.amdgcn-amd-amdhsa.0.profraw";

    /** Subdirectory of {@code fixtures/offload} with the raw v11/v12 (embedded uniform counters) files. */
    static final String EMBEDDED_DIR = "embedded";

    /** The byte order and pointer width variants written for each embedded fixture. */
    enum Variant {
        LE64("le64", ByteOrder.LITTLE_ENDIAN, 8),
        BE64("be64", ByteOrder.BIG_ENDIAN, 8),
        LE32("le32", ByteOrder.LITTLE_ENDIAN, 4);

        final String tag;
        final ByteOrder order;
        final int pointerWidth;

        Variant(String tag, ByteOrder order, int pointerWidth) {
            this.tag = tag;
            this.order = order;
            this.pointerWidth = pointerWidth;
        }
    }

    /**
     * The same kernels as {@link #all()} in raw v11 and v12, one file per version and
     * {@link Variant}: {@code STEM.v11.le64.profraw} next to the stage-B fixture {@code STEM.profraw}.
     * The fixture without a side file has no uniform section here either.
     */
    static Map<String, EmbeddedProfileGenerator> embedded() {
        Map<String, EmbeddedProfileGenerator> m = new LinkedHashMap<>();
        for (Map.Entry<String, DeviceProfileGenerator> e : all().entrySet()) {
            String stem = e.getKey().substring(0, e.getKey().length() - ".profraw".length());
            boolean withUniform = !e.getKey().equals(NO_SIDE_FILE);
            for (int version : new int[] {11, 12}) {
                for (Variant v : Variant.values()) {
                    m.put(embeddedName(stem, version, v), EmbeddedProfileGenerator.from(e.getValue(), version, withUniform)
                            .order(v.order).pointerWidth(v.pointerWidth));
                }
            }
        }
        return m;
    }

    static String embeddedName(String stem, int version, Variant v) {
        return stem + ".v" + version + "." + v.tag + ".profraw";
    }
}
