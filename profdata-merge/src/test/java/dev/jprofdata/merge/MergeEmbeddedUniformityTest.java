package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Raw v11/v12 device profiles (uniform counters embedded in the {@code .profraw}) in the merge: they
 * must give exactly the uniformity bits the equivalent raw v10 + {@code .unifcnts} inputs give, and
 * v12's wave counters are summed with the inputs' weights. Inputs: {@code fixtures/offload} (stage
 * B, with side files) and {@code fixtures/offload/embedded} (the same kernels in v11/v12, generated
 * by profdata-format's {@code EmbeddedProfileGenerator}).
 */
class MergeEmbeddedUniformityTest {
    private Path dir;

    @BeforeEach
    void locate() {
        dir = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().resolve("fixtures/offload")
                .normalize();
        Assumptions.assumeTrue(Files.isDirectory(dir.resolve("embedded")), "fixtures/offload/embedded absent");
    }

    /**
     * Stems of the stage-B fixtures that have side files. Not {@code sat}: its slots (2^55 each) are
     * plausible raw counters, but the same block as one stage-C counter (2^57) is above 2^56, which
     * the raw reader reports as corruption, as LLVM does.
     */
    static Stream<String> stems() {
        return Stream.of("uniform_v3.amdgcn-amd-amdhsa.0", "divergent_v3.amdgcn-amd-amdhsa.0",
                "divergent_hot_v3.amdgcn-amd-amdhsa.0", "app.amdgcn-amd-amdhsa.0", "app.amdgcn-amd-amdhsa.1",
                "gfx90a.default", "gfx90a.1.default");
    }

    private MergeInput stageB(String stem, long weight) {
        return new MergeInput(dir.resolve(stem + ".profraw"), stem + ".profraw", weight);
    }

    private MergeInput embedded(String stem, int version, String variant, long weight) {
        String name = stem + ".v" + version + "." + variant + ".profraw";
        return new MergeInput(dir.resolve("embedded").resolve(name), name, weight);
    }

    private static MergeResult merge(MergeInput... inputs) throws Exception {
        return new ProfileMerger(MergeOptions.defaults()).merge(List.of(inputs));
    }

    private static List<ProfileRecord> records(MergeResult r) {
        List<ProfileRecord> out = new ArrayList<>();
        for (NameGroup g : r.contents().groups()) {
            out.addAll(g.records());
        }
        return out;
    }

    /** The records without their wave counters (v12 has them, the stage-B inputs do not). */
    private static List<ProfileRecord> withoutWaves(List<ProfileRecord> records) {
        List<ProfileRecord> out = new ArrayList<>();
        for (ProfileRecord r : records) {
            out.add(r.offload() == null || r.offload().waveCounts() == null ? r
                    : r.withOffload(r.offload().uniformityBits() == null ? null : r.offload().withWaveCounts(null)));
        }
        return out;
    }

    /** (a) Every fixture alone, in every v11/v12 layout: the same counts and bits as v10 + side file. */
    @ParameterizedTest
    @MethodSource("stems")
    void embeddedUniformCountersGiveTheSideFilesBits(String stem) throws Exception {
        MergeResult expected = merge(stageB(stem, 1));
        assertThat(expected.deviceWarnings()).isEmpty();
        List<ProfileRecord> want = records(expected);
        assertThat(want).allSatisfy(r -> assertThat(r.uniformityBits()).isNotNull());
        for (int version : new int[] {11, 12}) {
            for (String variant : new String[] {"le64", "be64", "le32"}) {
                MergeResult got = merge(embedded(stem, version, variant, 3));
                assertThat(got.deviceWarnings()).isEmpty();
                // Weight 3 on one input scales totals and uniform counts alike: the bits cannot change.
                List<ProfileRecord> weighted = records(merge(stageB(stem, 3)));
                assertThat(withoutWaves(records(got))).as(stem + " v" + version + " " + variant).isEqualTo(weighted);
                assertThat(records(got)).extracting(ProfileRecord::uniformityBits)
                        .containsExactlyElementsOf(want.stream().map(ProfileRecord::uniformityBits).toList());
            }
        }
    }

    /**
     * saxpy: block 0 is 50 % uniform in one file and 100 % in the other. Weights 1 and 1 give 75 %
     * (D); 1 and 4 give exactly 90 % (U). Embedded inputs, side-file inputs and a mix of both decide
     * alike, because all feed the same weighted sums.
     */
    @Test
    void weightedSumsDecideAlikeForBothKindsOfInput() throws Exception {
        for (long wb : new long[] {1, 4}) {
            List<ProfileRecord> sideFiles = records(merge(stageB("gfx90a.default", 1), stageB("gfx90a.1.default", wb)));
            List<ProfileRecord> v11 = records(merge(embedded("gfx90a.default", 11, "le64", 1),
                    embedded("gfx90a.1.default", 11, "be64", wb)));
            List<ProfileRecord> mixed = records(merge(stageB("gfx90a.default", 1),
                    embedded("gfx90a.1.default", 11, "le32", wb)));
            assertThat(v11).isEqualTo(sideFiles);
            assertThat(mixed).isEqualTo(sideFiles);
            assertThat(v11.get(0).uniformityBits()).containsExactly(wb == 1 ? (byte) 0xFE : (byte) 0xFD);
        }
    }

    /** (c) v12 wave counters: summed over inputs with their weights, like counts. */
    @Test
    void waveCountsAreSummedWithWeights() throws Exception {
        List<ProfileRecord> one = records(merge(embedded("app.amdgcn-amd-amdhsa.0", 12, "le64", 1)));
        List<ProfileRecord> three = records(merge(embedded("app.amdgcn-amd-amdhsa.0", 12, "le64", 1),
                embedded("app.amdgcn-amd-amdhsa.0", 12, "be64", 2)));
        assertThat(three).hasSameSizeAs(one);
        for (int i = 0; i < one.size(); i++) {
            long[] w1 = one.get(i).waveCounts();
            long[] w3 = three.get(i).waveCounts();
            assertThat(w1).isNotEmpty();
            assertThat(w3).hasSameSizeAs(w1);
            for (int j = 0; j < w1.length; j++) {
                assertThat(w3[j]).isEqualTo(3 * w1[j]);
            }
            assertThat(three.get(i).uniformityBits()).isEqualTo(one.get(i).uniformityBits());
        }
        // tu0_scale: 3 blocks of 64 slots x 2 = 128 executions -> 2 waves each.
        assertThat(one.get(0).name()).isEqualTo("tu0_reduce");
        ProfileRecord scale = one.get(1);
        assertThat(scale.name()).isEqualTo("tu0_scale");
        assertThat(scale.waveCounts()).containsExactly(2, 2, 2);
    }

    /**
     * A v11 record (no wave counters) and a v12 record (wave counters) of the same function are two
     * builds that disagree, like a different number of counters: the later one is dropped with a
     * counter mismatch, as the fork does.
     */
    @Test
    void differentNumbersOfWaveCountersAreACounterMismatch() throws Exception {
        MergeResult r = merge(embedded("gfx90a.default", 11, "le64", 1), embedded("gfx90a.default", 12, "le64", 1));
        assertThat(r.problems()).extracting(MergeProblem::kind).containsExactly(MergeProblem.Kind.COUNT_MISMATCH);
        ProfileRecord saxpy = records(r).get(0);
        assertThat(saxpy.counts()).containsExactly(640, 640);
        assertThat(saxpy.waveCounts()).isNull();
        // The dropped build's uniformity evidence is dropped with it: the bits are the first input's.
        assertThat(saxpy.uniformityBits())
                .isEqualTo(records(merge(embedded("gfx90a.default", 11, "le64", 1))).get(0).uniformityBits());
    }
}
