package dev.jprofdata.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** One jprofdata command line run in-process: what it printed and its exit code. */
record CliRun(String stdout, String stderr, int exitCode) {

    /** The repository's {@code fixtures/} directory. */
    static Path fixtures() {
        return Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().resolve("fixtures").normalize();
    }

    /** Runs with {@code cwd} as working directory and empty standard input. */
    static CliRun run(Path cwd, String... args) {
        return runWithInput(cwd, new byte[0], args);
    }

    static CliRun runWithInput(Path cwd, byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        InputStream savedIn = System.in;
        System.setIn(new ByteArrayInputStream(stdin));
        int rc;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.ISO_8859_1);
                PrintStream e = new PrintStream(err, true, StandardCharsets.ISO_8859_1)) {
            rc = Main.run(cwd, args, o, e);
        } finally {
            System.setIn(savedIn);
        }
        return new CliRun(out.toString(StandardCharsets.ISO_8859_1), err.toString(StandardCharsets.ISO_8859_1), rc);
    }
}
