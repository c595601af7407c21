package dev.jprofdata.cli;

import dev.jprofdata.format.io.AtomicOutput;
import dev.jprofdata.format.io.OutputFailedException;
import dev.jprofdata.format.io.PendingOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where a report ({@code show}, {@code overlap}, {@code order}) goes: standard output for
 * {@code -}, else a file.
 *
 * <p>Text is written as ISO-8859-1 so that profile names, which are carried one byte per char,
 * come out as the original bytes.
 *
 * <p>A file is written as every output is ({@link AtomicOutput}: a temporary file put in place by
 * {@link #commit()}, in place where a rename cannot work); {@link #abandon()} deletes the temporary
 * file, so a failed command leaves an existing output file untouched (llvm-profdata truncates it
 * before reading its input). An existing target that is not a regular file (a device, a named pipe)
 * is written like standard output instead, block by block as the report grows.
 *
 * <p>Standard output copies llvm-profdata's buffering: text reaches the stream in whole 4096-byte
 * blocks ({@link BlockTextWriter}) and whatever is pending when a command fails is dropped, so a
 * failing command prints exactly what llvm-profdata would have printed (nothing, for small outputs).
 *
 * <p>A write that fails (a full disk, a closed pipe) stops the command with {@link OutputFailure},
 * which names the output as the user typed it, or {@code stdout}.
 */
final class CommandOutput implements AutoCloseable {
    static final String STDOUT = "-";

    /** The output in messages: {@code -o}'s value, or {@code stdout}. */
    private final String name;
    /** Standard output, or null. */
    private final PrintStream stdout;
    /** A regular file's temporary file and how it is put in place, or null. */
    private final PendingOutput pending;
    /** The temporary file, or the device written directly; null for standard output. */
    private final OutputStream stream;
    private final BlockTextWriter writer;
    private boolean finished;
    /** Why a write failed, or null: nothing more is written then (a closed pipe would only fail again). */
    private OutputFailure failed;

    private CommandOutput(String name, PrintStream stdout, PendingOutput pending, OutputStream stream) {
        this.name = name;
        this.stdout = stdout;
        this.pending = pending;
        this.stream = stream;
        this.writer = new BlockTextWriter(this::hand);
    }

    /**
     * Opens {@code outputArg} ({@code -} for standard output). Fails like llvm-profdata when the file
     * cannot be created: {@code error: <file>: <reason>}.
     */
    static CommandOutput open(CliContext context, String outputArg) {
        if (outputArg.equals(STDOUT)) {
            return new CommandOutput(OutputFailure.STDOUT, context.out(), null, null);
        }
        Path target = target(context, outputArg);
        try {
            if (AtomicOutput.isDevice(target)) {
                // A device or a pipe (/dev/null, /dev/stdout): a rename would replace the device
                // itself, so it is written like standard output, in whole blocks as they fill.
                return new CommandOutput(outputArg, null, null, Files.newOutputStream(target, StandardOpenOption.WRITE));
            }
            PendingOutput pending = AtomicOutput.begin(target);
            try {
                return new CommandOutput(outputArg, null, pending,
                        Files.newOutputStream(pending.temporary(), StandardOpenOption.WRITE));
            } catch (IOException e) {
                pending.close();
                throw pending.failed(e);
            }
        } catch (IOException e) {
            throw new CliException(outputArg + ": " + OutputFailedException.reasonOf(e));
        }
    }

    /**
     * The file {@code -o outputArg} names. A name ending in {@code /} names a directory, which is
     * no output (Java's paths drop the slash, so it is checked here): llvm-profdata's message.
     */
    static Path target(CliContext context, String outputArg) {
        if (outputArg.endsWith("/")) {
            throw new CliException(outputArg + ": Is a directory");
        }
        return context.resolve(outputArg);
    }

    /** The text sink; chars are written as single bytes (ISO-8859-1). */
    BlockTextWriter writer() {
        return writer;
    }

    /**
     * Hands on the whole blocks written so far, as llvm-profdata's stream would have by now: call it
     * before printing to standard error in the middle of a report, so that the two interleave as
     * they do with llvm-profdata.
     */
    void flushBlocks() {
        writer.drainBlocks();
    }

    /** Makes the output final: the rest goes to stdout, or the file replaces the target. */
    void commit() {
        if (finished) {
            return;
        }
        finished = true;
        try {
            if (failed != null) {
                throw new OutputFailure(failed);
            }
            writer.drainAll();
            if (stdout != null) {
                StandardOutput.check(stdout);
                return;
            }
            stream.close();
            if (pending != null) {
                pending.commit();
            }
        } catch (IOException e) {
            throw failure(e);
        } finally {
            release();
        }
    }

    /** Drops what was not written yet (stdout) or the whole temporary file (file output). */
    void abandon() {
        if (finished) {
            return;
        }
        finished = true;
        if (pending == null && failed == null) {
            // What llvm-profdata's stream had handed on: every whole block; the rest is lost.
            try {
                writer.drainBlocks();
            } catch (OutputFailure e) {
                // The output is gone (a closed pipe): the command fails for its own reason.
            }
        }
        writer.discard();
        release();
    }

    /** Closes the stream (again, if it was closed) and deletes the temporary file unless it was put in place. */
    private void release() {
        if (stream != null) {
            try {
                stream.close();
            } catch (IOException e) {
                // The temporary file is deleted next; a device gets nothing more.
            }
        }
        if (pending != null) {
            pending.close();
        }
    }

    /** Abandons the output unless it was committed. */
    @Override
    public void close() {
        abandon();
    }

    /** Where the writer's blocks go; a failed write stops the command. */
    private void hand(byte[] bytes, int offset, int length) {
        if (failed != null) {
            // The failure is on its way up already; what is written while it unwinds (a JSON
            // generator closing its document) goes nowhere. commit() reports it again.
            return;
        }
        try {
            if (stdout != null) {
                stdout.write(bytes, offset, length);
                StandardOutput.check(stdout);
            } else {
                stream.write(bytes, offset, length);
            }
        } catch (IOException e) {
            failed = failure(e);
            throw failed;
        } catch (OutputFailure e) {
            failed = e;
            throw e;
        }
    }

    /** A failed write or commit as the error naming the output. */
    private OutputFailure failure(IOException e) {
        return new OutputFailure(name, pending != null ? pending.failed(e) : e);
    }
}
