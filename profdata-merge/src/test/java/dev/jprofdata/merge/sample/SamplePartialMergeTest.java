package dev.jprofdata.merge.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfileWriters;
import dev.jprofdata.format.sample.SampleWriteOptions;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.NoProfileMergedException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The law of the merge in parts: for every way of cutting the inputs into parts (contiguous runs,
 * every other input, seeded random sets), every order and grouping of combining them, and with the
 * parts sent through their bytes, the result is {@link SampleMerger#merge}'s — the same profile
 * bytes (text and ext-binary), the same problem and warning lines, the same accounting, or the same
 * error. Real profiles of two runs of one program and of another program (whose {@code main} has
 * another checksum), CS and probe profiles, every input format, MD5 names against strings, flags
 * that cannot be merged and inputs that fail.
 */
class SamplePartialMergeTest {
    private static final Path DIR = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
            .resolve("fixtures/profiles/sample").normalize();

    static Stream<Arguments> merges() {
        return Stream.of(
                Arguments.of("line, every format", FailureMode.ANY, List.of("real/spc.line.proftext",
                        "real/spc2.line.binary.sprof", "real/spx.line.extbinary.sprof", "real/spc.line.extbinary.sprof",
                        "real/spc2.line.proftext", "real/spc.gcov.afdo")),
                Arguments.of("probe, two runs and another program", FailureMode.ANY, List.of("real/spc.probe.proftext",
                        "real/spc2.probe.extbinary.sprof", "real/spx.probe.proftext", "real/spc.probe.extbinary.sprof",
                        "real/spc2.probe.proftext", "real/spc.probe.proftext")),
                Arguments.of("CS probe, two runs and another program", FailureMode.ANY, List.of("real/spc2.csprobe.extbinary.sprof",
                        "real/spc.csprobe.proftext", "real/spx.csprobe.extbinary.sprof",
                        "real/spc.csprobe.extbinary.sprof", "real/spc2.csprobe.proftext")),
                Arguments.of("checksums", FailureMode.ANY, List.of("hash1.proftext", "hash2.proftext",
                        "hash1.proftext", "hash2.proftext", "hash2.proftext", "probe12.proftext")),
                Arguments.of("MD5 names and strings", FailureMode.ANY, List.of("plain.proftext", "plain.md5.sprof",
                        "plain.binary.sprof", "plain.md5z.sprof", "plain.psl.sprof")),
                Arguments.of("CS line, vtables, nesting", FailureMode.ANY, List.of("vtable.proftext",
                        "vtable.extbinary.sprof", "nested2.proftext", "nested2.binary.sprof", "dup.proftext")),
                Arguments.of("probe after line", FailureMode.ANY, List.of("plain.proftext", "plain.proftext",
                        "hash1.proftext", "plain.proftext")),
                Arguments.of("failures, all", FailureMode.ALL, List.of("hash1.proftext", "missing.proftext",
                        "hash2.proftext", "../../versions/README.md", "hash1.proftext")),
                Arguments.of("failures, warn", FailureMode.WARN, List.of("missing.proftext", "plain.proftext",
                        "plain.z.sprof", "missing2.proftext")),
                Arguments.of("a failure stops it", FailureMode.ANY, List.of("plain.proftext", "plain.proftext",
                        "missing.proftext", "plain.proftext", "hash1.proftext")),
                Arguments.of("nothing readable", FailureMode.ALL, List.of("missing.proftext", "missing2.proftext")),
                Arguments.of("a checksum of 0 takes the next", FailureMode.ANY, List.of("inline:zero-first",
                        "inline:set", "inline:zero-first", "inline:other", "inline:set", "inline:zero-first")));
    }

    /**
     * Small probe profiles written here: {@code foo} without a checksum (0) in one, with 111 or 222
     * in the others, so that which contributions survive depends on where the 0 stands.
     */
    private static final java.util.Map<String, String> INLINE = java.util.Map.of(
            "zero-first", "foo:100:10\n 1: 100\nbar:10:1\n 1: 10\n !CFGChecksum: 333\n",
            "set", "foo:50:5\n 1: 50\n 2: 7\n !CFGChecksum: 111\n",
            "other", "foo:40:4\n 3: 40\n !CFGChecksum: 222\nbar:5:1\n 1: 5\n !CFGChecksum: 333\n");

    private static Path fixture(String name) throws java.io.IOException {
        if (!name.startsWith("inline:")) {
            return DIR.resolve(name);
        }
        Path dir = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "jprofdata-partial-test"));
        Path p = dir.resolve(name.substring(7) + ".proftext");
        Files.writeString(p, INLINE.get(name.substring(7)), StandardCharsets.ISO_8859_1);
        return p;
    }

    /** Inputs of the scenario {@code name}, with weights 1 to 3. */
    private static List<MergeInput> inputsOf(List<String> files) throws java.io.IOException {
        List<MergeInput> inputs = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            inputs.add(new MergeInput(fixture(files.get(i)), files.get(i), 1 + (i * 7) % 3));
        }
        return inputs;
    }

    /**
     * Only functions whose contributions disagree are merged again: none for line profiles of two
     * builds, the checksum-carrying ones when checksums differ or a 0 meets a checksum.
     */
    @org.junit.jupiter.api.Test
    void onlyFunctionsWhereOrderDecidesAreMergedAgain() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(DIR), "fixtures not found");
        assertThat(conflictNames(List.of("real/spc.line.proftext", "real/spc2.line.binary.sprof",
                "real/spc.line.extbinary.sprof"))).isEmpty();
        assertThat(conflictNames(List.of("hash1.proftext", "hash2.proftext", "hash1.proftext")))
                .containsExactly("foo");
        assertThat(conflictNames(List.of("inline:zero-first", "inline:set"))).containsExactly("foo");
        assertThat(conflictNames(List.of("inline:set", "inline:set", "inline:zero-first"))).containsExactly("foo");
        assertThat(conflictNames(List.of("inline:zero-first", "inline:zero-first"))).isEmpty();
        // Two runs of one real program agree; two programs agree except on the functions both have
        // under one name with different code (main).
        assertThat(conflictNames(List.of("real/spc.probe.proftext", "real/spc2.probe.extbinary.sprof"))).isEmpty();
        assertThat(conflictNames(List.of("real/spc.probe.proftext", "real/spx.probe.extbinary.sprof")))
                .contains("main").hasSizeLessThan(functionCount("real/spc.probe.proftext"));
    }

    private static int functionCount(String file) throws Exception {
        return SampleProfiles.read(fixture(file)).profiles().size();
    }

    /**
     * Damaged bytes of a part, of a function's contributions and of a function merged again are
     * refused with a
     * {@link dev.jprofdata.merge.MergeStateFormatException} (or, where the damage leaves a valid
     * encoding, decoded), never another exception: cut short at every length, and bytes changed at
     * seeded random places.
     */
    @org.junit.jupiter.api.Test
    void damagedBytesAreAnErrorAtAnOffset() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(DIR), "fixtures not found");
        List<MergeInput> inputs = inputsOf(List.of("real/spc.csprobe.proftext", "real/spx.csprobe.extbinary.sprof",
                "vtable.proftext", "missing.proftext"));
        SampleMergeOptions options = SampleMergeOptions.builder().numThreads(1).failureMode(FailureMode.WARN).build();
        SamplePartialMerger merger = new SamplePartialMerger(options);
        int[] all = {0, 1, 2, 3};
        SamplePartialMerge part = merger.merge(inputs, all, 4);
        byte[] encoded = part.encode();
        assertThat(part.conflicts()).isNotEmpty();
        Set<Integer> failed = part.failures().keySet();
        long key = part.conflicts().first();
        byte[] chunk = merger.contributions(inputs, all, part.conflicts(), failed).get(key);
        long[] weights = inputs.stream().mapToLong(MergeInput::weight).toArray();
        byte[] merged = SampleReplay.replay(options, key, List.of(chunk), weights);
        List<String> names = inputs.stream().map(MergeInput::displayName).toList();
        java.util.SortedSet<Long> one = new TreeSet<>(Set.of(key));
        assertThat(SampleReplay.collect(one, List.of(merged), names).profiles()).containsOnlyKeys(key);
        Random random = new Random(20261127);
        for (int round = 0; round < 900; round++) {
            byte[] original = round % 3 == 0 ? encoded : round % 3 == 1 ? chunk : merged;
            byte[] bytes = original.clone();
            if (round < 300) {
                bytes = Arrays.copyOf(bytes, random.nextInt(bytes.length));
            } else {
                for (int k = 1 + random.nextInt(4); k > 0; k--) {
                    bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                }
            }
            byte[] damaged = bytes;
            try {
                switch (round % 3) {
                    case 0 -> SamplePartialMerge.decode(damaged, "damaged", 4, options);
                    case 1 -> SampleReplay.replay(options, key, List.of(damaged), weights);
                    default -> SampleReplay.collect(one, List.of(damaged), names);
                }
            } catch (dev.jprofdata.merge.MergeStateFormatException e) {
                assertThat(e.offset()).isBetween(0L, (long) damaged.length);
            }
        }
    }

    /** The functions a merge with one part per input marks to merge again, by name. */
    private static List<String> conflictNames(List<String> files) throws Exception {
        List<MergeInput> inputs = inputsOf(files);
        SampleMergeOptions options = SampleMergeOptions.builder().numThreads(1).build();
        SamplePartialMerger merger = new SamplePartialMerger(options);
        SamplePartialMerge whole = null;
        for (int i = 0; i < inputs.size(); i++) {
            SamplePartialMerge part = merger.merge(List.of(inputs.get(i)), new int[] {i}, inputs.size());
            whole = whole == null ? part : whole.combine(part);
        }
        List<String> names = new ArrayList<>();
        for (long key : whole.conflicts()) {
            names.add(whole.state().profiles().get(key).context().toString());
        }
        return names;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("merges")
    void everyPartitioningGivesTheOneMachineMerge(String name, FailureMode mode, List<String> files) throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(DIR), "fixtures not found");
        List<MergeInput> inputs = inputsOf(files);
        SampleMergeOptions options = SampleMergeOptions.builder().failureMode(mode).numThreads(1).build();
        String expected = outcome(() -> new SampleMerger(options).merge(inputs));
        int n = inputs.size();
        for (long seed = 1; seed <= 12; seed++) {
            Random random = new Random(seed * 31 + name.hashCode());
            int[] partOf = cut(n, (int) seed, random);
            boolean everything = seed % 4 == 0;
            String got = outcome(() -> inParts(options, inputs, partOf, random, everything));
            assertThat(got).as("%s, cut %s, seed %d, replaying everything %s", name, Arrays.toString(partOf), seed,
                    everything).isEqualTo(expected);
        }
    }

    /** Which part each input goes to: one part, contiguous runs, every other input, or at random. */
    private static int[] cut(int n, int seed, Random random) {
        int[] partOf = new int[n];
        int parts = 1 + random.nextInt(n);
        for (int i = 0; i < n; i++) {
            partOf[i] = switch (seed % 4) {
                case 0 -> i * parts / n;
                case 1 -> i % parts;
                case 2 -> random.nextInt(parts);
                default -> seed == 3 ? 0 : n - 1 - i;
            };
        }
        return partOf;
    }

    private static SampleMergeResult inParts(SampleMergeOptions options, List<MergeInput> inputs, int[] partOf,
            Random random, boolean replayEverything) throws Exception {
        int n = inputs.size();
        List<List<Integer>> members = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            while (members.size() <= partOf[i]) {
                members.add(new ArrayList<>());
            }
            members.get(partOf[i]).add(i);
        }
        members.removeIf(List::isEmpty);
        SamplePartialMerger merger = new SamplePartialMerger(options);
        List<SamplePartialMerge> parts = new ArrayList<>();
        for (List<Integer> m : members) {
            SamplePartialMerge part = merger.merge(pick(inputs, m), indices(m), n);
            parts.add(SamplePartialMerge.decode(part.encode(), "a part", n, options));
        }
        // Combine in a random grouping and order, each step through the bytes.
        while (parts.size() > 1) {
            SamplePartialMerge a = parts.remove(random.nextInt(parts.size()));
            SamplePartialMerge b = parts.remove(random.nextInt(parts.size()));
            SamplePartialMerge c = a.combine(b);
            parts.add(SamplePartialMerge.decode(c.encode(), "a combined part", n, options));
        }
        SamplePartialMerge whole = parts.get(0);
        whole.checkStops();
        TreeSet<Long> keys = new TreeSet<>(whole.conflicts());
        if (replayEverything) {
            keys.addAll(whole.state().firstSeen().keySet());
            whole.state().conflicts().addAll(keys);
        }
        SampleReplay.Result replayed = null;
        if (!keys.isEmpty()) {
            List<java.util.Map<Long, byte[]>> chunks = new ArrayList<>();
            for (List<Integer> m : members) {
                chunks.add(merger.contributions(pick(inputs, m), indices(m), keys, whole.failures().keySet()));
            }
            java.util.Collections.shuffle(chunks, random); // each function's chunks come in any order
            List<String> names = inputs.stream().map(MergeInput::displayName).toList();
            long[] weights = inputs.stream().mapToLong(MergeInput::weight).toArray();
            replayed = SampleReplay.replayAll(options, keys, chunks, names, weights);
        }
        return whole.finish(options, replayed);
    }

    private static List<MergeInput> pick(List<MergeInput> inputs, List<Integer> indices) {
        return indices.stream().map(inputs::get).toList();
    }

    private static int[] indices(List<Integer> m) {
        return m.stream().mapToInt(Integer::intValue).toArray();
    }

    interface Merge {
        SampleMergeResult run() throws Exception;
    }

    /** Everything a user sees of a merge: the profile's bytes, the lines, the accounting; or the error. */
    private static String outcome(Merge merge) {
        try {
            SampleMergeResult r = merge.run();
            StringBuilder sb = new StringBuilder();
            sb.append(String.join("\n", r.reportLines())).append('\n');
            sb.append(r.dataLoss()).append('\n');
            sb.append(r.filtered()).append(' ').append(r.filterMessage()).append('\n');
            SampleFormat[] formats = {SampleFormat.TEXT, SampleFormat.EXTBINARY};
            for (SampleFormat f : formats) {
                byte[] bytes = SampleProfileWriters.toBytes(r.profile(),
                        new SampleWriteOptions(f, false, false, false, false, false, 0));
                sb.append(f == SampleFormat.TEXT ? new String(bytes, StandardCharsets.ISO_8859_1)
                        : HexFormat.of().formatHex(bytes)).append('\n');
            }
            return sb.toString();
        } catch (NoProfileMergedException e) {
            return "no profile merged: " + e.failures();
        } catch (SampleMergeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
