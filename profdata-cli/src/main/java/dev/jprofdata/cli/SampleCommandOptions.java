package dev.jprofdata.cli;

import dev.jprofdata.format.sample.SampleReadOptions;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The options that change how {@code show} and {@code overlap} read sample profiles. llvm-profdata
 * takes them on every command (they are LLVM's process-wide reader options).
 */
final class SampleCommandOptions {
    /** LLVM's value names, case-sensitive like its option parser. */
    private static final List<String> PASSES = List.of("Base", "Pass1", "Pass2", "Pass3", "PassLast");

    private SampleCommandOptions() {
    }

    static void declareReading(CommandSpec s) {
        s.addOption(CommandSpecs.flag("profileIsFs", "Sample profiles: text and binary inputs use flow-sensitive"
                + " discriminators.", "--profile-isfs").build());
        s.addOption(CommandSpecs.value("Base|Pass1|Pass2|Pass3|PassLast", "PassLast", "Sample profiles with"
                + " flow-sensitive discriminators: keep the discriminator bits of passes up to this one.",
                "--fs-discriminator-pass").build());
        s.addOption(CommandSpecs.flag("profileSummaryContextless", "Sample profiles (CSSPGO): with =false the"
                + " summary of a text or GCC profile counts every calling context as a function (by default"
                + " contexts are merged by function first).", "--profile-summary-contextless").build());
    }

    /**
     * Whether a summary computed from a CSSPGO profile counts each context as a function: only
     * when {@code --profile-summary-contextless=false} is given, as in LLVM.
     */
    static boolean perContextSummary(DeclaredCommand command) {
        OptionSpec o = command.spec().findOption("--profile-summary-contextless");
        return !o.originalStringValues().isEmpty() && !command.flag("--profile-summary-contextless");
    }

    /** The reader options the command line asks for, checked with LLVM's wording. */
    static SampleReadOptions readOptions(DeclaredCommand command) {
        String pass = command.string("--fs-discriminator-pass");
        if (!PASSES.contains(pass)) {
            throw new CliException("jprofdata: for the --fs-discriminator-pass option: Cannot find option named '"
                    + pass + "'!", false);
        }
        return new SampleReadOptions(command.flag("--profile-isfs"), SampleReadOptions.maskForPass(pass));
    }
}
