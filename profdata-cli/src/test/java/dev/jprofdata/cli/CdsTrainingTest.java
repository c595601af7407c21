package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;

/** The CDS training run's commands all still succeed (a failing one would leave the build without an archive). */
class CdsTrainingTest {
    @Test
    void everyTrainingCommandSucceeds() {
        assertThatCode(() -> CdsTraining.main(new String[] {CliRun.fixtures().resolve("profiles").toString()}))
                .doesNotThrowAnyException();
    }

    @Test
    void withoutFixturesOnlyHelpRuns() {
        assertThatCode(() -> CdsTraining.main(new String[] {CliRun.fixtures().resolve("no-such-dir").toString()}))
                .doesNotThrowAnyException();
    }
}
