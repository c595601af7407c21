package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.indexed.IndexedVersions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The man page, completion script and build info the build derives from the picocli model. */
class BuildArtifactsTest {
    @TempDir
    Path dir;

    @Test
    void writesManPageCompletionAndCommit() throws Exception {
        Path classes = dir.resolve("classes");
        BuildArtifacts.main(new String[] {dir.toString(), classes.toString(), dir.toString()});
        String man = Files.readString(dir.resolve("jprofdata.1"), StandardCharsets.UTF_8);
        assertThat(man).startsWith(".TH JPROFDATA 1");
        for (String sub : new String[] {"merge", "show", "overlap", "order"}) {
            assertThat(man).contains(".SS " + sub + "\n");
        }
        assertThat(man).contains("\\fB--num-test-traces\\fR=\\fI<uint>\\fR", "\\fB--show-format\\fR");
        // hidden options stay out of the page
        assertThat(man).doesNotContain("--generate-merged-base-profiles");
        assertThat(man).doesNotContain("--max-debug-info-correlation-warnings");
        String completion = Files.readString(dir.resolve("jprofdata_completion"), StandardCharsets.UTF_8);
        assertThat(completion).contains("complete -F", "--num-test-traces", "--show-format");
        // dir is not a git work tree: the commit is "unknown" rather than a failed build
        assertThat(Files.readString(classes.resolve("dev/jprofdata/cli/build-info.properties")))
                .isEqualTo("commit=unknown\n");
    }

    /**
     * --version says what is really read and written (it said indexed v1-v13 and writes v13 while
     * jprofdata read v1-v15 and wrote v7-v15), and that zstd is native code.
     */
    @Test
    void versionNamesCommitAndWhatIsReallyReadAndWritten() throws IOException {
        CliRun run = CliRun.run(dir, "--version");
        assertThat(run.exitCode()).isZero();
        String v = run.stdout();
        assertThat(v).contains("(commit ", "indexed profiles v1-v" + IndexedVersions.MAX,
                "writes: indexed profiles v" + IndexedVersions.MIN_WRITABLE + "-v" + IndexedVersions.MAX,
                "default v" + IndexedVersions.NEWEST_UPSTREAM, "text profiles", "gzip or zstd", "zstd-jni's native");
        // The newest version read is one written, and both ends of the written range are accepted.
        for (int version : new int[] {IndexedVersions.MIN_WRITABLE, IndexedVersions.MAX}) {
            Path out = dir.resolve("v" + version + ".profdata");
            assertThat(CliRun.run(dir, "merge", "--index-version=" + version, "-o", out.toString(),
                    CliRun.fixtures().resolve("profiles/ir_1.profraw").toString()).exitCode()).isZero();
            assertThat(CliRun.run(dir, "show", "--profile-version", out.toString()).stdout())
                    .contains("Profile version: " + version);
        }
        assertThat(CliRun.run(dir, "merge", "--index-version=" + (IndexedVersions.MIN_WRITABLE - 1), "-o",
                dir.resolve("old.profdata").toString(), CliRun.fixtures().resolve("profiles/ir_1.profraw").toString())
                .exitCode()).isEqualTo(1);
        // Every raw version among the fixtures (clang 10 to 22, the offload fork) is one --version names.
        Matcher raw = Pattern.compile("raw profiles v(\\d+) and v(\\d+)-v(\\d+) ").matcher(v);
        assertThat(raw.find()).as(v).isTrue();
        Set<Integer> named = new TreeSet<>(List.of(Integer.parseInt(raw.group(1))));
        for (int k = Integer.parseInt(raw.group(2)); k <= Integer.parseInt(raw.group(3)); k++) {
            named.add(k);
        }
        Set<Integer> found = new TreeSet<>();
        try (Stream<Path> files = Files.walk(CliRun.fixtures())) {
            for (Path p : files.filter(p -> p.toString().endsWith(".profraw") && !p.toString().contains("/bad/"))
                    .toList()) {
                byte[] head = Arrays.copyOf(Files.readAllBytes(p), 16);
                ByteBuffer b = ByteBuffer.wrap(head).order((head[0] & 0xFF) == 0x81 ? ByteOrder.LITTLE_ENDIAN
                        : ByteOrder.BIG_ENDIAN);
                long magic = b.getLong(0); // 64-bit or 32-bit raw profile, read in its own byte order
                if (magic == 0xff6c70726f667281L || magic == 0xff6c70726f665281L) {
                    found.add((int) b.getLong(8));
                }
            }
        }
        assertThat(found).as("raw versions of the fixtures").isNotEmpty();
        assertThat(named).containsAll(found).containsAll(List.of(5, 12));
    }
}
