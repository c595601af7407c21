package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.merge.order.FunctionOrder;
import dev.jprofdata.merge.overlap.OverlapResult;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of README.md's "Library use" section, compiled and run. Results are compared with
 * llvm-profdata 22's recorded outputs in {@code fixtures/golden/}.
 */
class LibraryUseExampleTest {
    @TempDir
    Path dir;

    private Path fixtures;

    @BeforeEach
    void findFixtures() {
        fixtures = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().resolve("fixtures").normalize();
        assumeTrue(Files.isDirectory(fixtures.resolve("profiles")), "no fixtures");
    }

    private Path profile(String name) {
        return fixtures.resolve("profiles").resolve(name);
    }

    @Test
    void readRecords() throws Exception {
        // README: reading a profile
        Path file = profile("ir_1.profraw");
        List<String> names = new ArrayList<>();
        try (ProfileReader reader = Profiles.open(file)) {
            for (ProfileRecord r; (r = reader.next()) != null; ) {
                names.add(r.name());
            }
        }
        assertThat(Profiles.detect(file)).isEqualTo(ProfileFormat.RAW);
        assertThat(names).contains("main", "compute", "prog.c;helper_static");
        try (InputStream in = Files.newInputStream(profile("ir.profdata"));
                ProfileReader reader = Profiles.open(in, "ir.profdata")) {
            assertThat(reader.format()).isEqualTo(ProfileFormat.INDEXED);
            assertThat(reader.next()).isNotNull();
        }
    }

    @Test
    void mergeAndWriteIndexed() throws Exception {
        // README: merging (llvm-profdata merge -o out/merge_binary_flag.profdata ir_1.profraw ir_2.profraw)
        MergeResult result = Profiles.merge(List.of(profile("ir_1.profraw"), profile("ir_2.profraw")));
        Path out = dir.resolve("merged.profdata");
        Profiles.writeIndexed(result.contents(), Profiles.INDEXED_VERSION, out);
        assertThat(Files.readAllBytes(out))
                .isEqualTo(Files.readAllBytes(fixtures.resolve("golden/out/merge_binary_flag.profdata")));
        assertThat(result.failures()).isEmpty();
    }

    @Test
    void mergeWithOptionsProgressAndCancellation() throws Exception {
        // README: options, weights and a listener
        List<MergeInput> inputs = List.of(
                new MergeInput(profile("ir_1.profraw"), "ir_1.profraw", 1),
                new MergeInput(profile("ir_2.profraw"), "ir_2.profraw", 3));
        MergeOptions options = MergeOptions.builder().numThreads(1).failureMode(FailureMode.ANY).build();
        AtomicInteger started = new AtomicInteger();
        AtomicLong bytes = new AtomicLong();
        MergeListener progress = new MergeListener() {
            @Override
            public void inputStarted(int index, MergeInput input) {
                started.incrementAndGet();
            }

            @Override
            public void inputFinished(int index, MergeInput input, long size) {
                bytes.addAndGet(size);
            }
        };
        MergeResult result = Profiles.merge(inputs, options, progress);
        assertThat(started).hasValue(2);
        assertThat(bytes).hasValue(Files.size(profile("ir_1.profraw")) + Files.size(profile("ir_2.profraw")));
        Path text = dir.resolve("merged.proftext");
        Profiles.writeText(result.contents(), text);
        assertThat(Files.readString(text)).contains(":ir");

        MergeListener cancelAtOnce = new MergeListener() {
            @Override
            public boolean isCancelled() {
                return true;
            }
        };
        assertThatThrownBy(() -> Profiles.merge(inputs, options, cancelAtOnce))
                .isInstanceOf(CancellationException.class);
    }

    @Test
    void summarizeOverlapAndOrder() throws Exception {
        // README: summary, overlap and order
        ProfileSummary summary = Profiles.summarize(profile("ir_1.profraw"));
        // llvm-profdata show ir_1.profraw: "Total functions: 11", "Total count: 58"
        assertThat(summary.numFunctions()).isEqualTo(11);
        assertThat(summary.totalCount()).isEqualTo(58);

        OverlapResult overlap = Profiles.overlap(profile("ir.profdata"), profile("ir_1.profraw"));
        assertThat(overlap).isInstanceOf(OverlapResult.Compared.class);
        double edges = ((OverlapResult.Compared) overlap).program().overlap().edges();
        assertThat(edges).isBetween(0.0, 1.0);

        FunctionOrder order = Profiles.order(profile("temporal.profdata"), 0);
        assertThat(order.functionHashes()).hasSize(10);
        assertThat(order.pageFaultArea()).isEmpty();
    }

    @Test
    void typedFailures() throws Exception {
        // README: failures are typed (a version-13 header patched to version 99)
        byte[] bytes = Files.readAllBytes(profile("ir.profdata"));
        bytes[8] = 99;
        Path future = Files.write(dir.resolve("new.profdata"), bytes);
        ProfileFormatException.Kind kind = null;
        try {
            Profiles.summarize(future);
        } catch (ProfileFormatException e) {
            kind = e.kind();
        }
        assertThat(kind).isEqualTo(ProfileFormatException.Kind.UNSUPPORTED_VERSION);

        Path empty = Files.write(dir.resolve("empty.profraw"), new byte[0]);
        Path junk = Files.write(dir.resolve("junk.profraw"), new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        MergeResult weighted = Profiles.merge(List.of(MergeInput.of(profile("ir_1.profraw")), MergeInput.of(empty),
                MergeInput.of(junk)), MergeOptions.builder().failureMode(FailureMode.WARN).build(), MergeListener.NONE);
        assertThat(weighted.failures()).singleElement().satisfies(f -> {
            assertThat(f.file()).endsWith("junk.profraw");
            assertThat(f.kind()).isEqualTo(InputFailure.Kind.UNREADABLE);
            assertThat(f.formatKind()).isEqualTo(ProfileFormatException.Kind.UNRECOGNIZED_FORMAT);
        });
    }
}
