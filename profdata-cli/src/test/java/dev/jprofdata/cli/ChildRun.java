package dev.jprofdata.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * jprofdata in a process of its own, for what only a real process shows: signals, pipes whose
 * reader goes away, standard output on {@code /dev/full}, processes writing at the same time.
 */
final class ChildRun {
    private ChildRun() {
    }

    /** The command line running {@code Main} with {@code args} on the test class path. */
    static List<String> command(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                "dev.jprofdata.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** A process for {@code args} in {@code dir}. */
    static ProcessBuilder builder(Path dir, String... args) {
        return new ProcessBuilder(command(args)).directory(dir.toFile());
    }

    /** A text profile of {@code functions} functions whose full show is large (about 50 bytes a function). */
    static Path bigTextProfile(Path file, int functions) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1)) {
            w.write(":ir\n");
            for (int i = 0; i < functions; i++) {
                w.write("function_" + i + "\n" + (i * 7919L + 1) + "\n4\n1\n2\n3\n" + (i + 1) + "\n\n");
            }
        }
        return file;
    }
}
