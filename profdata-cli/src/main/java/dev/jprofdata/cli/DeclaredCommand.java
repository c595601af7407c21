package dev.jprofdata.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A subcommand declared in code ({@link CommandSpecs}): its picocli model, built from
 * {@link #declareOptions} on first use, and the values picocli parsed into it, by option name.
 */
abstract class DeclaredCommand implements Callable<Integer> {
    final CliContext context;
    private final String name;
    private final String description;
    private CommandSpec spec;

    DeclaredCommand(CliContext context, String name, String description) {
        this.context = context;
        this.name = name;
        this.description = description;
    }

    /**
     * The command's model: its positionals and options in declaration order (as the annotated
     * commands listed them, {@code sortOptions = false}), then {@code -h} and {@code -V} (which
     * prints what {@code jprofdata --version} prints, as {@code llvm-profdata show --version} does).
     */
    final CommandSpec spec() {
        if (spec == null) {
            CommandSpec s = CommandSpecs.command(name, this, description);
            // "Usage: jprofdata merge [OPTIONS] <filename...>": the option list follows.
            s.usageMessage().sortOptions(false).abbreviateSynopsis(true);
            declareOptions(s);
            CommandSpecs.addStandardHelpOptions(s);
            s.versionProvider(new VersionProvider());
            spec = s;
        }
        return spec;
    }

    /** Adds the command's positional parameters and options to {@code s}, in help order. */
    abstract void declareOptions(CommandSpec s);

    /** The value of the declared option {@code option} (its initial value when not given). */
    final <T> T value(String option) {
        return spec().findOption(option).getValue();
    }

    final boolean flag(String option) {
        return value(option);
    }

    final String string(String option) {
        return value(option);
    }

    final List<String> strings(String option) {
        return value(option);
    }

    /** The positional arguments (declared with {@link CommandSpecs#positionals}). */
    final List<String> positionals() {
        return spec().positionalParameters().get(0).getValue();
    }
}
