package dev.jprofdata.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Help.Ansi.IStyle;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Help.IParamLabelRenderer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * How help is printed: a flag is shown as {@code --counts}, not {@code --counts[=<counts>]}.
 *
 * <p>Flags take an optional value ({@code --counts=false}) as LLVM's do, so picocli would print
 * that value's label with every flag in the synopsis and the option list; nobody needs to type it,
 * and it buried the options that do take a value. The label is still the flag's own for parsing
 * and for error messages ({@code option '--counts' (<counts>) should be specified only once}).
 */
final class HelpLayout {
    private HelpLayout() {
    }

    /**
     * Applies the layout to {@code root} and every subcommand it has now. (A class rather than a
     * lambda: every run sets it, and a lambda is spun at run time, which costs start-up.)
     */
    static void apply(CommandLine root) {
        root.setHelpFactory(new Factory());
    }

    private static final class Factory implements CommandLine.IHelpFactory {
        @Override
        public Help create(CommandSpec spec, Help.ColorScheme colors) {
            return new Help(spec, colors) {
                @Override
                public IParamLabelRenderer parameterLabelRenderer() {
                    return new FlagsWithoutValue(super.parameterLabelRenderer());
                }
            };
        }
    }

    /** picocli's labels, except none for boolean options. */
    private static final class FlagsWithoutValue implements IParamLabelRenderer {
        private final IParamLabelRenderer standard;

        FlagsWithoutValue(IParamLabelRenderer standard) {
            this.standard = standard;
        }

        @Override
        public Text renderParameterLabel(ArgSpec arg, Ansi ansi, List<IStyle> styles) {
            if (arg.isOption() && arg.typeInfo().isBoolean()) {
                return ansi.new Text(0);
            }
            return standard.renderParameterLabel(arg, ansi, styles);
        }

        @Override
        public String separator() {
            return standard.separator();
        }
    }
}
