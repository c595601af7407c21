package dev.jprofdata.cli;

import dev.jprofdata.format.io.AtomicOutput;
import dev.jprofdata.format.io.OutputFailedException;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileWriters;
import dev.jprofdata.format.sample.SampleWriteException;
import dev.jprofdata.format.sample.SampleWriteOptions;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;

/**
 * Writes a sample profile where a command's {@code -o} says: a file, put in place only when it is
 * complete, or standard output for {@code -}. Problems are reported as llvm-profdata words them.
 */
final class SampleProfileOutput {
    private SampleProfileOutput() {
    }

    static void write(CliContext ctx, SampleProfile profile, SampleWriteOptions options, String output)
            throws IOException {
        AtomicOutput.Producer producer = tmp -> {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp))) {
                SampleProfileWriters.write(profile, options, out);
            }
        };
        try {
            if (output.equals("-")) {
                AtomicOutput.writeThrough(StandardOutput.checked(ctx.out()), producer);
            } else {
                AtomicOutput.write(CommandOutput.target(ctx, output), producer);
            }
        } catch (SampleWriteException e) {
            // "Too much profile data" (the size limit cannot be met) names no file in LLVM.
            throw new CliException(e.problem() == SampleWriteException.Problem.TOO_LARGE ? e.getMessage()
                    : output + ": " + e.getMessage());
        } catch (OutputFailedException e) {
            throw new OutputFailure(output, e);
        }
    }
}
