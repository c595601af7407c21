package dev.jprofdata.spark;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jprofdata.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The repository's fixtures, and {@code jprofdata merge} run in-process for comparison. */
final class Fixtures {
    private Fixtures() {
    }

    static Path root() {
        Path root = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().resolve("fixtures")
                .normalize();
        assumeTrue(Files.isDirectory(root.resolve("profiles")), "no fixtures");
        return root;
    }

    /** What a command printed on stderr and stdout, and its exit code. */
    record Run(int exitCode, List<String> stderr, List<String> stdout) {
    }

    /** {@code jprofdata ARGS} in-process. */
    static Run cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.ISO_8859_1);
                PrintStream e = new PrintStream(err, true, StandardCharsets.ISO_8859_1)) {
            rc = Main.run(Path.of("/"), args, o, e);
        }
        return new Run(rc, lines(err), lines(out));
    }

    static List<String> lines(ByteArrayOutputStream bytes) {
        List<String> out = new ArrayList<>();
        for (String line : bytes.toString(StandardCharsets.ISO_8859_1).split("\n")) {
            if (!line.isEmpty()) {
                out.add(line);
            }
        }
        return out;
    }
}
