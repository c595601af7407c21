package dev.jprofdata.cli;

import picocli.CommandLine.Command;

/** Placeholder until the real command lands. */
@Command(name = "overlap", description = "placeholder")
final class OverlapCommand extends SubcommandBase {
    @Override
    public Integer call() {
        throw new CliException("overlap is not available yet");
    }
}
