package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jprofdata completion bash|zsh}: the script loads in the shell and completes subcommands
 * and options (shown ones only), as the README's installing section says.
 */
class CompletionTest {
    @TempDir
    Path dir;
    Path script;

    @BeforeEach
    void writeScript() throws IOException {
        CliRun bash = CliRun.run(dir, "completion", "bash");
        assertThat(bash.exitCode()).isZero();
        assertThat(CliRun.run(dir, "completion", "zsh").stdout()).isEqualTo(bash.stdout());
        assertThat(CliRun.run(dir, "completion").stdout()).isEqualTo(bash.stdout());
        script = Files.writeString(dir.resolve("jprofdata_completion"), bash.stdout());
    }

    /** What the completion function offers for the words typed so far (the last one being completed). */
    private List<String> complete(String... words) throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
        StringBuilder array = new StringBuilder();
        for (String w : words) {
            array.append(" '").append(w).append('\'');
        }
        String program = "source '" + script + "' || exit 9\n"
                + "COMP_WORDS=(" + array + ")\nCOMP_CWORD=" + (words.length - 1) + "\n"
                + "COMP_LINE=\"${COMP_WORDS[*]}\"\nCOMP_POINT=${#COMP_LINE}\n"
                + "complete -p jprofdata >/dev/null || exit 8\n"
                + "_complete_jprofdata 2>/dev/null\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
        return run(List.of("/bin/bash", "--norc", "-c", program));
    }

    private List<String> run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().filter(l -> !l.isEmpty()).toList();
    }

    @Test
    void bashCompletesSubcommands() throws Exception {
        assertThat(complete("jprofdata", "me")).containsExactly("merge");
        assertThat(complete("jprofdata", "o")).containsExactlyInAnyOrder("overlap", "order");
        assertThat(complete("jprofdata", "")).contains("merge", "show", "overlap", "order", "help", "completion");
    }

    @Test
    void bashCompletesShownOptionsOnly() throws Exception {
        assertThat(complete("jprofdata", "merge", "--outp")).containsExactlyInAnyOrder("--output", "--output-size-limit");
        assertThat(complete("jprofdata", "show", "--all-f")).containsExactly("--all-functions");
        assertThat(complete("jprofdata", "merge", "--keep-v")).containsExactly("--keep-vtable-symbols");
        // hidden: accepted for llvm-profdata command lines, not offered
        assertThat(complete("jprofdata", "merge", "--gc")).isEmpty();
        assertThat(complete("jprofdata", "merge", "--profile-summary")).isEmpty();
    }

    @Test
    void zshLoadsTheScript() throws Exception {
        Path zsh = Stream.of("/usr/bin/zsh", "/bin/zsh").map(Path::of).filter(Files::isExecutable).findFirst()
                .orElse(null);
        assumeTrue(zsh != null, "no zsh");
        assertThat(run(List.of(zsh.toString(), "-f", "-c", "source '" + script + "' && whence -w _complete_jprofdata")))
                .contains("_complete_jprofdata: function");
    }

    @Test
    void otherShellsAreRefused() {
        CliRun fish = CliRun.run(dir, "completion", "fish");
        assertThat(fish.exitCode()).isEqualTo(1);
        assertThat(fish.stdout()).isEmpty();
        assertThat(fish.stderr()).isEqualTo("jprofdata: completion: give bash or zsh, not fish\n");
    }
}
