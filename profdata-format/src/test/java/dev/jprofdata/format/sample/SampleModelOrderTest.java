package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The model keeps body records, inlinees and call targets in sorted arrays: these tests check its
 * orders (unsigned locations, then callees; targets by name, and hottest first) and merges against
 * a plain tree-map computation of the same profiles.
 */
class SampleModelOrderTest {
    private static final FunctionId[] NAMES = {FunctionId.of("a"), FunctionId.of("b"), FunctionId.of("ba"),
            FunctionId.of("c"), FunctionId.ofHash(5), FunctionId.ofHash(-1)};
    // Line and discriminator values around the sign bit, to catch a signed comparison.
    private static final int[] VALUES = {0, 1, 2, 7, 0x7FFFFFFF, 0x80000000, -1};

    @Test
    void locationsSortUnsignedWhateverTheInsertionOrder() {
        FunctionSamples f = new FunctionSamples(SampleContext.of(FunctionId.of("f")));
        List<LineLocation> expected = new ArrayList<>();
        for (int line : VALUES) {
            for (int disc : VALUES) {
                expected.add(new LineLocation(line, disc));
            }
        }
        List<LineLocation> shuffled = new ArrayList<>(expected);
        java.util.Collections.shuffle(shuffled, new Random(1));
        for (LineLocation l : shuffled) {
            f.bodyRecord(l).addSamples(1, 1, new Saturating.Overflow());
            f.inlinee(l, FunctionId.of("g"));
        }
        expected.sort(null);
        assertThat(new ArrayList<>(f.body().keySet())).isEqualTo(expected);
        assertThat(new ArrayList<>(f.callsites().keySet())).isEqualTo(expected);
        for (int i = 0; i < f.bodySize(); i++) {
            assertThat(f.bodyLocation(i)).isEqualTo(expected.get(i));
            assertThat(f.inlineeLocation(i)).isEqualTo(expected.get(i));
        }
        f.removeBodyRecord(new LineLocation(0x80000000, 7));
        expected.remove(new LineLocation(0x80000000, 7));
        assertThat(new ArrayList<>(f.body().keySet())).isEqualTo(expected);
    }

    @Test
    void targetsInNameOrderAndHottestFirst() {
        SampleRecord r = new SampleRecord();
        Saturating.Overflow o = new Saturating.Overflow();
        r.addTarget(FunctionId.of("c"), 5, 1, o);
        r.addTarget(FunctionId.of("a"), 5, 1, o);
        r.addTarget(FunctionId.ofHash(9), -1, 1, o); // 2^64-1: the hottest, unsigned
        r.addTarget(FunctionId.of("b"), 7, 1, o);
        r.addTarget(FunctionId.of("a"), 1, 1, o);
        assertThat(r.targets().keySet()).containsExactly(FunctionId.ofHash(9), FunctionId.of("a"),
                FunctionId.of("b"), FunctionId.of("c"));
        assertThat(r.sortedTargets()).extracting(Map.Entry::getKey).containsExactly(FunctionId.ofHash(9),
                FunctionId.of("b"), FunctionId.of("a"), FunctionId.of("c"));
        assertThat(r.removeTarget(FunctionId.of("b"))).isEqualTo(7);
        assertThat(r.removeTarget(FunctionId.of("b"))).isZero();
        assertThat(r.targets()).containsExactly(Map.entry(FunctionId.ofHash(9), -1L), Map.entry(FunctionId.of("a"), 6L),
                Map.entry(FunctionId.of("c"), 5L));
    }

