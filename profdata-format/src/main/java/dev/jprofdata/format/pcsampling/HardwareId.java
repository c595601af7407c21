package dev.jprofdata.format.pcsampling;

/**
 * A sample's hardware ids ({@code hw_id} in the JSON), packed into one {@code long} in the SDK's own
 * bit layout ({@code rocprofiler_pc_sampling_hw_id_v0_t}), so that a sample carries them without an
 * object of its own. The layout is declared here once: each field's offset and width.
 */
public enum HardwareId {
    CHIPLET("chiplet", 0, 6),
    WAVE_ID("wave_id", 6, 7),
    SIMD_ID("simd_id", 13, 2),
    PIPE_ID("pipe_id", 15, 4),
    CU_OR_WGP_ID("cu_or_wgp_id", 19, 4),
    SHADER_ARRAY_ID("shader_array_id", 23, 1),
    SHADER_ENGINE_ID("shader_engine_id", 24, 5),
    /** The thread-group slot on the CU (not the grid work-group). The SDK writes its key with a trailing space. */
    WORKGROUP_ID("workgroup_id", 29, 7),
    VM_ID("vm_id", 36, 6),
    QUEUE_ID("queue_id", 42, 4),
    MICROENGINE_ID("microengine_id", 46, 2);

    private static final HardwareId[] ALL = values();

    private final String jsonKey;
    private final int shift;
    private final int width;

    HardwareId(String jsonKey, int shift, int width) {
        this.jsonKey = jsonKey;
        this.shift = shift;
        this.width = width;
    }

    /** The field's value in a packed id. */
    public int of(long packed) {
        return (int) ((packed >>> shift) & ((1L << width) - 1));
    }

    /** {@code packed} with this field set to {@code value} (which {@link #fits}). */
    long with(long packed, long value) {
        long mask = ((1L << width) - 1) << shift;
        return (packed & ~mask) | ((value << shift) & mask);
    }

    /** Whether {@code value} fits in the field. */
    boolean fits(long value) {
        return value >= 0 && value < (1L << width);
    }

    /**
     * The field of a JSON key inside {@code hw_id}, or null. {@code "workgroup_id "} (trailing
     * space, as rocprofiler-sdk writes it) and {@code "workgroup_id"} (as its documentation shows it)
     * are both accepted; any key is compared without surrounding spaces.
     */
    static HardwareId ofJsonKey(String key) {
        String k = key.strip();
        for (HardwareId f : ALL) {
            if (f.jsonKey.equals(k)) {
                return f;
            }
        }
        return null;
    }
}
