package dev.jprofdata.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jprofdata help [COMMAND]}: the help of one command, as {@code jprofdata COMMAND --help}
 * prints it, or the list of commands. Declared in code like the others (picocli's own
 * {@code HelpCommand} is read from annotations, which costs start-up; see {@link CommandSpecs}).
 */
final class HelpCommand implements Callable<Integer> {
    private final CliContext context;
    private CommandSpec spec;

    HelpCommand(CliContext context) {
        this.context = context;
    }

    CommandSpec spec() {
        if (spec == null) {
            CommandSpec s = CommandSpecs.command("help", this, "Show the options of a command (jprofdata help merge).");
            s.helpCommand(true);
            s.usageMessage().abbreviateSynopsis(true);
            s.addPositional(CommandSpecs.positionals("<command>", "The command (none: the list of commands)."));
            CommandSpecs.addStandardHelpOptions(s);
            s.versionProvider(new VersionProvider());
            spec = s;
        }
        return spec;
    }

    @Override
    public Integer call() {
        List<String> names = spec.positionalParameters().get(0).getValue();
        CommandLine top = spec.parent().commandLine();
        if (names.isEmpty()) {
            top.usage(top.getOut());
            return 0;
        }
        if (names.size() > 1) {
            throw new CliException("jprofdata: Too many positional arguments specified!\n"
                    + "Can specify at most 1 positional arguments: See: jprofdata help --help", false);
        }
        CommandLine sub = top.getSubcommands().get(names.get(0));
        if (sub == null) {
            context.err().println(LlvmStyleParameterErrors.unknownSubcommand(top.getCommandSpec(), names.get(0)));
            return 1;
        }
        sub.usage(sub.getOut());
        return 0;
    }
}
