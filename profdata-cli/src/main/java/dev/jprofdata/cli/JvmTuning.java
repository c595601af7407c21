package dev.jprofdata.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The JVM options jprofdata runs with, per command and kind of input: the one table of them, each
 * option with the measurement that chose it (bench/RESULTS.md, spec/performance.md "Start-up" and
 * "Peak memory").
 *
 * <p>The build writes every case into an argument file for {@code java @file}
 * ({@link #writeArgumentFiles}, into {@code profdata-cli/target/jvm/}). The {@code jprofdata}
 * launcher script picks the case from the command line with the rules of {@link #choose} and runs
 * {@code java @target/jvm/CASE.args}; it names no JVM option itself. {@code java -jar} starts with
 * the JVM's defaults, and {@link Relaunch} restarts a big run with its case's options.
 *
 * <p>Each case also comes in two variants for users who choose for themselves ({@code JAVA_OPTS},
 * {@code JDK_JAVA_OPTIONS}, {@code JAVA_TOOL_OPTIONS}): {@code CASE.own-heap.args} without the heap
 * sizes (an {@code -Xmx} below the table's {@code -Xms} would stop the JVM), and
 * {@code CASE.own-gc.args} without the collector and its heap sizes (a second collector is an
 * error, and the sizes were measured for the table's collector). Every other option the user gives
 * comes after the table's, and the JVM takes the last one given.
 */
final class JvmTuning {
    private JvmTuning() {
    }

    /** Set by every argument file to the case's name: this JVM was started with the tuned options. */
    static final String MARKER = "jprofdata.jvm";

    /** show, overlap and order whose file arguments total less than this are small. */
    static final long SMALL_INPUT_BYTES = 16L << 20;
    /** From this total size of its input files on, a merge of indexed profiles is {@link Case#MERGE_INDEXED_BIG}. */
    static final long BIG_INDEXED_MERGE_BYTES = 128L << 20;

    /** What an option is about, which decides whether a user's own options replace it. */
    enum Kind {
        /** The garbage collector: left out when the user chose one. */
        COLLECTOR,
        /** Heap sizes, measured for the collector: left out when the user sized the heap or chose a collector. */
        HEAP,
        /** Everything else: always given (the user's own come later and win). */
        OTHER
    }

    /** One JVM option and why it is there. */
    record Option(Kind kind, String text, String why) {
    }

    /** Variants of a case's argument file, by what the user chose for themselves. */
    enum Variant {
        ALL(""), OWN_HEAP(".own-heap"), OWN_GC(".own-gc");

        final String suffix;

        Variant(String suffix) {
            this.suffix = suffix;
        }

        boolean keeps(Option o) {
            return switch (this) {
                case ALL -> true;
                case OWN_HEAP -> o.kind() != Kind.HEAP;
                case OWN_GC -> o.kind() == Kind.OTHER;
            };
        }
    }

    private static final String SERIAL_WHY = "The serial collector: one thread, the least memory and start-up of"
            + " HotSpot's collectors, for a tool that keeps little or runs briefly.";

    /** Options of every case. */
    static final List<Option> COMMON = List.of(
            new Option(Kind.OTHER, "-XX:-UsePerfData", "No hsperfdata file: a command line tool is not watched"
                    + " with jstat, and the file costs start-up."),
            new Option(Kind.OTHER, "-Xlog:disable", "JVM messages never go to stdout, which may carry a profile"
                    + " (merge -o -): unified logging is switched off and then on again for warnings only ..."),
            new Option(Kind.OTHER, "-Xlog:all=warning,cds*=off,class+path*=off:stderr", "... on stderr, without the"
                    + " class-data-sharing and class-path messages (a JDK given another JDK's archive prints them)."));

    /** The cases: who gets them ({@link #choose}) and their options besides {@link #COMMON}. */
    enum Case {
        SMALL("show, overlap or order whose file arguments total less than 16 MiB", false,
                serial(),
                new Option(Kind.OTHER, "-XX:TieredStopAtLevel=1", "Such runs end before the optimizing compiler"
                        + " (C2) pays for its compile time: C1 alone saves about a quarter of their CPU time"
                        + " (bench/RESULTS.md, \"startup\").")),
        SHOW("a bigger show (not of an indexed profile, or printing value sites or text)", true,
                serial(), youngForShow(), initialForShow(), lessInlining()),
        SHOW_INDEXED("a bigger show of an indexed profile that prints no value sites and no text", false,
                serial(), youngForShow(), initialForShow(),
                new Option(Kind.OTHER, "-XX:TieredStopAtLevel=1", "An indexed profile is read in batches on a second"
                        + " thread (spec/performance.md): C1 alone makes the two threads' simple loops fast soon"
                        + " enough, while C2 would compete with them for the second core (100 MB, --all-functions"
                        + " --counts: 0.25 -> 0.20 s; plain show the same 0.17 s for less CPU). Value-site reports"
                        + " and text inputs run long enough for C2 to pay off.")),
        MERGE_SAMPLE("a merge of sample profiles (--sample)", true,
                serial(),
                new Option(Kind.HEAP, "-Xmn128m", "Each input is read whole into objects, merged into the result and"
                        + " dropped: with a young generation that holds an input, it dies there instead of being"
                        + " promoted and collected by full collections of everything live (10 line profiles of"
                        + " bench/work/sample, 4.7 MB each: 11.0 -> 5.8 s of CPU; 195 -> 475 MB of peak RSS,"
                        + " llvm-profdata 2.9 GB for 20; bench/RESULTS.md, 2026-11-27). Both compilers, unlike the"
                        + " merge of raw files: C1 alone used less CPU for 10 inputs (5.8 against 8.1 s) but C2 pays"
                        + " from a few dozen on (50 inputs: 26.2 -> 21.4 s), and merges of many profiles are the"
                        + " ones that take long."),
                lessInlining()),
        MERGE_RAW("a merge whose first input files are raw profiles, or of directories and lists only", true,
                serial(),
                new Option(Kind.HEAP, "-Xmn2m", "Merges of raw files keep little (a few MB per binary) and what"
                        + " they allocate dies young: a 2 MB young generation ..."),
                new Option(Kind.HEAP, "-Xms16m", "... a small initial heap ..."),
                new Option(Kind.HEAP, "-XX:MinHeapFreeRatio=10", "... and an old generation that grows by 10-20 %"
                        + " keep the heap, and so the peak RSS, close to what is live (IR workload of bench/: 89 ->"
                        + " 71 MB, llvm-profdata 74 MB) at about 5 % more CPU (bench/RESULTS.md, 2026-11-25 second"
                        + " session)."),
                new Option(Kind.HEAP, "-XX:MaxHeapFreeRatio=20", "(the upper end of those 10-20 %)"),
                new Option(Kind.HEAP, "-XX:MinHeapDeltaBytes=4m", "The old generation grows by at least 4 MB a step:"
                        + " each step costs a full collection of everything live, and with two threads building"
                        + " their value sites the 2,000-run IR merge made 14 of them (10 now; 0.30 -> 0.23 s of"
                        + " pauses, the same peak RSS; bench/RESULTS.md, 2026-11-26 second session)."),
                new Option(Kind.OTHER, "-XX:TieredStopAtLevel=1", "Merges of raw files spend their time in a few"
                        + " simple array loops that C1 compiles well; C2 costs more CPU in compilation than it saves,"
                        + " even on multi-GB inputs (bench/RESULTS.md, 2026-11-24).")),
        MERGE_INDEXED("a merge whose first input files are indexed profiles", true,
                parallelForIndexed(), c1ForIndexed()),
        MERGE_INDEXED_BIG("a merge whose first input files are indexed profiles of 128 MiB or more in all", true,
                parallelForIndexed(),
                new Option(Kind.HEAP, "-Xmn512m", "What such a merge keeps grows to hundreds of MB (its columns"
                        + " and their growing arrays); with the default young generation it is copied by three or"
                        + " four young collections and one full one. A 512 MB young generation holds it until"
                        + " one young collection: the 100 MB profile merged with itself 3.89 -> 3.51 s of CPU,"
                        + " 4 pauses of 450 ms -> 1 of 175 ms, the same peak RSS (715 -> 738 MB; a larger initial"
                        + " heap instead, -XX:InitialRAMPercentage=4, 3.71 s and 967 MB; bench/RESULTS.md, tenth"
                        + " session). Smaller merges allocate less than the default young generation holds."),
                lessInlining()),
        MERGE_TEXT("a merge of text profiles, or of a mix of kinds", true,
                serial(),
                new Option(Kind.HEAP, "-Xmn8m", "Text and mixed inputs keep every function in the heap too ..."),
                new Option(Kind.HEAP, "-Xms16m", "..."),
                new Option(Kind.HEAP, "-XX:MinHeapFreeRatio=70", "... and the old generation grows in large steps"
                        + " (each step costs a full collection of everything live): a 100 MB indexed profile merged"
                        + " with itself, 6.0 -> 4.7 s for 7 % more peak RSS. The parallel collector gains less here"
                        + " (text to indexed, 66 MB: 2.35 -> 2.0 s) for 75 % more peak RSS."),
                new Option(Kind.HEAP, "-XX:MaxHeapFreeRatio=90", "(the upper end of those steps)"),
                lessInlining()),
        PC_SAMPLING("pc-sampling", false,
                serial(),
                new Option(Kind.HEAP, "-Xmn8m", "A results JSON's samples are read one at a time and die young, and"
                        + " what is kept (a tally per dispatch and instruction) is small: an 8 MB young generation"
                        + " keeps the peak RSS at about 73 MB for 0.5 and 1 GB alike (164 MB with the default one,"
                        + " whose pages are each touched once: 0.1 s more system time at 1 GB). Smaller costs"
                        + " collections (4 MB: 46 of them, 99 ms of pauses at 1 GB; 8 MB: 23, 65 ms; 16 MB: 11, 66 ms"
                        + " and 79 MB; bench/RESULTS.md, 2026-11-27, PC sampling, second session)."),
                new Option(Kind.OTHER, "-XX:TieredStopAtLevel=1", "C1 alone: a results JSON spends its time in a"
                        + " few byte-scanning loops that C1 compiles well, and C2 first runs them interpreted or in"
                        + " C1's profiling code and then spends CPU compiling them (1 GB: 4.0-4.4 s of CPU with C2"
                        + " alone, 2.9-3.8 s with C1 alone; 100 MB: 1.7-1.9 -> 0.7-0.8 s; 10 MB: 1.5 -> 0.5 s; with"
                        + " both compilers 4.2-5.5 s at 1 GB; bench/RESULTS.md, 2026-11-27, PC sampling). Still so"
                        + " with the sample layout (second session): C2 spends 1.3-1.5 s compiling (-XX:+CITime), and"
                        + " C1 alone used the least CPU against both compilers, C2 alone, and C2 for the scanner"
                        + " only (a compiler directive).")),
        DEFAULT("anything else: help, version, a bigger overlap or order", true,
                serial(), lessInlining());

        final String when;
        /**
         * Whether {@code java -jar} restarts a big run of this case with its options ({@link Relaunch}):
         * measured against the JVM's defaults (G1, both compilers) with the restart's cost (about 0.1 s
         * of CPU; spec/performance.md, "java -jar"). Not for a show of an indexed profile, which reads
         * only what it prints (100 MB: 0.72 s of CPU with the defaults, 0.58 s with these options,
         * 0.73 s with the restart), nor for small runs and pc-sampling. The default case restarts
         * only for big inputs (an overlap or order): overlap of the 100 MB profile with itself, 3.86 s
         * of CPU with the JVM's defaults against 2.27 s with these options.
         */
        final boolean restartPays;
        final List<Option> options;

        Case(String when, boolean restartPays, Option... options) {
            this.when = when;
            this.restartPays = restartPays;
            this.options = List.of(options);
        }

        /** The argument file's name without its suffix: {@code merge-raw}. */
        String fileName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** The options of this case in {@code variant}, common ones first, then the marker. */
        List<String> jvmOptions(Variant variant) {
            List<String> all = new ArrayList<>();
            for (Option o : COMMON) {
                all.add(o.text());
            }
            for (Option o : options) {
                if (variant.keeps(o)) {
                    all.add(o.text());
                }
            }
            all.add("-D" + MARKER + "=" + fileName());
            return all;
        }

        /** The argument file: each option on its own line after its reason, as comments. */
        String argumentFile(Variant variant) {
            StringBuilder sb = new StringBuilder();
            sb.append("# jprofdata JVM options for ").append(when).append(variant == Variant.ALL ? ""
                    : variant == Variant.OWN_HEAP ? " (heap sized by the user)" : " (collector chosen by the user)");
            sb.append(".\n# Written by the build from dev.jprofdata.cli.JvmTuning; edit that, not this file.\n");
            List<Option> shown = new ArrayList<>(COMMON);
            options.stream().filter(variant::keeps).forEach(shown::add);
            for (Option o : shown) {
                sb.append("\n# ").append(o.why().replace("\n", "\n# ")).append('\n').append(o.text()).append('\n');
            }
            sb.append("\n# Tells jprofdata that it runs with these options (no restart with them).\n");
            sb.append("-D").append(MARKER).append('=').append(fileName()).append('\n');
            return sb.toString();
        }
    }

    private static Option parallelForIndexed() {
        return new Option(Kind.COLLECTOR, "-XX:+UseParallelGC", "Every merged function stays in the heap until the"
                + " output is written (in the merge state's columns, then as the records written): the"
                + " parallel collector, on every core, takes a 100 MB profile merged with itself from 4.0"
                + " to 3.3 s and 5.2 to 5.0 s of CPU, for 690 instead of 755 MB of peak RSS (bench/RESULTS.md,"
                + " 2026-11-27 fourth session).");
    }

    private static Option c1ForIndexed() {
        return new Option(Kind.OTHER, "-XX:TieredStopAtLevel=1", "C1 alone: the columnar merge state spends its time"
                + " in simple array loops, and C2's compile time costs more CPU than it saves in a merge this"
                + " short: 20 indexed shards of 3 MB 1.4 -> 0.8 s of CPU. Bigger ones keep both compilers with"
                + " less inlining (merge-indexed-big).");
    }

    private static Option lessInlining() {
        return new Option(Kind.OTHER, "-XX:FreqInlineSize=100", "Both compilers, with C2 inlining hot methods of"
                + " up to 100 bytecodes instead of 325: the readers' and the overlap walk's hot loops call into"
                + " big methods (the indexed reader's next record, 171 bytecodes, takes the record decoder"
                + " with it), whose inlined bodies made C2 spend about 40 % of a run's CPU compiling them."
                + " 100 MB profile with itself, five runs: overlap 3.19 -> 2.14 s of CPU (1.86 -> 1.54 s of wall;"
                + " 50: the same, 200: 3.06 s); order 1.32 -> 1.06 s; show --all-functions --counts"
                + " --ic-targets 4.55 -> 4.02 s; merged with itself 4.85 -> 4.26 s, as little as with C1 alone"
                + " (4.28 s) but in 3.0 instead of 4.0 s of wall; its text (73 MB) merged to indexed 5.33 ->"
                + " 4.73 s; merge --sample of 10 ext-binary line profiles (47 MB) 7.44 -> 6.54 s, of 10 CSSPGO"
                + " ones (52 MB) 9.03 -> 8.56 s (bench/RESULTS.md, eleventh session). Indexed merges of less"
                + " than 128 MiB keep C1 alone: they end before C2's code pays.");
    }

    private static Option serial() {
        return new Option(Kind.COLLECTOR, "-XX:+UseSerialGC", SERIAL_WHY);
    }

    private static Option youngForShow() {
        return new Option(Kind.HEAP, "-Xmn16m", "Big profiles: records are short-lived, so a small young generation"
                + " keeps the peak RSS down (265 -> 173 MB for --all-functions on 100 MB) at no cost in time ...");
    }

    private static Option initialForShow() {
        return new Option(Kind.HEAP, "-Xms32m", "... with a heap that starts at 32 MB.");
    }

    /** Writes {@code CASE.args}, {@code CASE.own-heap.args} and {@code CASE.own-gc.args} for every case. */
    static void writeArgumentFiles(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (Case c : Case.values()) {
            for (Variant v : Variant.values()) {
                Files.writeString(dir.resolve(c.fileName() + v.suffix + ".args"), c.argumentFile(v),
                        StandardCharsets.UTF_8);
            }
        }
    }

    /**
     * The variant for the JVM options a user gave ({@code JAVA_OPTS} and the JDK's option variables,
     * or the options {@code java} was started with): a collector of their own, a heap size of their
     * own, or neither. The launcher applies the same patterns to the words of those variables.
     */
    static Variant variantFor(List<String> userOptions) {
        Variant v = Variant.ALL;
        for (String o : userOptions) {
            if (o.startsWith("-XX:+Use") && o.endsWith("GC")) {
                return Variant.OWN_GC;
            }
            if (o.startsWith("-Xms") || o.startsWith("-Xmx") || o.startsWith("-Xmn") || o.contains("HeapSize=")) {
                v = Variant.OWN_HEAP;
            }
        }
        return v;
    }

    /** The kind of a command line's first input files, by their first bytes. */
    enum InputKind {
        RAW, INDEXED, OTHER
    }

    /**
     * The case of a command line, by the rules the launcher script applies in bash (LauncherTest
     * runs both on the same command lines): show, overlap and order by the total size of their file
     * arguments and the kind of their first inputs; merge by the kind of its first inputs.
     */
    static Case choose(List<String> args, Path cwd) {
        String command = args.isEmpty() ? "" : args.get(0);
        List<String> rest = args.subList(Math.min(1, args.size()), args.size());
        switch (command) {
            case "show", "overlap", "order" -> {
                long total = 0;
                for (String a : rest) {
                    Path p = regularFile(cwd, a);
                    if (p != null) {
                        total += sizeOf(p);
                    }
                }
                if (total < SMALL_INPUT_BYTES) {
                    return Case.SMALL;
                }
                InputKind kind = inputKind(rest, cwd);
                if (command.equals("show")) {
                    return kind == InputKind.INDEXED && !printsValueSites(rest) ? Case.SHOW_INDEXED : Case.SHOW;
                }
                // A bigger overlap takes the default: its indexed base is looked up in the mapped file,
                // not held, so nothing is live for a parallel collector to copy (bench/RESULTS.md,
                // eleventh session: 1.3 s less CPU and 170 MB less peak RSS than with it).
                return Case.DEFAULT;
            }
            case "merge" -> {
                if (mergesSamples(rest)) {
                    return Case.MERGE_SAMPLE;
                }
                return switch (inputKind(rest, cwd)) {
                    case RAW -> Case.MERGE_RAW;
                    case INDEXED -> inputBytes(rest, cwd) >= BIG_INDEXED_MERGE_BYTES ? Case.MERGE_INDEXED_BIG
                            : Case.MERGE_INDEXED;
                    case OTHER -> Case.MERGE_TEXT;
                };
            }
            case "pc-sampling" -> {
                return Case.PC_SAMPLING;
            }
            default -> {
                return Case.DEFAULT;
            }
        }
    }

    /** Whether a merge command line asks for sample profiles ({@code --sample}, llvm's {@code -sample} too). */
    static boolean mergesSamples(List<String> args) {
        for (String a : args) {
            if (a.equals("--sample") || a.equals("-sample") || a.equals("--sample=true") || a.equals("-sample=true")) {
                return true;
            }
        }
        return false;
    }

    /** Options whose value is a file that is not an input (or a list of them), skipped by {@link #inputKind}. */
    static final List<String> FILE_VALUED = List.of("-o", "--output", "-f", "--input-files", "-r",
            "--remapping-file");

    /**
     * The kind of the first (up to three) input files named, by their magic bytes: raw (either
     * pointer width or byte order), indexed, or other (text, a mix, anything else). Directories and
     * list files are not looked into: with no file named, raw (the usual merge of a directory of runs).
     */
    static InputKind inputKind(List<String> args, Path cwd) {
        InputKind first = null;
        for (Path p : inputFiles(args, cwd, 3)) {
            InputKind kind = kindOf(p);
            first = first == null || first == kind ? kind : InputKind.OTHER;
        }
        return first == null ? InputKind.RAW : first;
    }

    /**
     * The total size of the files a merge command line names as inputs (directories and lists not
     * looked into).
     */
    static long inputBytes(List<String> args, Path cwd) {
        long total = 0;
        for (Path p : inputFiles(args, cwd, Integer.MAX_VALUE)) {
            total += sizeOf(p);
        }
        return total;
    }

    /**
     * The first {@code limit} regular files a command line names as inputs: not options, and not the
     * values of {@link #FILE_VALUED} options such as {@code -o}.
     */
    private static List<Path> inputFiles(List<String> args, Path cwd, int limit) {
        List<Path> files = new ArrayList<>();
        String prev = "";
        for (String a : args) {
            if (files.size() >= limit) {
                break;
            }
            boolean isValue = FILE_VALUED.contains(prev);
            prev = isValue ? "" : a;
            if (isValue || a.startsWith("-")) {
                continue;
            }
            Path p = regularFile(cwd, a);
            if (p != null) {
                files.add(p);
            }
        }
        return files;
    }

    /** Raw profiles' first 8 bytes in file order: 64- and 32-bit, little- and big-endian. */
    private static final List<String> RAW_MAGIC = List.of("8172666f72706cff", "8152666f72706cff", "ff6c70726f667281",
            "ff6c70726f665281");
    private static final String INDEXED_MAGIC = "ff6c70726f666981";

    private static InputKind kindOf(Path p) {
        byte[] head;
        try (InputStream in = Files.newInputStream(p)) {
            head = in.readNBytes(8);
        } catch (IOException | RuntimeException e) {
            return InputKind.OTHER;
        }
        StringBuilder hex = new StringBuilder();
        for (byte b : head) {
            hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        String magic = hex.toString();
        return RAW_MAGIC.contains(magic) ? InputKind.RAW : magic.equals(INDEXED_MAGIC) ? InputKind.INDEXED
                : InputKind.OTHER;
    }

    /** Whether a show command line asks for value sites or a text dump (llvm's single-dash spellings too). */
    static boolean printsValueSites(List<String> args) {
        for (String a : args) {
            String bare = a.startsWith("--") ? a.substring(2) : a.startsWith("-") ? a.substring(1) : null;
            if (bare != null && (bare.startsWith("ic-targets") || bare.startsWith("memop-sizes")
                    || bare.startsWith("show-vtables") || bare.equals("text") || bare.startsWith("text="))) {
                return true;
            }
        }
        return false;
    }

    /** {@code arg} as a regular file (links followed), or null. */
    static Path regularFile(Path cwd, String arg) {
        if (arg.isEmpty()) {
            return null;
        }
        try {
            Path p = cwd.resolve(arg);
            return Files.isRegularFile(p) ? p : null;
        } catch (InvalidPathException e) {
            return null;
        }
    }

    private static long sizeOf(Path p) {
        try {
            return Files.size(p);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