    @Test
    void mergesAsTreeMapsWould() {
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            FunctionSamples target = new FunctionSamples(null);
            Reference reference = new Reference();
            for (int input = 0; input < 4; input++) {
                FunctionSamples in = randomNode(random, FunctionId.of("main"), 0);
                long weight = 1 + random.nextInt(3);
                FunctionSamples before = in.copy();
                assertThat(target.merge(in, weight)).isEqualTo(MergeStatus.SUCCESS);
                reference.add(in, weight, "");
                // Merging never changes the merged-in node.
                assertThat(dump(in)).isEqualTo(dump(before));
            }
            assertThat(dump(target)).isEqualTo(reference.lines());
            assertThat(dump(target.copy())).isEqualTo(dump(target));
        }
    }

    private static FunctionSamples randomNode(Random random, FunctionId name, int depth) {
        FunctionSamples f = new FunctionSamples(SampleContext.of(name));
        Saturating.Overflow o = new Saturating.Overflow();
        f.addTotalSamples(random.nextInt(100), 1, o);
        int records = random.nextInt(6);
        for (int i = 0; i < records; i++) {
            SampleRecord r = f.bodyRecord(VALUES[random.nextInt(VALUES.length)], random.nextInt(3));
            r.addSamples(random.nextInt(50), 1, o);
            int targets = random.nextInt(3);
            for (int t = 0; t < targets; t++) {
                r.addTarget(NAMES[random.nextInt(NAMES.length)], random.nextInt(20), 1, o);
            }
        }
        int inlinees = depth < 2 ? random.nextInt(4) : 0;
        for (int i = 0; i < inlinees; i++) {
            FunctionId callee = NAMES[random.nextInt(NAMES.length)];
            FunctionSamples c = f.inlinee(random.nextInt(4), 0, callee);
            c.merge(randomNode(random, callee, depth + 1), 1);
        }
        return f;
    }

    /** Every count of a node as "path: value" lines, in the model's iteration order. */
    private static List<String> dump(FunctionSamples f) {
        List<String> out = new ArrayList<>();
        dump(f, "", out);
        return out;
    }

    private static void dump(FunctionSamples f, String path, List<String> out) {
        out.add(path + "total " + f.totalSamples());
        for (Map.Entry<LineLocation, SampleRecord> e : f.body().entrySet()) {
            out.add(path + e.getKey() + " " + e.getValue().samples());
            for (Map.Entry<FunctionId, Long> t : e.getValue().targets().entrySet()) {
                out.add(path + e.getKey() + " -> " + t.getKey() + " " + t.getValue());
            }
        }
        for (Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> e : f.callsites().entrySet()) {
            for (Map.Entry<FunctionId, FunctionSamples> c : e.getValue().entrySet()) {
                dump(c.getValue(), path + e.getKey() + "@" + c.getKey() + "/", out);
            }
        }
    }

    /** The same sums kept in tree maps keyed by path strings that sort like the model's orders. */
    private static final class Reference {
        private final TreeMap<String, Long> totals = new TreeMap<>();
        private final TreeMap<String, TreeMap<LineLocation, Long>> samples = new TreeMap<>();
        private final TreeMap<String, TreeMap<LineLocation, TreeMap<FunctionId, Long>>> targets = new TreeMap<>();
        private final TreeMap<String, TreeMap<LineLocation, TreeMap<FunctionId, String>>> children = new TreeMap<>();

        void add(FunctionSamples f, long weight, String path) {
            totals.merge(path, f.totalSamples() * weight, Long::sum);
            for (Map.Entry<LineLocation, SampleRecord> e : f.body().entrySet()) {
                samples.computeIfAbsent(path, p -> new TreeMap<>()).merge(e.getKey(), e.getValue().samples() * weight,
                        Long::sum);
                TreeMap<FunctionId, Long> ts = targets.computeIfAbsent(path, p -> new TreeMap<>())
                        .computeIfAbsent(e.getKey(), l -> new TreeMap<>());
                e.getValue().targets().forEach((k, v) -> ts.merge(k, v * weight, Long::sum));
            }
            for (Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> e : f.callsites().entrySet()) {
                for (Map.Entry<FunctionId, FunctionSamples> c : e.getValue().entrySet()) {
                    String child = path + e.getKey() + "@" + c.getKey() + "/";
                    children.computeIfAbsent(path, p -> new TreeMap<>()).computeIfAbsent(e.getKey(), l -> new TreeMap<>())
                            .put(c.getKey(), child);
                    add(c.getValue(), weight, child);
                }
            }
        }

        List<String> lines() {
            List<String> out = new ArrayList<>();
            lines("", out);
            return out;
        }

        private void lines(String path, List<String> out) {
            out.add(path + "total " + totals.get(path));
            TreeMap<LineLocation, Long> s = samples.getOrDefault(path, new TreeMap<>());
            for (Map.Entry<LineLocation, Long> e : s.entrySet()) {
                out.add(path + e.getKey() + " " + e.getValue());
                for (Map.Entry<FunctionId, Long> t : targets.get(path).get(e.getKey()).entrySet()) {
                    out.add(path + e.getKey() + " -> " + t.getKey() + " " + t.getValue());
                }
            }
            for (TreeMap<FunctionId, String> cs : children.getOrDefault(path, new TreeMap<>()).values()) {
                for (String child : cs.values()) {
                    lines(child, out);
                }
            }
        }
    }
}
