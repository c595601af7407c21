package dev.jprofdata.cli;

import picocli.CommandLine;

/** Creates command objects and hands each subcommand the shared {@link CliContext}. */
final class ContextFactory implements CommandLine.IFactory {
    private final CliContext context;
    private final CommandLine.IFactory fallback = CommandLine.defaultFactory();

    ContextFactory(CliContext context) {
        this.context = context;
    }

    @Override
    public <K> K create(Class<K> cls) throws Exception {
        K object = fallback.create(cls);
        if (object instanceof SubcommandBase base) {
            base.context = context;
        }
        return object;
    }
}
