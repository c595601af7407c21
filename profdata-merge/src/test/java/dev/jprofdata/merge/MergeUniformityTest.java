package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.indexed.IndexedProfileWriter;
import dev.jprofdata.format.offload.UniformityRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Merging GPU device profiles: uniformity evidence is combined per counter index (weighted sums,
 * AND of bits) and decided once. Inputs are the generated device profiles in {@code fixtures/offload}
 * (see the generator in profdata-format's tests), copied into a temporary directory.
 *
 * <p>saxpy (K = 64, 2 blocks, every slot 10): in {@code gfx90a.default} block 0 is 50 % uniform and
 * block 1 100 %; in {@code gfx90a.1.default} block 0 is 100 % and block 1 80 %. Per input both
 * blocks total 640.
 */
class MergeUniformityTest {
    @TempDir
    Path tmp;

    private static final String A = "gfx90a.default.profraw";
    private static final String B = "gfx90a.1.default.profraw";

    @BeforeEach
    void copyFixtures() throws IOException {
        Path dir = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
                .resolve("fixtures/offload").normalize();
        Assumptions.assumeTrue(Files.isDirectory(dir), "fixtures/offload absent");
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, tmp.resolve(f.getFileName()));
            }
        }
    }

    private MergeInput in(String name, long weight) {
        return new MergeInput(tmp.resolve(name), name, weight);
    }

    private MergeResult merge(MergeOptions options, MergeInput... inputs) throws Exception {
        return new ProfileMerger(options).merge(List.of(inputs));
    }

    private MergeResult merge(MergeInput... inputs) throws Exception {
        return merge(MergeOptions.defaults(), inputs);
    }

    private static ProfileRecord only(MergeResult r, String name) {
        return r.contents().groups().stream().filter(g -> g.name().equals(name)).findFirst().orElseThrow()
                .records().get(0);
    }

    @Test
    void equalWeightsSumFirstThenDecide() throws Exception {
        // block 0: U = 320 + 640 = 960 of 1280 (75 %) -> D; block 1: U = 640 + 512 = 1152 of 1280 (90 %) -> U.
        ProfileRecord r = only(merge(in(A, 1), in(B, 1)), "saxpy");
        assertThat(r.counts()).containsExactly(1280, 1280);
        assertThat(r.uniformityBits()).containsExactly((byte) 0xFE);
    }

    @Test
    void weightsScaleBothTotalsAndUniformCounts() throws Exception {
        // weight 4 on B: block 0: U = 320 + 2560 = 2880 of 3200 = exactly 90 % -> U;
        // block 1: U = 640 + 2048 = 2688 of 3200 (84 %) -> D.
        ProfileRecord r = only(merge(in(A, 1), in(B, 4)), "saxpy");
        assertThat(r.counts()).containsExactly(3200, 3200);
        assertThat(r.uniformityBits()).containsExactly((byte) 0xFD);
    }

    @Test
    void resultDoesNotDependOnInputOrderOrThreads() throws Exception {
        byte[] one = only(merge(in(A, 1), in(B, 4)), "saxpy").uniformityBits();
        byte[] reversed = only(merge(in(B, 4), in(A, 1)), "saxpy").uniformityBits();
        MergeOptions threads = MergeOptions.builder().numThreads(2).build();
        byte[] threaded = only(merge(threads, in(B, 4), in(A, 1)), "saxpy").uniformityBits();
        assertThat(reversed).containsExactly(one);
        assertThat(threaded).containsExactly(one);
    }

    @Test
    void bitsOnlyInputsAreAnded() throws Exception {
        // A v14 file holding [U, D] (A + 4·B), merged with A's raw data ([D, U] on its own): [D, D].
        MergeResult first = merge(in(A, 1), in(B, 4));
        Path v14 = tmp.resolve("prev.amdgcn-amd-amdhsa.profdata");
        IndexedProfileWriter.write(first.contents(), 13, v14);
        ProfileRecord r = only(merge(new MergeInput(v14, "prev", 1), in(A, 1)), "saxpy");
        assertThat(r.counts()).containsExactly(3840, 3840);
        assertThat(r.uniformityBits()).containsExactly((byte) 0xFC);
    }

    @Test
    void inputWithoutUniformityDataLeavesTheOthersBits() throws Exception {
        // A copy of B without its side file adds counts but no evidence: A's own bits remain.
        Files.copy(tmp.resolve(B), tmp.resolve("copy.profraw"));
        MergeResult r = merge(in(A, 1), in("copy.profraw", 1));
        assertThat(only(r, "saxpy").counts()).containsExactly(1280, 1280);
        assertThat(only(r, "saxpy").uniformityBits()).containsExactly((byte) 0xFE);
        assertThat(r.deviceWarnings()).containsExactly(
                "copy.unifcnts: not found; copy.profraw is merged without uniformity data");
        assertThat(r.failures()).isEmpty();
    }

    @Test
    void missingOrBrokenSideFileWarnsButMerges() throws Exception {
        Files.write(tmp.resolve("gfx90a.default.unifcnts"), new byte[] {1, 2, 3});
        MergeResult r = merge(in(A, 1), in("nounif.amdgcn-amd-amdhsa.0.profraw", 1));
        assertThat(r.deviceWarnings()).containsExactly(
                "gfx90a.default.unifcnts: file is too short for the header (3 bytes, need 32); "
                        + "gfx90a.default.profraw is merged without uniformity data",
                "nounif.amdgcn-amd-amdhsa.0.unifcnts: not found; "
                        + "nounif.amdgcn-amd-amdhsa.0.profraw is merged without uniformity data");
        assertThat(r.failures()).isEmpty();
        assertThat(only(r, "saxpy").uniformityBits()).isNull();
        assertThat(only(r, "saxpy").counts()).containsExactly(640, 640);
        assertThat(only(r, "no_side").counts()).containsExactly(12, 12);
        assertThat(only(r, "no_side").offload()).isNull();
    }

    @Test
    void noUnifcntsSkipsSideFilesWithoutWarnings() throws Exception {
        MergeResult r = merge(MergeOptions.builder().readUnifcnts(false).build(), in(A, 1));
        assertThat(r.deviceWarnings()).isEmpty();
        assertThat(only(r, "saxpy").uniformityBits()).isNull();
    }

    @Test
    void thresholdIsAnOption() throws Exception {
        MergeOptions half = MergeOptions.builder().uniformityRule(UniformityRule.parse("0.5")).build();
        assertThat(only(merge(half, in("divergent_v3.amdgcn-amd-amdhsa.0.profraw", 1)), "divergent_v3")
                .uniformityBits()).containsExactly((byte) 0xFF);
        assertThat(only(merge(in("divergent_v3.amdgcn-amd-amdhsa.0.profraw", 1)), "divergent_v3")
                .uniformityBits()).containsExactly((byte) 0xFC);
    }

    @Test
    void rfcMicrobenchmarksAndMultipleTranslationUnits() throws Exception {
        MergeResult r = merge(in("uniform_v3.amdgcn-amd-amdhsa.0.profraw", 1),
                in("divergent_v3.amdgcn-amd-amdhsa.0.profraw", 1),
                in("divergent_hot_v3.amdgcn-amd-amdhsa.0.profraw", 1),
                in("app.amdgcn-amd-amdhsa.0.profraw", 1), in("app.amdgcn-amd-amdhsa.1.profraw", 1));
        assertThat(only(r, "uniform_v3").counts()).containsExactly(40960, 81920, 122880, 163840, 204800);
        assertThat(only(r, "uniform_v3").uniformityBits()).containsExactly((byte) 0xFF);
        assertThat(only(r, "divergent_v3").uniformityBits()).containsExactly((byte) 0xFC);
        assertThat(only(r, "divergent_hot_v3").counts()).containsExactly(25600, 51200, 76800, 102400, 128000);
        assertThat(only(r, "divergent_hot_v3").uniformityBits()).containsExactly((byte) 0xFC);
        // tu0_scale: 64 slots of 2 per block, block 1 half uniform: [U, D, U] -> 0b11111101.
        assertThat(only(r, "tu0_scale").counts()).containsExactly(128, 128, 128);
        assertThat(only(r, "tu0_scale").uniformityBits()).containsExactly((byte) 0xFD);
        // tu0_reduce: only the first 32 slots ran.
        assertThat(only(r, "tu0_reduce").counts()).containsExactly(128, 128);
        assertThat(only(r, "tu0_reduce").uniformityBits()).containsExactly((byte) 0xFF);
        // tu1_scan: block b has 64 (b + 1); block 3 never uniform: [U, U, U, D] -> 0b11110111.
        assertThat(only(r, "tu1_scan").counts()).containsExactly(64, 128, 192, 256);
        assertThat(only(r, "tu1_scan").uniformityBits()).containsExactly((byte) 0xF7);
    }

    @Test
    void weightedCountsSaturate() throws Exception {
        // 2^57 × 128 = 2^64: counts stop at 2^64 - 3 (counter overflow); the uniformity sums
        // saturate at 2^64 - 1 against 3·2^62 uniform -> 75 % -> D.
        MergeResult r = merge(in("sat.amdgcn-amd-amdhsa.0.profraw", 128));
        assertThat(only(r, "hot_loop").counts()).containsExactly(-3L);
        assertThat(only(r, "hot_loop").uniformityBits()).containsExactly((byte) 0xFE);
        assertThat(r.problems()).extracting(MergeProblem::kind).containsExactly(MergeProblem.Kind.COUNTER_OVERFLOW);
    }

    @Test
    void verboseDetailsFollowTheRfcLog() throws Exception {
        MergeResult r = merge(MergeOptions.builder().verbose(true).build(),
                in("uniform_v3.amdgcn-amd-amdhsa.0.profraw", 1));
        assertThat(r.details()).containsExactly(
                "uniform_v3.amdgcn-amd-amdhsa.0.profraw: device profile; side file "
                        + "uniform_v3.amdgcn-amd-amdhsa.0.unifcnts found (1280 uniform counters)",
                "uniform_v3: NumCounters: 1280, NumOffloadProfilingThreads: 255",
                "uniform_v3: reduced 1280 slots to 5 counters",
                "uniform_v3: 5/5 blocks uniform (from .unifcnts) [U, U, U, U, U]");
    }

    @Test
    void hostOnlyMergeCarriesNoDeviceData() throws Exception {
        Path host = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
                .resolve("fixtures/profiles/ir_1.profraw").normalize();
        Assumptions.assumeTrue(Files.exists(host));
        MergeResult r = merge(new MergeInput(host, "ir_1.profraw", 1));
        List<ProfileRecord> all = new ArrayList<>();
        r.contents().groups().forEach(g -> all.addAll(g.records()));
        assertThat(all).isNotEmpty().allMatch(rec -> rec.offload() == null);
        ProfileContents c = r.contents();
        assertThat(IndexedProfileWriter.effectiveVersion(c, 13)).isEqualTo(13);
        assertThat(r.deviceWarnings()).isEmpty();
    }
}
