package dev.jprofdata.format.indexed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The committed test files under {@code src/test/resources/indexed/}: copies of LLVM 22 outputs from
 * the shared reference (profdata/, synth/, out/, versions/, bad/, text/) and {@code merge-text/},
 * which holds {@code llvm-profdata-22 merge --num-threads=1 --text F -o DIR-NAME.proftext} for every
 * readable .profdata file F.
 */
final class TestFiles {
    private TestFiles() {
    }

    static Path root() {
        try {
            return Path.of(TestFiles.class.getResource("/indexed").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Path file(String relative) {
        return root().resolve(relative);
    }

    /** The .profdata files in one directory, sorted by name. */
    static List<Path> profdata(String dir) {
        try (Stream<Path> s = Files.list(root().resolve(dir))) {
            return s.filter(p -> p.getFileName().toString().endsWith(".profdata")).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] bytes(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code contents} written as indexed {@code version} into a file in {@code dir}, read back as bytes. */
    static byte[] written(dev.jprofdata.format.ProfileContents contents, int version, Path dir)
            throws java.io.IOException {
        Path out = java.nio.file.Files.createTempFile(dir, "w", ".profdata");
        IndexedProfileWriter.write(contents, version, out);
        return java.nio.file.Files.readAllBytes(out);
    }
}
