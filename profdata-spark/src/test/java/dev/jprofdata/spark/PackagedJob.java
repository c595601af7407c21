package dev.jprofdata.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the package phase of this module wrote, for the integration tests that run after it: the
 * job jar and the class path of Spark's own jars (the provided dependencies, without jprofdata,
 * JUnit or the command line). The build directory comes from failsafe ({@code
 * jprofdata.sparkBuildDir}), so it follows {@code -Djprofdata.buildDir}.
 */
final class PackagedJob {
    private PackagedJob() {
    }

    static Path buildDir() {
        String dir = System.getProperty("jprofdata.sparkBuildDir");
        assertThat(dir).as("jprofdata.sparkBuildDir (set by failsafe in profdata-spark/pom.xml)").isNotNull();
        return Path.of(dir).toAbsolutePath();
    }

    static Path jar() {
        Path jar = buildDir().resolve("profdata-spark.jar");
        assertThat(jar).as("the job jar, written by the package phase").isRegularFile();
        return jar;
    }

    /** Spark's class path: every entry a jar of Spark, Scala, Hadoop and what they use; none of jprofdata. */
    static String sparkClassPath() throws IOException {
        String classPath = Files.readString(buildDir().resolve("spark-classpath.txt"), StandardCharsets.UTF_8).strip();
        assertThat(classPath).contains("spark-core_2.13").doesNotContain("/dev/jprofdata/").doesNotContain("profdata-");
        return classPath;
    }

    /** The repository's checkout (where the launcher lives). */
    static Path root() {
        return Fixtures.root().getParent();
    }
}
