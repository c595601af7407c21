package dev.jprofdata.spark;

import dev.jprofdata.merge.InputListLines;
import dev.jprofdata.merge.InputWeight;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Lists the inputs of a Spark merge on the driver, in {@code jprofdata merge}'s order: positional
 * inputs, then {@code --weighted-input} entries, then the entries of {@code --input-files} lists. A
 * directory stands for every regular file below it, sorted by name (jprofdata's own temporary
 * files, left by a killed run, are skipped); a glob for the files it matches, sorted by path. Names
 * without a scheme are on Hadoop's default file system (the local one unless configured).
 */
final class InputListing {
    /** LLVM's wording for a weight that is not an integer of at least 1. */
    static final String NOT_POSITIVE = InputWeight.NOT_POSITIVE;

    private final Configuration conf;
    private final List<SparkInput> inputs = new ArrayList<>();

    InputListing(Configuration conf) {
        this.conf = conf;
    }

    /** Every input of {@code args}, indexed in order. */
    static List<SparkInput> list(SparkMergeArgs args, Configuration conf) {
        InputListing listing = new InputListing(conf);
        try {
            for (String name : args.inputs()) {
                listing.add(name, 1);
            }
            for (String spec : args.weightedInputs()) {
                listing.addWeighted(spec);
            }
            for (String list : args.inputFiles()) {
                listing.addList(list);
            }
        } catch (IOException e) {
            throw new SparkMergeException(e.getMessage() == null ? e.toString() : e.getMessage(), e);
        }
        return listing.inputs;
    }

    private void addWeighted(String spec) throws IOException {
        int comma = spec.indexOf(',');
        if (comma < 0) {
            throw new SparkMergeException(NOT_POSITIVE);
        }
        add(spec.substring(comma + 1), parseWeight(spec.substring(0, comma)));
    }

    private void addList(String listName) throws IOException {
        Path list = new Path(listName);
        FileSystem fs = list.getFileSystem(conf);
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(list), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.add(line);
            }
        } catch (java.io.FileNotFoundException e) {
            throw new SparkMergeException(listName + ": No such file or directory");
        }
        for (int i = 0; i < lines.size(); i++) {
            String entry = InputListLines.entry(lines.get(i));
            if (entry == null) {
                continue;
            }
            try {
                if (entry.indexOf(',') < 0) {
                    add(entry, 1);
                } else {
                    addWeighted(entry);
                }
            } catch (SparkMergeException e) {
                throw new SparkMergeException(e.getMessage() + " (" + listName + ":" + (i + 1) + ")", e);
            }
        }
    }

    private void add(String name, long weight) throws IOException {
        Path path = new Path(name);
        FileSystem fs = path.getFileSystem(conf);
        if (isGlob(name)) {
            FileStatus[] matched = fs.globStatus(path);
            if (matched == null || matched.length == 0) {
                throw new SparkMergeException(name + ": no file matches");
            }
            List<FileStatus> sorted = new ArrayList<>(List.of(matched));
            sorted.sort(Comparator.comparing(s -> s.getPath().toString()));
            for (FileStatus s : sorted) {
                String shown = s.getPath().toString();
                if (s.isDirectory()) {
                    addDirectory(fs, s.getPath(), shown, weight);
                } else {
                    addFile(s.getPath(), shown, weight);
                }
            }
            return;
        }
        FileStatus status;
        try {
            status = fs.getFileStatus(path);
        } catch (java.io.FileNotFoundException e) {
            throw new SparkMergeException(name + ": No such file or directory");
        }
        if (status.isDirectory()) {
            addDirectory(fs, status.getPath(), name, weight);
        } else {
            addFile(status.getPath(), name, weight);
        }
    }

    private void addDirectory(FileSystem fs, Path dir, String name, long weight) throws IOException {
        String prefix = name.endsWith("/") ? name : name + "/";
        String base = dir.toUri().getPath();
        base = base.endsWith("/") ? base : base + "/";
        List<String[]> found = new ArrayList<>(); // display name, URI
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(dir, true);
        while (files.hasNext()) {
            LocatedFileStatus f = files.next();
            String below = f.getPath().toUri().getPath();
            below = below.startsWith(base) ? below.substring(base.length()) : f.getPath().getName();
            if (!f.isFile() || isTemporaryName(f.getPath().getName())) {
                continue;
            }
            found.add(new String[] {prefix + below, f.getPath().toString()});
        }
        found.sort(Comparator.comparing(e -> e[0]));
        for (String[] e : found) {
            inputs.add(new SparkInput(inputs.size(), e[1], e[0], weight));
        }
    }

    private void addFile(Path path, String name, long weight) {
        inputs.add(new SparkInput(inputs.size(), path.toString(), name, weight));
    }

    /** Whether Hadoop would take {@code name} as a pattern. */
    static boolean isGlob(String name) {
        for (int i = 0; i < name.length(); i++) {
            if ("*?[{".indexOf(name.charAt(i)) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** The names jprofdata gives its temporary outputs (AtomicOutput: ".NAME.tmp-..." files). */
    static boolean isTemporaryName(String fileName) {
        return dev.jprofdata.format.io.AtomicOutput.isTemporaryName(fileName);
    }

    /** A weight as llvm-profdata reads it ({@link InputWeight}). */
    static long parseWeight(String text) {
        try {
            return InputWeight.parse(text);
        } catch (IllegalArgumentException e) {
            throw new SparkMergeException(e.getMessage());
        }
    }
}
