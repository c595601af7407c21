package dev.jprofdata.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs a real, offline Maven build of a small sample project that uses the plugin: its profiles are
 * merged by goal {@code merge} (compared byte for byte with llvm-profdata 22's merge of the same
 * files), and goal {@code check} fails the build when the overlap with a reference is too low.
 *
 * <p>The plugin and the jprofdata modules it needs are installed into a temporary local repository
 * (jars built from this build's class directories); everything else comes from the user's local
 * repository, chained read-only behind it ({@code maven.repo.local.tail}, Maven 3.9+), so the
 * user's repository is never written.
 */
class PluginIntegrationTest {
    private static final String VERSION = "0.1.0-SNAPSHOT";

    @TempDir
    Path work;

    private Path root;
    private Path repo;
    private Path sample;

    @BeforeEach
    void setUp() throws IOException {
        root = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().normalize();
        Path userRepo = Path.of(System.getProperty("user.home"), ".m2", "repository");
        assumeTrue(Files.isRegularFile(root.resolve("mvnw")), "no mvnw");
        assumeTrue(Files.isDirectory(userRepo), "no local Maven repository");
        assumeTrue(Files.isDirectory(root.resolve("fixtures/profiles")), "no fixtures");
        repo = work.resolve("repo");
        install("jprofdata-parent", root.resolve("pom.xml"), null);
        install("profdata-format", root.resolve("profdata-format/pom.xml"), classesOf("profdata-format"));
        install("profdata-merge", root.resolve("profdata-merge/pom.xml"), classesOf("profdata-merge"));
        install("profdata-maven-plugin", root.resolve("profdata-maven-plugin/pom.xml"),
                classesOf("profdata-maven-plugin"));
        sample = work.resolve("sample");
        Files.createDirectories(sample.resolve("profiles/nested"));
        Files.createDirectories(sample.resolve("reference"));
        Path profiles = root.resolve("fixtures/profiles");
        Files.copy(profiles.resolve("ir_1.profraw"), sample.resolve("profiles/ir_1.profraw"));
        Files.copy(profiles.resolve("ir_2.profraw"), sample.resolve("profiles/nested/ir_2.profraw"));
        Files.writeString(sample.resolve("profiles/notes.txt"), "not a profile: not matched by the include glob\n");
        Files.copy(profiles.resolve("ir.profdata"), sample.resolve("reference/good.profdata"));
        Files.copy(profiles.resolve("fe.profdata"), sample.resolve("reference/unrelated.profdata"));
        Files.writeString(sample.resolve("pom.xml"), SAMPLE_POM);
    }

    private static final String SAMPLE_POM = """
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>sample</groupId>
              <artifactId>sample</artifactId>
              <version>1</version>
              <packaging>pom</packaging>
              <build>
                <plugins>
                  <plugin>
                    <groupId>dev.jprofdata</groupId>
                    <artifactId>profdata-maven-plugin</artifactId>
                    <version>0.1.0-SNAPSHOT</version>
                    <executions>
                      <execution>
                        <id>merge-profiles</id>
                        <phase>validate</phase>
                        <goals><goal>merge</goal></goals>
                        <configuration>
                          <inputDirectories><inputDirectory>profiles</inputDirectory></inputDirectories>
                          <numThreads>1</numThreads>
                        </configuration>
                      </execution>
                      <execution>
                        <id>check-overlap</id>
                        <phase>validate</phase>
                        <goals><goal>check</goal></goals>
                        <configuration>
                          <reference>${reference}</reference>
                          <minOverlap>${minOverlap}</minOverlap>
                        </configuration>
                      </execution>
                    </executions>
                  </plugin>
                </plugins>
              </build>
            </project>
            """;

    /**
     * The class directory of a reactor module from this test's class path, or its freshly packaged
     * jar (after the package phase, as in {@code mvnw verify}, Maven hands dependents the jar).
     */
    private static Path classesOf(String module) {
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry);
            boolean inModuleBuildDir = p.getParent() != null && p.getParent().getParent() != null
                    && p.getParent().getParent().getFileName().toString().equals(module);
            boolean classes = Files.isDirectory(p) && p.getFileName().toString().equals("classes");
            boolean jar = Files.isRegularFile(p) && p.getFileName().toString().equals(module + "-" + VERSION + ".jar");
            if (inModuleBuildDir && (classes || jar)) {
                return p;
            }
        }
        // Run from an installed jar or an IDE layout: not supported by this test.
        assumeTrue(false, "no class directory of " + module + " on the class path");
        return null;
    }

    private void install(String artifactId, Path pom, Path classes) throws IOException {
        Path dir = repo.resolve("dev/jprofdata").resolve(artifactId).resolve(VERSION);
        Files.createDirectories(dir);
        Files.copy(pom, dir.resolve(artifactId + "-" + VERSION + ".pom"));
        if (classes != null && Files.isRegularFile(classes)) {
            Files.copy(classes, dir.resolve(artifactId + "-" + VERSION + ".jar"));
        } else if (classes != null) {
            jar(classes, dir.resolve(artifactId + "-" + VERSION + ".jar"));
        }
    }

    private static void jar(Path classes, Path target) throws IOException {
        try (OutputStream out = Files.newOutputStream(target); JarOutputStream jar = new JarOutputStream(out);
                Stream<Path> files = Files.walk(classes)) {
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                jar.putNextEntry(new JarEntry(classes.relativize(p).toString().replace(File.separatorChar, '/')));
                Files.copy(p, jar);
                jar.closeEntry();
            }
        }
    }

    private record Build(int exitCode, String output) {
    }

    private Build mvn(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(root.resolve("mvnw").toString(), "-o", "-B",
                "-Dmaven.repo.local=" + repo,
                "-Dmaven.repo.local.tail=" + Path.of(System.getProperty("user.home"), ".m2", "repository")));
        command.addAll(List.of(args));
        Path log = work.resolve("build.log");
        Process p = new ProcessBuilder(command).directory(sample.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("Maven build timed out");
        }
        return new Build(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    @Test
    void sampleProjectMergesItsProfilesAndFailsOnABadOverlap() throws Exception {
        Build good = mvn("-Dreference=reference/good.profdata", "-DminOverlap=50", "validate");
        assertThat(good.exitCode()).as(good.output()).isZero();
        assertThat(good.output()).contains("jprofdata: merged 2 profile(s)", "jprofdata: edge overlap with good.profdata");
        // llvm-profdata 22: merge -o out/merge_binary_flag.profdata ir_1.profraw ir_2.profraw
        assertThat(Files.readAllBytes(sample.resolve("target/jprofdata/merged.profdata")))
                .isEqualTo(Files.readAllBytes(root.resolve("fixtures/golden/out/merge_binary_flag.profdata")));

        Build bad = mvn("-Dreference=reference/unrelated.profdata", "-DminOverlap=99.5", "validate");
        assertThat(bad.exitCode()).as(bad.output()).isNotZero();
        assertThat(bad.output()).contains("BUILD FAILURE", "below the minimum of 99.500%");
    }
}
