package dev.jprofdata.format.pcsampling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The repository's {@code fixtures/pc-sampling/} (its README says where each file comes from). */
final class PcFixtures {
    private PcFixtures() {
    }

    static Path dir() {
        return Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().resolve("fixtures/pc-sampling")
                .normalize();
    }

    static Path file(String name) {
        return dir().resolve(name);
    }

    static List<PcSample> csv(String name) throws IOException {
        List<PcSample> out = new ArrayList<>();
        PcSamplingCsvReader.read(file(name), name, out::add);
        return out;
    }

    /** {@code text} written to a new file in {@code dir}. */
    static Path write(Path dir, String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }
}
