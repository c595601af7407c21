package dev.jprofdata.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Run by the build (antrun, package phase), not by users: the training run of the class-data-sharing
 * archive. The build starts it from the finished jar with {@code -XX:DumpLoadedClassList}; every
 * class it loads (the JDK's too) is listed, and a static dump ({@code -Xshare:dump}) of that list
 * makes the archive, which the {@code jprofdata} launcher then maps at start-up
 * ({@code -XX:SharedArchiveFile}) instead of loading and verifying those classes again.
 *
 * <p>So it runs, in one JVM and with all output discarded, the commands users start most: {@code show}
 * in its common forms (and as JSON), {@code merge} of raw profiles to indexed and text, {@code overlap},
 * {@code order} and {@code pc-sampling report}, on the repository's small fixtures. Argument: the {@code fixtures/profiles}
 * directory; when it is missing only {@code --help} runs (the archive is smaller but still valid).
 */
public final class CdsTraining {
    private CdsTraining() {
    }

    public static void main(String[] args) throws IOException {
        Main.skipUnusedConverters(); // as jprofdata itself starts: the archive holds what it loads
        Path profiles = Path.of(args.length > 0 ? args[0] : "fixtures/profiles").toAbsolutePath();
        PrintStream sink = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.ISO_8859_1);
        Path work = Files.createTempDirectory("jprofdata-cds");
        try {
            run(work, sink, "--help");
            if (Files.isDirectory(profiles)) {
                train(profiles, work, sink);
            }
        } finally {
            deleteTree(work);
        }
    }

    private static void train(Path p, Path work, PrintStream sink) {
        String indexed = p.resolve("ir.profdata").toString();
        String raw1 = p.resolve("ir_1.profraw").toString();
        String raw2 = p.resolve("ir_2.profraw").toString();
        String out = work.resolve("out.profdata").toString();
        run(work, sink, "show", indexed);
        run(work, sink, "show", "--all-functions", "--counts", indexed);
        run(work, sink, "show", "--all-functions", "--counts", "--ic-targets", "--memop-sizes", indexed);
        run(work, sink, "show", "--detailed-summary", "--topn=3", indexed);
        run(work, sink, "show", "--all-functions", "--counts", raw1);
        run(work, sink, "show", "--text", indexed);
        run(work, sink, "merge", "-o", out, raw1, raw2);
        run(work, sink, "merge", "--text", "-o", work.resolve("out.proftext").toString(), raw1, "--weighted-input=2," + raw2);
        run(work, sink, "show", "--all-functions", "--counts", work.resolve("out.proftext").toString());
        run(work, sink, "overlap", indexed, out);
        run(work, sink, "show", "--show-format=json", indexed);
        run(work, sink, "order", p.resolve("temporal.profdata").toString());
        // GPU PC sampling: a results JSON (Jackson and the sample scanner), symbolized from its code
        // object's DWARF, as text and JSON.
        Path pc = p.resolveSibling("pc-sampling");
        Path results = pc.resolve("generated/gfx950_stochastic_results.json");
        if (Files.isRegularFile(results)) {
            String co = "1=" + pc.resolve("code-objects/kernels.gfx950.O2.dwarf5.co");
            run(work, sink, "pc-sampling", "report", "--code-object", co, results.toString());
            run(work, sink, "pc-sampling", "report", "--show-format=json", results.toString());
        }
    }

    /** Runs one command; a failing one means the training list is out of date (CdsTrainingTest). */
    private static void run(Path work, PrintStream sink, String... args) {
        int rc = Main.run(work, args, sink, sink);
        if (rc != 0) {
            throw new IllegalStateException("training command failed (exit " + rc + "): " + String.join(" ", args));
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            List<Path> all = s.sorted(Comparator.reverseOrder()).toList();
            for (Path f : all) {
                Files.deleteIfExists(f);
            }
        }
    }
}
