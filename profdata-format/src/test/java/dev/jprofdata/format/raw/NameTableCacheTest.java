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
        NameTableCache.Entry e = entry("equal-bytes");
        NameTableCache.remember(e);
        assertThat(NameTableCache.find("names-equal-bytes".getBytes(), "vnames-equal-bytes".getBytes())).isSameAs(e);
        assertThat(NameTableCache.find("names-equal-bytes".getBytes(), "vnames-other".getBytes())).isNull();
        assertThat(NameTableCache.find("names-equal-byteS".getBytes(), "vnames-equal-bytes".getBytes())).isNull();
    }

    @Test
    void keepsOnlyTheMostRecentlyUsed() {
        NameTableCache.Entry first = entry("lru-0");
        NameTableCache.remember(first);
        for (int i = 1; i <= 8; i++) {
            NameTableCache.remember(entry("lru-" + i));
        }
        assertThat(NameTableCache.find("names-lru-0".getBytes(), "vnames-lru-0".getBytes()))
                .as("pushed out by 8 newer entries").isNull();
        assertThat(NameTableCache.find("names-lru-8".getBytes(), "vnames-lru-8".getBytes())).isNotNull();
    }
}
