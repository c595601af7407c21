package dev.jprofdata.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * picocli commands declared in code instead of by annotations, for the commands whose start-up
 * matters (every one of them: the top-level command is built on every run, and help lists all).
 *
 * <p>On Java 17 the first read of each annotation type makes the JDK generate a proxy class for it,
 * and picocli reads dozens of annotations: together about 30 ms of a 0.08 s {@code show}
 * (spec/performance.md, "Start-up"). Specs built here say exactly what the annotations said
 * (labels, arity, order), so help, errors and parsing are unchanged; {@code CommandSpecsTest}
 * compares the help text with the annotated versions'.
 */
final class CommandSpecs {
    private CommandSpecs() {
    }

    /** A command that runs {@code command} (a Runnable or Callable), its options yet to be added. */
    static CommandSpec command(String name, Object command, String description) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
        spec.name(name);
        spec.usageMessage().description(description);
        return spec;
    }

    /**
     * Adds {@code -h/--help} and {@code -V/--version} as picocli's {@code mixinStandardHelpOptions}
     * does (with its descriptions, after the command's own options), without reading its mixin's
     * annotations.
     */
    static void addStandardHelpOptions(CommandSpec spec) {
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
    }

    /**
     * A boolean option that may be given a value ({@code --counts=false}) as LLVM's flags may;
     * {@code field} is the label picocli derived from the annotated field's name. Hidden without a
     * description.
     */
    static OptionSpec.Builder flag(String field, String description, String... names) {
        OptionSpec.Builder b = OptionSpec.builder(names).arity("0..1").fallbackValue("true").type(boolean.class)
                .initialValue(false).paramLabel("<" + field + ">");
        return description == null ? b.hidden(true) : b.description(description);
    }

    /** A flag accepted for compatibility and left out of the help. */
    static OptionSpec.Builder hiddenFlag(String field, String... names) {
        return flag(field, null, names);
    }

    /** An option with one string value, {@code initial} when not given; hidden without a description. */
    static OptionSpec.Builder value(String label, String initial, String description, String... names) {
        OptionSpec.Builder b = OptionSpec.builder(names).type(String.class).initialValue(initial).paramLabel(label);
        return description == null ? b.hidden(true) : b.description(description);
    }

    /** An option that may be given any number of times, one string value each. */
    static OptionSpec.Builder repeated(String label, String description, String... names) {
        return OptionSpec.builder(names).type(List.class).auxiliaryTypes(String.class)
                .initialValue(new ArrayList<String>()).paramLabel(label).description(description);
    }

    /** {@link #repeated}, each value split at commas; help shows {@code label} alone. */
    static OptionSpec.Builder commaList(String label, String description, String... names) {
        return repeated(label, description, names).splitRegex(",").hideParamSyntax(true);
    }

    /**
     * Any number of positional string arguments, shown in help as {@code label} itself (say
     * {@code <base profile> <test profile>}; each command checks the count with LLVM's messages).
     */
    static PositionalParamSpec positionals(String label, String description) {
        return PositionalParamSpec.builder().arity("0..*").type(List.class).auxiliaryTypes(String.class)
                .initialValue(new ArrayList<String>()).paramLabel(label).hideParamSyntax(true).description(description)
                .build();
    }
}
