package dev.jprofdata.cli;

import dev.jprofdata.merge.MergeInput;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
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
            for (Path p : regularFilesUnder(name, path)) {
                inputs.add(new MergeInput(p, displayNameUnder(name, path, p), weight));
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
     * directories are not followed), sorted by path. The walk hands each entry's attributes over,
     * so a file costs one {@code lstat} (and a {@code stat} only when it is a link): directories of
     * 10,000 runs are common.
     */
    private static List<Path> regularFilesUnder(String name, Path dir) {
        List<Path> files = new ArrayList<>();
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() || attrs.isSymbolicLink() && Files.isRegularFile(file)) {
                        files.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    throw e;
                }
            });
        } catch (IOException e) {
            throw new CliException(name + ": " + e.getMessage());
        }
        files.sort(null);
        return files;
    }

    private static String displayNameUnder(String dirName, Path dir, Path file) {
        String rel = dir.relativize(file).toString();
        return dirName.endsWith("/") ? dirName + rel : dirName + "/" + rel;
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
