package dev.jprofdata.cli;

import dev.jprofdata.merge.MergeInput;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Gathers merge inputs in llvm-profdata's order: positional files, then {@code --weighted-input}
 * entries, then the entries of {@code --input-files}. Directories expand to the regular files
 * below them; unlike LLVM (which uses the file system's listing order) we sort them by path so
 * the result does not depend on the file system.
 */
final class InputCollector implements AutoCloseable {
    private final CliContext context;
    private final List<MergeInput> inputs = new ArrayList<>();
    private final List<InputFile> stdinCopies = new ArrayList<>();

    InputCollector(CliContext context) {
        this.context = context;
    }

    List<MergeInput> inputs() {
        return inputs;
    }

    /** Removes the temporary copies of standard input. */
    @Override
    public void close() {
        stdinCopies.forEach(InputFile::close);
    }

    void addPlain(String name) {
        add(name, 1);
    }

    void addWeighted(String spec) {
        int comma = spec.indexOf(',');
        if (comma < 0) {
            throw new CliException("input weight must be a positive integer");
        }
        long weight = parseWeight(spec.substring(0, comma));
        add(expandHome(spec.substring(comma + 1)), weight);
    }

    void addListFile(String listName) {
        Path list = context.resolve(listName);
        List<String> lines = BoundedTextFile.readLines(list, listName);
        for (int i = 0; i < lines.size(); i++) {
            String entry = trim(lines.get(i));
            if (entry.isEmpty() || entry.startsWith("#")) {
                continue;
            }
            try {
                if (entry.indexOf(',') < 0) {
                    addPlain(entry);
                } else {
                    addWeighted(entry);
                }
            } catch (CliException e) {
                // LLVM's text first, then where in the list the entry is.
                throw new CliException(e.getMessage() + " (" + listName + ":" + (i + 1) + ")", e.prefixed());
            }
        }
    }

    private void add(String name, long weight) {
        if (name.equals(InputFile.STDIN)) {
            // Unlike llvm-profdata, which finds standard input already consumed and merges
            // nothing, read it like any other input.
            InputFile stdin = InputFile.open(context, name);
            stdinCopies.add(stdin);
            inputs.add(new MergeInput(stdin.path(), name, weight));
            return;
        }
        Path path = context.resolve(name);
        if (Files.isDirectory(path)) {
            for (Listed f : regularFilesUnder(name, path)) {
                inputs.add(new MergeInput(f.path, f.displayName, weight));
            }
            return;
        }
        if (!Files.exists(path)) {
            throw new CliException(name + ": No such file or directory");
        }
        inputs.add(new MergeInput(path, name, weight));
    }

    /**
     * The regular files below {@code dir} (also through symbolic links to files; links to
     * directories are not followed), sorted by path, with their names as {@code name} followed by
     * the path below it. Each entry costs one {@code stat} through {@link java.io.File} (and an
     * {@code lstat} only for a directory, to leave links to directories alone): directories of
     * 10,000 runs are common, and this listing is part of every merge's start, where NIO's file
     * walker, with an attributes object per entry, took twice as long.
     */
    private static List<Listed> regularFilesUnder(String name, Path dir) {
        List<Listed> files = new ArrayList<>();
        String prefix = name.endsWith("/") ? name : name + "/";
        try {
            collect(dir, prefix, files);
        } catch (IOException e) {
            throw new CliException(name + ": " + e.getMessage());
        }
        files.sort((x, y) -> x.path.compareTo(y.path));
        return files;
    }

    /** A file found under a directory input, and the name messages give it. */
    private record Listed(Path path, String displayName) {
    }

    private static void collect(Path dir, String prefix, List<Listed> out) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                java.io.File f = p.toFile();
                String shown = prefix + p.getFileName();
                if (f.isFile()) {
                    out.add(new Listed(p, shown));
                } else if (f.isDirectory() && !Files.isSymbolicLink(p)) {
                    collect(p, shown + "/", out);
                }
            }
        }
    }

    private static long parseWeight(String text) {
        try {
            long w = Long.parseLong(text);
            if (w >= 1) {
                return w;
            }
        } catch (NumberFormatException e) {
            // fall through to the error
        }
        throw new CliException("input weight must be a positive integer");
    }

    private static String expandHome(String file) {
        if (file.startsWith("~/") || file.equals("~")) {
            return System.getProperty("user.home") + file.substring(1);
        }
        return file;
    }

    /** Trims the characters LLVM's list reader trims (space, tab, \v, \f, \r). */
    private static String trim(String s) {
        int b = 0;
        int e = s.length();
        while (b < e && " \t\u000B\f\r".indexOf(s.charAt(b)) >= 0) {
            b++;
        }
        while (e > b && " \t\u000B\f\r".indexOf(s.charAt(e - 1)) >= 0) {
            e--;
        }
        return s.substring(b, e);
    }
}
