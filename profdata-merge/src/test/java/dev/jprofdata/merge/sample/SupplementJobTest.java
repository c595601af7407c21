package dev.jprofdata.merge.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.indexed.IndexedVersionPlan;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.NoProfileMergedException;
import dev.jprofdata.merge.OutputRules;
import dev.jprofdata.merge.ProfileOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SupplementJob}, {@code merge --supplement-instr-with-sample} as a library call: the bytes
 * llvm-profdata 22 writes for the same inputs and thresholds (fixtures/golden/out, the cases
 * {@code sample_suppl_indexed} and {@code sample_suppl_opts}), and an unreadable instrumentation
 * input writes nothing.
 */
class SupplementJobTest {
    private static final Path FIXTURES = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
            .resolve("fixtures").normalize();

    @TempDir
    Path tmp;

    private static SampleProfile sample() throws Exception {
        return SampleProfiles.read(FIXTURES.resolve("profiles/sample/suppl-sample.proftext"));
    }

    private static MergeInput instr(String path) {
        return new MergeInput(FIXTURES.resolve(path), path, 1);
    }

    @Test
    void writesLlvmProfdatasBytes() throws Exception {
        Path indexed = tmp.resolve("suppl.profdata");
        List<String> calls = new ArrayList<>();
        new SupplementJob(OutputRules.of(ProfileOutput.indexed(IndexedVersionPlan.automatic())), 10, 0.7f, 10)
                .write(instr("profiles/sample/suppl-instr.txt"), sample(), indexed, new SupplementJob.Observer() {
                    @Override
                    public void adjusted(List<String> warnings) {
                        calls.add("adjusted");
                    }

                    @Override
                    public void prepared(List<String> leftOut) {
                        calls.add("prepared " + leftOut.size());
                    }
                });
        assertThat(Files.readAllBytes(indexed))
                .isEqualTo(Files.readAllBytes(FIXTURES.resolve("golden/out/sample_suppl_indexed.profdata")));
        assertThat(calls).containsExactly("adjusted", "prepared 0");

        Path text = tmp.resolve("suppl.proftext");
        new SupplementJob(OutputRules.of(ProfileOutput.asText()), 3, 0.95f, 10)
                .write(instr("profiles/sample/suppl-instr.txt"), sample(), text, new SupplementJob.Observer() {
                });
        assertThat(Files.readString(text))
                .isEqualTo(Files.readString(FIXTURES.resolve("golden/out/sample_suppl_opts.proftext")));
    }

    @Test
    void anUnreadableInstrumentationInputWritesNothing() throws Exception {
        Path out = tmp.resolve("out.profdata");
        Files.writeString(out, "earlier");
        SupplementJob job = new SupplementJob(OutputRules.of(ProfileOutput.indexed(IndexedVersionPlan.automatic())),
                10, 0.7f, 10);
        assertThatThrownBy(() -> job.write(instr("profiles/bad/garbage.bin"), sample(), out,
                new SupplementJob.Observer() {
                })).isInstanceOf(NoProfileMergedException.class);
        assertThat(Files.readString(out)).isEqualTo("earlier");
    }
}
