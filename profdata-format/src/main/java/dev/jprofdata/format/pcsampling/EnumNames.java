package dev.jprofdata.format.pcsampling;

import java.util.HashMap;
import java.util.Map;

/**
 * The SDK's enum names as the files spell them ({@code ROCPROFILER_PC_SAMPLING_INSTRUCTION_TYPE_VALU})
 * shortened to their last part ({@code VALU}). A name without the expected prefix is kept as it is,
 * so a value of a newer SDK still reaches the report. The shortened names are shared, so millions
 * of samples hold a handful of strings; the cache is bounded, since a damaged file could hold any
 * number of different names.
 */
final class EnumNames {
    static final String TYPE_PREFIX = "ROCPROFILER_PC_SAMPLING_INSTRUCTION_TYPE_";
    static final String REASON_PREFIX = "ROCPROFILER_PC_SAMPLING_INSTRUCTION_NOT_ISSUED_REASON_";
    private static final int MAX_CACHED = 256;

    private final Map<String, String> cache = new HashMap<>();

    String type(String full) {
        return shorten(full, TYPE_PREFIX);
    }

    String reason(String full) {
        return shorten(full, REASON_PREFIX);
    }

    private String shorten(String full, String prefix) {
        String known = cache.get(full);
        if (known != null) {
            return known;
        }
        String s = full.startsWith(prefix) && full.length() > prefix.length() ? full.substring(prefix.length()) : full;
        if (cache.size() < MAX_CACHED) {
            cache.put(full, s);
        }
        return s;
    }
}
