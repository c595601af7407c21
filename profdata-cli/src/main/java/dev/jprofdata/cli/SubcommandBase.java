package dev.jprofdata.cli;

import java.util.concurrent.Callable;

/** Common base of the subcommands: access to the working directory and output streams. */
abstract class SubcommandBase implements Callable<Integer> {
    CliContext context;

    CliContext context() {
        return context;
    }
}
