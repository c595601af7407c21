package dev.jprofdata.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Benchmark inputs made from the repository's real clang-22 fixtures ({@code fixtures/profiles}),
 * replicated in memory: no LLVM tool is needed to run the benchmarks.
 *
 * <p>The fixture directory is found under the system property {@code jprofdata.root} (default: the
 * working directory, as bench/jmh.sh runs from the repository root).
 */
final class Fixtures {
    private Fixtures() {
    }

    static Path dir() {
        Path dir = Path.of(System.getProperty("jprofdata.root", "."), "fixtures", "profiles").toAbsolutePath();
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException(dir + " not found: run from the repository root or set -Djprofdata.root");
        }
        return dir;
    }

    /**
     * The raw files of one kind: {@code ir} = ir_1..ir_6 (IR PGO, {@code -O1 -fprofile-generate},
     * with indirect-call and memop value profiles), {@code fe} = fe_1..fe_4 (front-end coverage,
     * no value profiles). Both raw version 10, the runs of one binary each.
     */
    static List<Path> raw(String kind) {
        int count = switch (kind) {
            case "ir" -> 6;
            case "fe" -> 4;
            default -> throw new IllegalArgumentException("kind must be ir or fe, not " + kind);
        };
        List<Path> files = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            files.add(dir().resolve(kind + "_" + i + ".profraw"));
        }
        return files;
    }

    /**
     * {@code copies} raw profiles of {@code kind}, cycling through its files, concatenated into one
     * raw file image (LLVM reads concatenated raw profiles one after the other). Every copy carries
     * the same names section, as the runs of one binary do.
     */
    static byte[] concatenated(String kind, int copies) {
        try {
            List<byte[]> files = new ArrayList<>();
            for (Path p : raw(kind)) {
                files.add(Files.readAllBytes(p));
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int i = 0; i < copies; i++) {
                out.writeBytes(files.get(i % files.size()));
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
