package dev.jprofdata.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;

/**
 * Run by the build (antrun, prepare-package), not by users: writes the files derived
 * from the picocli model and the source tree, so they can never drift from the code:
 *
 * <ul>
 *   <li>{@code <classes>/dev/jprofdata/cli/build-info.properties}: the git commit, for {@code --version};
 *   <li>{@code <out>/jprofdata_completion}: bash (and zsh via bashcompinit) completion;
 *   <li>{@code <out>/jprofdata.1}: the man page;
 *   <li>{@code <out>/jvm/*.args}: the JVM options of each case of {@link JvmTuning}, which the
 *       {@code jprofdata} launcher passes to {@code java} as an argument file.
 * </ul>
 *
 * <p>Arguments: {@code <source dir> <classes dir> <output dir>}. A missing git (a source tarball)
 * gives commit {@code unknown} instead of failing the build.
 */
public final class BuildArtifacts {
    private BuildArtifacts() {
    }

    public static void main(String[] args) throws IOException {
        Path source = Path.of(args[0]);
        Path classes = Path.of(args[1]);
        Path out = Path.of(args[2]);
        Files.createDirectories(out);
        Path info = classes.resolve("dev/jprofdata/cli/build-info.properties");
        Files.createDirectories(info.getParent());
        Files.writeString(info, "commit=" + gitCommit(source) + "\n", StandardCharsets.UTF_8);
        CommandLine cl = Main.commandLine(new CliContext(Path.of(""), System.out, System.err), "");
        Files.writeString(out.resolve("jprofdata_completion"), CompletionCommand.script(cl), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("jprofdata.1"), ManPage.render(cl), StandardCharsets.UTF_8);
        JvmTuning.writeArgumentFiles(out.resolve("jvm"));
    }

    private static String gitCommit(Path dir) {
        try {
            Process p = new ProcessBuilder("git", "describe", "--always", "--dirty", "--abbrev=12")
                    .directory(dir.toFile()).redirectErrorStream(true).start();
            String text;
            try (InputStream in = p.getInputStream()) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0 || text.isEmpty() || text.contains("\n")) {
                return "unknown";
            }
            return text;
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
