package dev.jprofdata.format.offload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The committed {@code fixtures/offload/} files are exactly the generator's output. */
class OffloadFixturesTest {

    static Path dir() {
        return Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().resolve("fixtures/offload")
                .normalize();
    }

    @Test
    void committedFixturesMatchTheGenerator() throws IOException {
        Path dir = dir();
        boolean regen = Boolean.getBoolean("jprofdata.regenOffload");
        if (regen) {
            Files.createDirectories(dir);
        }
        Assumptions.assumeTrue(Files.isDirectory(dir), "fixtures/offload absent");
        for (Map.Entry<String, DeviceProfileGenerator> e : OffloadFixtures.all().entrySet()) {
            String name = e.getKey();
            Path raw = dir.resolve(name);
            Path side = UnifcntsFile.sidePathFor(raw);
            boolean withSide = !name.equals(OffloadFixtures.NO_SIDE_FILE);
            if (regen) {
                Files.write(raw, e.getValue().profraw());
                if (withSide) {
                    Files.write(side, e.getValue().unifcnts());
                }
            }
            assertThat(Files.readAllBytes(raw)).as(name).isEqualTo(e.getValue().profraw());
            if (withSide) {
                assertThat(Files.readAllBytes(side)).as(side.toString()).isEqualTo(e.getValue().unifcnts());
            } else {
                assertThat(side).doesNotExist();
            }
        }
        Path embedded = dir.resolve(OffloadFixtures.EMBEDDED_DIR);
        if (regen) {
            Files.createDirectories(embedded);
        }
        for (Map.Entry<String, EmbeddedProfileGenerator> e : OffloadFixtures.embedded().entrySet()) {
            Path raw = embedded.resolve(e.getKey());
            if (regen) {
                Files.write(raw, e.getValue().profraw());
            }
            assertThat(Files.readAllBytes(raw)).as(e.getKey()).isEqualTo(e.getValue().profraw());
        }
    }
}
