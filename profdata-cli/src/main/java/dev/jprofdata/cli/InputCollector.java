package dev.jprofdata.cli;

import dev.jprofdata.merge.InputListLines;
import dev.jprofdata.merge.InputWeight;
import dev.jprofdata.format.io.AtomicOutput;
import dev.jprofdata.format.io.FileNames;
import dev.jprofdata.merge.MergeInput;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Gathers merge inputs in llvm-profdata's order: positional files, then {@code --weighted-input}
 * entries, then the entries of {@code --input-files}. Directories expand to the regular files
 * below them; unlike LLVM (which uses the file system's listing order) we sort them by path so
 * the result does not depend on the file system. Names are byte strings ({@link FileNames}).
 */
final class InputCollector implements AutoCloseable {
    private final CliContext context;
    private final List<MergeInput> inputs = new ArrayList<>();
    /** Standard input and named pipes, copied to temporary files (deleted by {@link #close}). */
    private final List<InputFile> copies = new ArrayList<>();

    InputCollector(CliContext context) {
        this.context = context;
    }

    List<MergeInput> inputs() {
        return inputs;
    }

    /** Removes the temporary copies of standard input and pipes. */
    @Override
    public void close() {
        copies.forEach(InputFile::close);
    }

    void addPlain(String name) {
        add(name, 1);
    }

    void addWeighted(String spec) {
        int comma = spec.indexOf(',');
        if (comma < 0) {
            throw new CliException(NOT_POSITIVE);
        }
        long weight = parseWeight(spec.substring(0, comma));
        add(expandHome(spec.substring(comma + 1)), weight);
    }

    void addListFile(String listName) {
        Path list = context.resolve(listName);
        List<String> lines = BoundedTextFile.readLines(list, listName);
        for (int i = 0; i < lines.size(); i++) {
            String entry = InputListLines.entry(lines.get(i));
            if (entry == null) {
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
            addCopy(InputFile.open(context, name), weight);
            return;
        }
        Path path = context.resolve(name);
        FileKind kind = FileKind.of(path);
        switch (kind) {
            case MISSING -> throw new CliException(name + ": No such file or directory");
            case REGULAR -> inputs.add(new MergeInput(path, name, weight));
            case DIRECTORY -> {
                for (Listed f : regularFilesUnder(name, path)) {
                    if (f.temporary) {
                        context.err().println("warning: " + f.displayName
                                + ": skipped: a temporary file left by an interrupted jprofdata run");
                    } else {
                        inputs.add(new MergeInput(f.path, f.displayName, weight));
                    }
                }
            }
            // A pipe is read once, into a temporary file; a device is refused (llvm-profdata
            // skips both without a word).
            default -> addCopy(InputFile.open(name, path, kind), weight);
        }
    }

    private void addCopy(InputFile copy, long weight) {
        copies.add(copy);
        inputs.add(new MergeInput(copy.path(), copy.displayName(), weight));
    }

    /**
     * The regular files below {@code dir} (also through symbolic links to files; links to
     * directories are not followed), sorted by name (bytes, unsigned), with their names as
     * {@code name} followed by the path below it. jprofdata's own temporary files, left in an input
     * directory by a run that was killed while writing its output there, are marked: they hold a
     * partial or complete copy of some output, and merging them would count that profile again.
     */
    private static List<Listed> regularFilesUnder(String name, Path dir) {
        List<Listed> files = new ArrayList<>();
        String prefix = name.endsWith("/") ? name : name + "/";
        try {
            collect(dir, prefix, FileNames.isAscii(dir.toString()), files);
        } catch (IOException e) {
            throw new CliException(name + ": " + ReadErrors.reason(e));
        }
        files.sort((x, y) -> x.displayName.compareTo(y.displayName));
        return files;
    }

    /** A file found under a directory input, the name messages give it, and whether it is one of our temporaries. */
    private record Listed(Path path, String displayName, boolean temporary) {
    }

    /**
     * Adds the files below {@code dir}. Each entry costs one {@code stat} through
     * {@link java.io.File} (and an {@code lstat} only for a directory, to leave links to directories
     * alone): directories of 10,000 runs are common, and this listing is part of every merge's
     * start, where NIO's file walker, with an attributes object per entry, took twice as long. A
     * {@code File} is made from the path's text, which is exact only for ASCII names; other names
     * are looked at through NIO, which keeps the bytes.
     */
    private static void collect(Path dir, String prefix, boolean asciiDir, List<Listed> out) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                String text = p.getFileName().toString();
                boolean ascii = asciiDir && FileNames.isAscii(text);
                String fileName = ascii ? text : FileNames.fileName(p);
                String shown = prefix + fileName;
                boolean file;
                boolean directory;
                if (ascii) {
                    java.io.File f = p.toFile();
                    file = f.isFile();
                    directory = !file && f.isDirectory() && !Files.isSymbolicLink(p);
                } else {
                    BasicFileAttributes a = attributes(p);
                    file = a != null && a.isRegularFile();
                    directory = a != null && a.isDirectory() && !Files.isSymbolicLink(p);
                }
                if (file) {
                    out.add(new Listed(p, shown, AtomicOutput.isTemporaryName(fileName)));
                } else if (directory) {
                    collect(p, shown + "/", ascii, out);
                }
            }
        }
    }

    /** The attributes of {@code p} after links; null when it cannot be looked at (a dangling link). */
    private static BasicFileAttributes attributes(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static final String NOT_POSITIVE = InputWeight.NOT_POSITIVE;

    /** A weight as llvm-profdata reads it ({@link InputWeight}). */
    static long parseWeight(String text) {
        try {
            return InputWeight.parse(text);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
    }

    private static String expandHome(String file) {
        if (file.startsWith("~/") || file.equals("~")) {
            return FileNames.fromJvmString(System.getProperty("user.home")) + file.substring(1);
        }
        return file;
    }
}
