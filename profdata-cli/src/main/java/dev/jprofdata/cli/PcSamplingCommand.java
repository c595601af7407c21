package dev.jprofdata.cli;

import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jprofdata pc-sampling}: the AMD GPU PC-sampling commands (spec/pc-sampling.md): the
 * subcommands {@code report} and {@code export}; run alone it says so.
 */
final class PcSamplingCommand extends DeclaredCommand {
    PcSamplingCommand(CliContext context) {
        super(context, "pc-sampling", "Analyse AMD GPU PC samples (rocprofv3, MI300/MI350): run"
                + " 'jprofdata pc-sampling report FILES...' or 'jprofdata pc-sampling export -o OUT FILES...'.");
    }

    @Override
    void declareOptions(CommandSpec s) {
        // Only the subcommand.
    }

    @Override
    public Integer call() {
        throw new CliException("pc-sampling: missing subcommand: report or export (jprofdata pc-sampling report --help)");
    }
}
