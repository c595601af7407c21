package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.indexed.IndexedVersionPlan;
import dev.jprofdata.format.text.TextProfileWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link MergeJob}, the whole merge the command and the Maven plugin run: what it writes is what
 * the merger and the output give on their own (one file, or host and device files apart); it
 * reports in its fixed order; and every refusal — no profile merged, too much dropped, a version
 * that would lose data — leaves the earlier output as it was.
 *
 * <p>Inputs: clang-22 runs of {@code fixtures/profiles} (IR, MC/DC), a file that is no profile, and
 * the offload fork's device runs of {@code fixtures/offload}.
 */
class MergeJobTest {
    private static final Path FIXTURES = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
            .resolve("fixtures").normalize();
    private static final byte[] EARLIER = "earlier output".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path tmp;

    @BeforeEach
    void copyFixtures() throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(FIXTURES.resolve("offload")), "fixtures/offload absent");
        for (String name : new String[] {"gfx90a.default.profraw", "gfx90a.default.unifcnts"}) {
            Files.copy(FIXTURES.resolve("offload").resolve(name), tmp.resolve(name));
        }
        for (String name : new String[] {"ir_1.profraw", "ir_2.profraw", "mcdc_1.profraw"}) {
            Files.copy(FIXTURES.resolve("profiles").resolve(name), tmp.resolve(name));
        }
        Files.copy(FIXTURES.resolve("profiles/bad/garbage.bin"), tmp.resolve("garbage.bin"));
    }

    private List<MergeInput> inputs(String... names) {
        List<MergeInput> list = new ArrayList<>();
        for (String n : names) {
            list.add(new MergeInput(tmp.resolve(n), n, 1));
        }
        return list;
    }

    private static MergeJob job(MergeOptions options, OutputRules rules, boolean split) {
        return new MergeJob(new ProfileMerger(options), rules, split);
    }

    private static OutputRules text() {
        return OutputRules.of(ProfileOutput.asText());
    }

    private static String text(ProfileContents contents) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TextProfileWriter.write(contents, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Every callback, in order, as one line each. */
    private static final class Recorder implements MergeJob.Observer {
        final List<String> calls = new ArrayList<>();

        @Override
        public void merged(List<MergeInput> inputs, MergeResult result) {
            calls.add("merged " + inputs.stream().map(MergeInput::displayName).toList());
        }

        @Override
        public void refused(List<MergeInput> inputs, NoProfileMergedException refused) {
            calls.add("refused " + inputs.size());
        }

        @Override
        public void prepared(List<String> leftOut) {
            calls.add("prepared " + leftOut.size());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aSplitJobWritesEachPartAsItsInputsMergeAlone(int threads) throws Exception {
        MergeOptions options = MergeOptions.builder().numThreads(threads).build();
        Path out = tmp.resolve("out.proftext");
        Recorder recorder = new Recorder();

        MergeJob.Written written = job(options, text(), true)
                .write(inputs("gfx90a.default.profraw", "ir_1.profraw", "ir_2.profraw"), out, recorder);

        assertThat(written.split()).isTrue();
        assertThat(written.inputs()).isEqualTo(2);
        assertThat(written.deviceInputs()).isEqualTo(1);
        assertThat(written.deviceTarget()).isEqualTo(tmp.resolve("out.amdgcn-amd-amdhsa.proftext"));
        assertThat(Files.readString(out)).isEqualTo(
                text(new ProfileMerger(options).merge(inputs("ir_1.profraw", "ir_2.profraw")).contents()));
        assertThat(Files.readString(written.deviceTarget())).isEqualTo(
                text(new ProfileMerger(options).merge(inputs("gfx90a.default.profraw")).contents()));
        assertThat(recorder.calls).containsExactly("merged [ir_1.profraw, ir_2.profraw]",
                "merged [gfx90a.default.profraw]", "prepared 0", "prepared 0");
    }

    @Test
    void withoutSplittingEverythingGoesIntoOneFile() throws Exception {
        MergeOptions options = MergeOptions.builder().numThreads(1).build();
        Path out = tmp.resolve("all.proftext");
        List<MergeInput> all = inputs("gfx90a.default.profraw", "ir_1.profraw");

        MergeJob.Written written = job(options, text(), false).write(all, out, new Recorder());

        assertThat(written.split()).isFalse();
        assertThat(written.inputs()).isEqualTo(2);
        assertThat(Files.readString(out)).isEqualTo(text(new ProfileMerger(options).merge(all).contents()));
        assertThat(tmp.resolve("all.amdgcn-amd-amdhsa.proftext")).doesNotExist();
    }

    @Test
    void aStreamGetsTheFilesBytes() throws Exception {
        MergeOptions options = MergeOptions.builder().numThreads(1).build();
        OutputRules indexed = OutputRules.of(ProfileOutput.indexed(IndexedVersionPlan.automatic()));
        Path out = tmp.resolve("ir.profdata");
        job(options, indexed, true).write(inputs("ir_1.profraw", "ir_2.profraw"), out, new Recorder());
        ByteArrayOutputStream stream = new ByteArrayOutputStream();

        job(options, indexed, false).write(inputs("ir_1.profraw", "ir_2.profraw"), stream, new Recorder());

        assertThat(stream.toByteArray()).isEqualTo(Files.readAllBytes(out));
    }

    @Test
    void tooMuchDroppedWritesNothing() throws Exception {
        MergeOptions warn = MergeOptions.builder().numThreads(1).failureMode(FailureMode.WARN).build();
        Path out = tmp.resolve("out.profdata");
        Files.write(out, EARLIER);
        Recorder recorder = new Recorder();
        OutputRules rules = new OutputRules(ProfileOutput.indexed(IndexedVersionPlan.automatic()), false, " 0.4");

        assertThatThrownBy(() -> job(warn, rules, true).write(inputs("ir_1.profraw", "garbage.bin"), out, recorder))
                .isInstanceOfSatisfying(DroppedTooMuchException.class, e -> {
                    assertThat(e.limit()).isEqualTo("0.4");
                    assertThat(e.dataLoss().exceeds(0.4)).isTrue();
                    assertThat(e.getMessage()).contains("--max-dropped-fraction=0.4", "nothing was written");
                });
        assertThat(recorder.calls).containsExactly("merged [ir_1.profraw, garbage.bin]");
        assertThat(Files.readAllBytes(out)).isEqualTo(EARLIER);

        // Half the inputs lost is within a limit of one half.
        OutputRules half = new OutputRules(ProfileOutput.indexed(IndexedVersionPlan.automatic()), false, "0.5");
        job(warn, half, true).write(inputs("ir_1.profraw", "garbage.bin"), out, new Recorder());
        assertThat(Files.readAllBytes(out)).isNotEqualTo(EARLIER);
    }

    @Test
    void aVersionThatWouldLoseDataWritesNothingUnlessDroppingIsAllowed() throws Exception {
        MergeOptions options = MergeOptions.builder().numThreads(1).build();
        Path out = tmp.resolve("v10.profdata");
        Files.write(out, EARLIER);
        ProfileOutput v10 = ProfileOutput.indexed(IndexedVersionPlan.version(10));
        Recorder refused = new Recorder();

        assertThatThrownBy(() -> job(options, OutputRules.of(v10), true).write(inputs("mcdc_1.profraw"), out, refused))
                .isInstanceOf(IndexedVersionPlan.DataWouldBeLostException.class);
        assertThat(refused.calls).containsExactly("merged [mcdc_1.profraw]");
        assertThat(Files.readAllBytes(out)).isEqualTo(EARLIER);

        Recorder dropped = new Recorder();
        job(options, new OutputRules(v10, true, null), true).write(inputs("mcdc_1.profraw"), out, dropped);
        assertThat(dropped.calls).containsExactly("merged [mcdc_1.profraw]", "prepared 1");
        assertThat(Files.readAllBytes(out)).isNotEqualTo(EARLIER);
    }

    @Test
    void aRefusedMergeIsReportedWithItsInputsAndWritesNothing() throws Exception {
        MergeOptions any = MergeOptions.builder().numThreads(1).failureMode(FailureMode.ANY).build();
        Path out = tmp.resolve("out.proftext");
        Files.write(out, EARLIER);
        for (boolean split : new boolean[] {true, false}) {
            Recorder recorder = new Recorder();
            assertThatThrownBy(() -> job(any, text(), split).write(inputs("ir_1.profraw", "garbage.bin"), out, recorder))
                    .isInstanceOf(NoProfileMergedException.class);
            assertThat(recorder.calls).containsExactly("refused 2");
            assertThat(Files.readAllBytes(out)).isEqualTo(EARLIER);
        }
    }

    @Test
    void aFractionThatIsNoNumberIsRefusedBeforeAnythingIsRead() {
        assertThatThrownBy(() -> new OutputRules(ProfileOutput.asText(), false, "half"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("half");
    }
}
