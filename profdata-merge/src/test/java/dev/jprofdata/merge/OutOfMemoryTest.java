package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A merge that runs the heap out names the input it was reading (spec/robustness.md, "Out of
 * memory"), on the calling thread and on worker threads alike. The OutOfMemoryError comes from the
 * remapper, which is called for every record the reader gives.
 */
class OutOfMemoryTest {
    private Path profiles;

    @BeforeEach
    void findFixtures() {
        profiles = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
                .resolve("fixtures/profiles").normalize();
        assumeTrue(Files.isDirectory(profiles), "no fixtures");
    }

    private static MergeOptions options(int threads) {
        return MergeOptions.builder().numThreads(threads).remapper(name -> {
            throw new OutOfMemoryError("Java heap space");
        }).build();
    }

    private MergeInput input(String name) {
        return new MergeInput(profiles.resolve(name), name, 1);
    }

    @Test
    void outOfMemoryWhileReadingNamesTheInput() {
        assertThatThrownBy(() -> new ProfileMerger(options(1)).merge(List.of(input("ir_1.profraw"))))
                .isInstanceOfSatisfying(InputOutOfMemoryError.class, e -> assertThat(e.file()).isEqualTo("ir_1.profraw"))
                .isInstanceOf(OutOfMemoryError.class);
    }

    @Test
    void outOfMemoryOnAWorkerThreadNamesTheInputToo() {
        assertThatThrownBy(() -> new ProfileMerger(options(2)).merge(List.of(input("ir_1.profraw"),
                input("ir_2.profraw"))))
                .isInstanceOfSatisfying(InputOutOfMemoryError.class,
                        e -> assertThat(e.file()).isIn("ir_1.profraw", "ir_2.profraw"));
    }
}
