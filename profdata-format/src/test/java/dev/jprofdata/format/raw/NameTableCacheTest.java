package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Cached name tables are found only for byte-identical sections, and only a few are kept. */
class NameTableCacheTest {

    private static NameTableCache.Entry entry(String tag) {
        return new NameTableCache.Entry(("names-" + tag).getBytes(), ("vnames-" + tag).getBytes(),
                List.of(), NameLookup.of(List.of("f_" + tag), List.of()));
    }

    @Test
    void lookupFindsEveryNameAndMissesOthers() {
        java.util.Map<Long, String> names = new java.util.HashMap<>();
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 5000; i++) {
            long key = i < 100 ? i : random.nextLong(); // small keys collide in a naive table
            names.put(key, "n" + i);
        }
        NameLookup lookup = new NameLookup(names.size());
        names.forEach(lookup::put);
        names.forEach((k, v) -> assertThat(lookup.get(k, "")).isEqualTo(v));
        assertThat(lookup.get(-424242L, "none")).isEqualTo("none");
        assertThat(new NameLookup(0).get(0, "none")).isEqualTo("none");
        java.util.Map<Long, String> visited = new java.util.HashMap<>();
        lookup.forEach((k, v) -> assertThat(visited.put(k, v)).as("each reference once").isNull());
        assertThat(visited).isEqualTo(names);
    }

    /** Two names under one reference: the smaller stays, whichever came first (LLVM's sorted table). */
    @Test
    void aCollisionKeepsTheSmallerName() {
        NameLookup first = new NameLookup(2);
        first.put(5, "b");
        first.put(5, "a");
        NameLookup second = new NameLookup(2);
        second.put(5, "a");
        second.put(5, "b");
        assertThat(first.get(5, "")).isEqualTo("a");
        assertThat(second.get(5, "")).isEqualTo("a");
        NameLookup ofNames = NameLookup.of(List.of("main", "_Z3addii"), List.of("_ZTV1A"));
        assertThat(ofNames.get(dev.jprofdata.format.Names.md5("_Z3addii"), "")).isEqualTo("_Z3addii");
        assertThat(ofNames.get(dev.jprofdata.format.Names.md5("_ZTV1A"), "")).isEqualTo("_ZTV1A");
    }

    /**
     * Another program's names section (other bytes, some names in common) gives the lookup it
     * gives without a cache, with the strings the cache already holds for the names in common and
     * its own for the rest.
     */
    @Test
    void namesInCommonAreTheStringsAlreadyHeld() {
        java.util.Random random = new java.util.Random(11);
        List<String> firstNames = new java.util.ArrayList<>();
        List<String> secondNames = new java.util.ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            String name = "_Z" + i + "f" + Long.toHexString(random.nextLong());
            if (random.nextInt(3) != 0) {
                firstNames.add(name);
            }
            if (random.nextInt(3) != 0) {
                secondNames.add(new String(name.toCharArray())); // equal, another string
            }
        }
        NameTableCache cache = new NameTableCache();
        NameLookup first = NameLookup.of(firstNames, List.of(), cache);
        cache.remember(new NameTableCache.Entry("a".getBytes(), new byte[0], List.of(), first));
        NameLookup second = NameLookup.of(secondNames, List.of("_ZTV1A"), cache);
        java.util.Map<Long, String> expected = new java.util.HashMap<>();
        NameLookup.of(secondNames, List.of("_ZTV1A")).forEach(expected::put);
        java.util.Map<Long, String> got = new java.util.HashMap<>();
        second.forEach(got::put);
        assertThat(got).isEqualTo(expected);
        java.util.Set<String> inFirst = new java.util.HashSet<>(firstNames);
        int shared = 0;
        for (String name : secondNames) {
            String held = second.get(dev.jprofdata.format.Names.md5(name), null);
            if (inFirst.contains(name)) {
                assertThat(held).isSameAs(first.get(dev.jprofdata.format.Names.md5(name), null));
                shared++;
            } else {
                assertThat(held).isSameAs(name);
            }
        }
        assertThat(shared).isGreaterThan(1000);
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
        assertThat(b.lookup()).isSameAs(a.lookup());
        assertThat(c.lookup()).isNotSameAs(a.lookup());
        java.util.Map<Long, String> fromA = new java.util.HashMap<>();
        a.lookup().forEach(fromA::put);
        java.util.Map<Long, String> fromC = new java.util.HashMap<>();
        c.lookup().forEach(fromC::put);
        assertThat(fromC).isEqualTo(fromA).isNotEmpty();
    }

    private static RawProfile firstProfile(java.nio.file.Path file, NameTableCache cache) throws java.io.IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            RawBytes bytes = RawBytes.map(ch, RawBytes.DEFAULT_WINDOW_SHIFT);
            return RawProfileParser.parse(bytes, 0, 8, file.toString(), cache);
        }
    }
}
