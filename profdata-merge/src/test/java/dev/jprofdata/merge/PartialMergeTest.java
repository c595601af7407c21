package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Merges in parts ({@link PartialMerger}), sent through their encoding and combined in several
 * groupings, give the bytes (indexed and text) and the reports of {@link ProfileMerger} merging all
 * the inputs on one machine; ProfileMerger's own output is checked against llvm-profdata's goldens
 * elsewhere (MergeGoldenTest and others).
 */
class PartialMergeTest {
    @TempDir
    Path dir;

    private static Path fixtures() {
        Path root = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().resolve("fixtures").normalize();
        assumeTrue(Files.isDirectory(root.resolve("profiles")), "no fixtures");
        return root;
    }

    static Stream<Arguments> inputSets() {
        return Stream.of(
                Arguments.of("raw runs of one binary", List.of("profiles/ir_1.profraw", "profiles/ir_2.profraw",
                        "profiles/ir_3.profraw", "profiles/ir_4.profraw", "profiles/ir_5.profraw",
                        "profiles/ir_6.profraw", "profiles/many/ir_m01.profraw", "profiles/many/ir_m02.profraw",
                        "profiles/many/ir_m03.profraw", "profiles/many/ir_m04.profraw"), false),
                Arguments.of("indexed and text, value sites and MC/DC", List.of("profiles/vsites.profdata",
                        "profiles/vsites_w.profdata", "profiles/vsites_rev.profdata", "profiles/vsites.proftext",
                        "profiles/vsites_1.profraw", "profiles/vsites_2.profraw", "profiles/vsites_3.profraw",
                        "profiles/vsites_4.profraw"), false),
                Arguments.of("MC/DC raw and indexed", List.of("profiles/mcdc_1.profraw", "profiles/mcdc.profdata",
                        "profiles/mcdc_2.profraw", "profiles/mcdc.proftext", "profiles/mcdc_3.profraw"), false),
                Arguments.of("temporal traces and vtables", List.of("profiles/temporal_1.profraw",
                        "profiles/temporal_2.profraw", "profiles/temporal.profdata", "profiles/temporal_3.profraw",
                        "profiles/temporal_4.profraw", "profiles/temporal_5.profraw"), false),
                Arguments.of("vtable names kept", List.of("profiles/vt_1.profraw", "profiles/vt_2.profraw",
                        "profiles/vt.profdata", "profiles/vt_3.profraw"), true),
                Arguments.of("GPU device profiles with side files", List.of(
                        "offload/app.amdgcn-amd-amdhsa.0.profraw", "offload/app.amdgcn-amd-amdhsa.1.profraw",
                        "offload/uniform_v3.amdgcn-amd-amdhsa.0.profraw",
                        "offload/divergent_v3.amdgcn-amd-amdhsa.0.profraw",
                        "offload/divergent_hot_v3.amdgcn-amd-amdhsa.0.profraw",
                        "offload/sat.amdgcn-amd-amdhsa.0.profraw", "offload/nounif.amdgcn-amd-amdhsa.0.profraw"),
                        false),
                Arguments.of("kind conflicts, damaged and empty inputs", List.of("profiles/ir_1.profraw",
                        "profiles/fe_1.profraw", "profiles/bad/trunc.profraw", "profiles/ir.profdata",
                        "profiles/bad/empty.profraw", "profiles/fe.profdata", "profiles/cs_1.profraw",
                        "profiles/bad/garbage.bin", "profiles/ir_2.profraw", "profiles/counter_mismatch.proftext",
                        "profiles/hand_ir.proftext"), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputSets")
    void partsCombineToTheSingleMachineMerge(String what, List<String> names, boolean keepVTables) throws Exception {
        Path root = fixtures();
        List<MergeInput> inputs = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            Path p = root.resolve(names.get(i));
            assumeTrue(Files.exists(p), "missing " + p);
            inputs.add(new MergeInput(p, names.get(i), 1 + (i % 3))); // weights 1, 2, 3
        }
        MergeOptions options = MergeOptions.builder().failureMode(FailureMode.WARN).keepVTableSymbols(keepVTables)
                .build();
        MergeResult whole = new ProfileMerger(options).merge(inputs);
        byte[] wholeIndexed = indexed(whole, "whole");
        String wholeText = text(whole, "whole");

        Random random = new Random(22);
        for (int round = 0; round < 6; round++) {
            List<int[]> parts = randomParts(inputs.size(), 1 + round, random);
            MergeResult combined = mergeInParts(inputs, options, parts, round % 2 == 1);
            assertThat(indexed(combined, "parts" + round)).as("%s in %d parts", what, parts.size())
                    .isEqualTo(wholeIndexed);
            assertThat(text(combined, "parts" + round)).isEqualTo(wholeText);
            assertThat(combined.failures()).isEqualTo(whole.failures());
            assertThat(combined.problems()).isEqualTo(whole.problems());
            assertThat(combined.notices()).isEqualTo(whole.notices());
            assertThat(combined.deviceWarnings()).isEqualTo(whole.deviceWarnings());
            assertThat(combined.dataLoss()).isEqualTo(whole.dataLoss());
            assertThat(combined.inputCount()).isEqualTo(whole.inputCount());
        }
    }

    @Test
    void refusedUnderFailureModeAnyAsTheWholeMergeIs() throws Exception {
        Path root = fixtures();
        List<MergeInput> inputs = List.of(MergeInput.of(root.resolve("profiles/ir_1.profraw")),
                MergeInput.of(root.resolve("profiles/bad/trunc.profraw")));
        MergeOptions options = MergeOptions.defaults();
        assertThatThrownBy(() -> new ProfileMerger(options).merge(inputs)).isInstanceOf(NoProfileMergedException.class);
        assertThatThrownBy(() -> mergeInParts(inputs, options, List.of(new int[] {0}, new int[] {1}), false))
                .isInstanceOf(NoProfileMergedException.class);
    }

    @Test
    void damagedEncodingsAreNamedWithTheirOffset() throws Exception {
        Path root = fixtures();
        List<MergeInput> inputs = List.of(MergeInput.of(root.resolve("profiles/vsites_1.profraw")));
        byte[] bytes = new PartialMerger(MergeOptions.defaults(), 1).merge(inputs, new int[] {0}, Set.of()).encode();
        assertThat(PartialMerge.decode(bytes, "part-0", 1).covered()).containsExactly(0);
        // Every cut is refused with a clear error (never another exception, never a huge allocation).
        for (int cut = 0; cut < bytes.length; cut++) {
            byte[] shorter = Arrays.copyOf(bytes, cut);
            assertThatThrownBy(() -> PartialMerge.decode(shorter, "part-0", 1))
                    .isInstanceOf(MergeStateFormatException.class).hasMessageStartingWith("part-0: ");
        }
        // A part of another merge.
        assertThatThrownBy(() -> PartialMerge.decode(bytes, "part-0", 2)).isInstanceOf(MergeStateFormatException.class)
                .hasMessageContaining("a part of a merge of 1 inputs, not 2");
        // Another version.
        byte[] other = bytes.clone();
        other[4] = 9;
        assertThatThrownBy(() -> PartialMerge.decode(other, "part-0", 1))
                .hasMessage("part-0: encoded merge state version 9 (this jprofdata reads 1) (at byte 4)");
        // Flipped bytes: an error or a decoded part, never another exception.
        Random random = new Random(7);
        for (int i = 0; i < 2000; i++) {
            byte[] flipped = bytes.clone();
            flipped[8 + random.nextInt(bytes.length - 8)] ^= (byte) (1 << random.nextInt(8));
            try {
                PartialMerge.decode(flipped, "part-0", 1);
            } catch (MergeStateFormatException expected) {
                assertThat(expected.offset()).isBetween(0L, (long) bytes.length);
            }
        }
    }

    /** Merges each of {@code parts} apart, through bytes, and combines them (in reverse when asked). */
    static MergeResult mergeInParts(List<MergeInput> inputs, MergeOptions options, List<int[]> parts, boolean reverse)
            throws IOException, NoProfileMergedException {
        PartialMerger merger = new PartialMerger(options, inputs.size());
        Set<Integer> incompatible = Set.of();
        while (true) {
            List<PartialMerge> decoded = new ArrayList<>();
            for (int p = 0; p < parts.size(); p++) {
                int[] indices = parts.get(p);
                List<MergeInput> mine = new ArrayList<>();
                for (int i : indices) {
                    mine.add(inputs.get(i));
                }
                byte[] bytes = merger.merge(mine, indices, incompatible).encode();
                decoded.add(PartialMerge.decode(bytes, "part-" + p, inputs.size()));
            }
            if (reverse) {
                java.util.Collections.reverse(decoded);
            }
            // Pairwise, as a tree reduction combines.
            while (decoded.size() > 1) {
                List<PartialMerge> next = new ArrayList<>();
                for (int i = 0; i < decoded.size(); i += 2) {
                    next.add(i + 1 < decoded.size() ? decoded.get(i).combine(decoded.get(i + 1)) : decoded.get(i));
                }
                decoded = next;
            }
            PartialMerge all = decoded.get(0);
            Set<Integer> conflicts = all.kindConflicts();
            if (conflicts.equals(incompatible)) {
                List<String> names = inputs.stream().map(MergeInput::displayName).toList();
                return all.finish(options, names);
            }
            incompatible = conflicts;
        }
    }

    /** {@code n} inputs cut into {@code count} random non-empty sets (not contiguous). */
    private static List<int[]> randomParts(int n, int count, Random random) {
        int parts = Math.min(n, count);
        List<List<Integer>> sets = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
            sets.add(new ArrayList<>());
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        java.util.Collections.shuffle(order, random);
        for (int k = 0; k < n; k++) {
            sets.get(k < parts ? k : random.nextInt(parts)).add(order.get(k));
        }
        List<int[]> out = new ArrayList<>();
        for (List<Integer> s : sets) {
            out.add(s.stream().sorted().mapToInt(Integer::intValue).toArray());
        }
        return out;
    }

    private byte[] indexed(MergeResult result, String name) throws IOException {
        Path out = dir.resolve(name + ".profdata");
        Profiles.writeIndexed(result.contents(), Profiles.INDEXED_VERSION, out);
        return Files.readAllBytes(out);
    }

    private String text(MergeResult result, String name) throws IOException {
        Path out = dir.resolve(name + ".proftext");
        Profiles.writeText(result.contents(), out);
        return Files.readString(out);
    }
}
