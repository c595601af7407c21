package dev.jprofdata.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jprofdata completion bash|zsh}: prints the shell completion script of every command and
 * option, generated from the commands' declarations by picocli (so it never lists an option that
 * does not exist). One script serves both shells: in zsh it switches on zsh's bash-completion
 * emulation ({@code bashcompinit}) itself. The build writes the same script to
 * {@code profdata-cli/target/jprofdata_completion}.
 */
final class CompletionCommand implements Callable<Integer> {
    private static final List<String> SHELLS = List.of("bash", "zsh");

    private final CliContext context;
    private CommandSpec spec;

    CompletionCommand(CliContext context) {
        this.context = context;
    }

    CommandSpec spec() {
        if (spec == null) {
            CommandSpec s = CommandSpecs.command("completion", this,
                    "Print the completion script for bash or zsh (README, \"Installing\").");
            s.usageMessage().abbreviateSynopsis(true);
            s.addPositional(CommandSpecs.positionals("bash|zsh", "The shell (default bash; the script serves both)."));
            CommandSpecs.addStandardHelpOptions(s);
            s.versionProvider(new VersionProvider());
            spec = s;
        }
        return spec;
    }

    /** The script for the whole command line {@code top}. */
    static String script(CommandLine top) {
        return AutoComplete.bash("jprofdata", top);
    }

    @Override
    public Integer call() {
        List<String> shells = spec.positionalParameters().get(0).getValue();
        if (shells.size() > 1 || (shells.size() == 1 && !SHELLS.contains(shells.get(0)))) {
            throw new CliException("jprofdata: completion: give bash or zsh, not " + String.join(" ", shells), false);
        }
        context.out().print(script(spec.parent().commandLine()));
        return 0;
    }
}
