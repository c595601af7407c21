package dev.jprofdata.format.sample;

import java.nio.file.Path;

/** Where the sample-profile fixtures and goldens are, for tests of this module. */
final class SampleFixtureFiles {
    private SampleFixtureFiles() {
    }

    static Path root() {
        return Path.of(System.getProperty("jprofdata.root", "..")).resolve("fixtures").toAbsolutePath().normalize();
    }

    static Path profile(String name) {
        return root().resolve("profiles/sample").resolve(name);
    }
}
