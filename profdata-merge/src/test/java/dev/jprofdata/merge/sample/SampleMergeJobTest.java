package dev.jprofdata.merge.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleWriteException;
import dev.jprofdata.format.sample.SampleWriteOptions;
import dev.jprofdata.merge.DroppedTooMuchException;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.MergeInput;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SampleMergeJob}, the whole sample merge the command and the Maven plugin run: it writes
 * what the merger and the writer give (llvm-profdata 22's bytes, fixtures/golden/out), reports in
 * llvm-profdata's order, and a refusal — too much dropped, a format that cannot hold the profile —
 * leaves the earlier output as it was.
 */
class SampleMergeJobTest {
    private static final Path FIXTURES = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
            .resolve("fixtures").normalize();

    @TempDir
    Path tmp;

    private static MergeInput in(String path) {
        return new MergeInput(FIXTURES.resolve(path), path, 1);
    }

    private static final class Recorder implements SampleMergeJob.Observer {
        final List<String> calls = new ArrayList<>();

        @Override
        public void merged(SampleMergeResult result) {
            calls.add("merged");
        }

        @Override
        public void accepted(SampleMergeResult result) {
            calls.add("accepted");
        }

        @Override
        public void writing(SampleMergeResult result) {
            calls.add("writing");
        }
    }

    private static SampleMergeOptions warn() {
        return SampleMergeOptions.builder().numThreads(1).failureMode(FailureMode.WARN).build();
    }

    @Test
    void writesLlvmProfdatasBytesToAFileAndToAStream() throws Exception {
        SampleMergeJob job = new SampleMergeJob(warn(), null, SampleWriteOptions.defaults(SampleFormat.EXTBINARY));
        Path out = tmp.resolve("plain.sprof");
        Recorder recorder = new Recorder();

        job.write(List.of(in("profiles/sample/plain.proftext")), out, recorder);
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        job.write(List.of(in("profiles/sample/plain.proftext")), stream, new Recorder());

        byte[] golden = Files.readAllBytes(FIXTURES.resolve("golden/out/sample_ext_plain.sprof"));
        assertThat(Files.readAllBytes(out)).isEqualTo(golden);
        assertThat(stream.toByteArray()).isEqualTo(golden);
        assertThat(recorder.calls).containsExactly("merged", "accepted", "writing");
    }

    @Test
    void tooMuchDroppedWritesNothing() throws Exception {
        Path out = tmp.resolve("out.sprof");
        Files.writeString(out, "earlier");
        Recorder recorder = new Recorder();
        SampleMergeJob job = new SampleMergeJob(warn(), "0.25", SampleWriteOptions.defaults(SampleFormat.EXTBINARY));

        assertThatThrownBy(() -> job.write(List.of(in("profiles/sample/plain.proftext"),
                in("profiles/bad/garbage.txt")), out, recorder))
                .isInstanceOfSatisfying(DroppedTooMuchException.class,
                        e -> assertThat(e.getMessage()).contains("--max-dropped-fraction=0.25"));
        assertThat(recorder.calls).containsExactly("merged");
        assertThat(Files.readString(out)).isEqualTo("earlier");
    }

    @Test
    void aFormatThatCannotHoldTheProfileWritesNothing() throws Exception {
        Path out = tmp.resolve("out.gcov");
        Files.writeString(out, "earlier");
        Recorder recorder = new Recorder();
        SampleMergeJob job = new SampleMergeJob(warn(), null, SampleWriteOptions.defaults(SampleFormat.GCC));

        assertThatThrownBy(() -> job.write(List.of(in("profiles/sample/plain.proftext")), out, recorder))
                .isInstanceOfSatisfying(SampleWriteException.class,
                        e -> assertThat(e.problem()).isEqualTo(SampleWriteException.Problem.UNSUPPORTED_FORMAT));
        assertThat(recorder.calls).containsExactly("merged", "accepted");
        assertThat(Files.readString(out)).isEqualTo("earlier");
    }
}
