package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Cached name tables are found only for byte-identical sections, and only a few are kept. */
class NameTableCacheTest {

    private static NameTableCache.Entry entry(String tag) {
        return new NameTableCache.Entry(("names-" + tag).getBytes(), ("vnames-" + tag).getBytes(),
                List.of("f_" + tag), List.of(), Map.of(1L, "f_" + tag), new NameLookup(Map.of(1L, "f_" + tag)));
    }

    @Test
    void lookupFindsEveryNameAndMissesOthers() {
        java.util.Map<Long, String> names = new java.util.HashMap<>();
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 5000; i++) {
            long key = i < 100 ? i : random.nextLong(); // small keys collide in a naive table
            names.put(key, "n" + i);
        }
        NameLookup lookup = new NameLookup(names);
        names.forEach((k, v) -> assertThat(lookup.get(k, "")).isEqualTo(v));
        assertThat(lookup.get(-424242L, "none")).isEqualTo("none");
        assertThat(new NameLookup(Map.of()).get(0, "none")).isEqualTo("none");
    }

    @Test
    void findsOnlyEqualBytes() {
        NameTableCache cache = new NameTableCache();
        NameTableCache.Entry e = entry("equal-bytes");
        cache.remember(e);
        assertThat(cache.find("names-equal-bytes".getBytes(), "vnames-equal-bytes".getBytes())).isSameAs(e);
        assertThat(cache.find("names-equal-bytes".getBytes(), "vnames-other".getBytes())).isNull();
        assertThat(cache.find("names-equal-byteS".getBytes(), "vnames-equal-bytes".getBytes())).isNull();
    }

    @Test
    void keepsOnlyTheMostRecentlyUsed() {
        NameTableCache cache = new NameTableCache();
        NameTableCache.Entry first = entry("lru-0");
        cache.remember(first);
        for (int i = 1; i <= 8; i++) {
            cache.remember(entry("lru-" + i));
        }
        assertThat(cache.find("names-lru-0".getBytes(), "vnames-lru-0".getBytes()))
                .as("pushed out by 8 newer entries").isNull();
        assertThat(cache.find("names-lru-8".getBytes(), "vnames-lru-8".getBytes())).isNotNull();
    }

    /** Each owner has its own entries: one merge never sees, or loses, another's. */
    @Test
    void cachesDoNotShareEntries() {
        NameTableCache one = new NameTableCache();
        NameTableCache other = new NameTableCache();
        one.remember(entry("own"));
        assertThat(other.find("names-own".getBytes(), "vnames-own".getBytes())).isNull();
        assertThat(one.find("names-own".getBytes(), "vnames-own".getBytes())).isNotNull();
    }

    /**
     * Readers given one cache decode a names section once: the second run of a binary gets the
     * very lists the first decoded, and a reader with its own cache decodes again (equal, not the
     * same). Real runs of one binary (clang-22 fixtures).
     */
    @Test
    void readersSharingACacheDecodeOnce() throws java.io.IOException {
        java.nio.file.Path dir = java.nio.file.Path.of(System.getProperty("jprofdata.root", ".."), "fixtures", "profiles");
        NameTableCache shared = new NameTableCache();
        RawProfile a = firstProfile(dir.resolve("ir_1.profraw"), shared);
        RawProfile b = firstProfile(dir.resolve("ir_2.profraw"), shared);
        RawProfile c = firstProfile(dir.resolve("ir_2.profraw"), new NameTableCache());
        assertThat(b.functionNames()).isSameAs(a.functionNames());
        assertThat(c.functionNames()).isNotSameAs(a.functionNames()).isEqualTo(a.functionNames());
    }

    private static RawProfile firstProfile(java.nio.file.Path file, NameTableCache cache) throws java.io.IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            RawBytes bytes = RawBytes.map(ch, RawBytes.DEFAULT_WINDOW_SHIFT);
            return RawProfileParser.parse(bytes, 0, 8, file.toString(), cache);
        }
    }
}
