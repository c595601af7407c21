package dev.jprofdata.maven;

import dev.jprofdata.merge.MergeInput;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The merge inputs named by a plugin configuration, in a deterministic order. */
final class InputFinder {
    static final String DEFAULT_INCLUDE = "**/*.profraw";

    private InputFinder() {
    }

    /**
     * Files under each directory whose path relative to it matches one of {@code includes}
     * (sorted, so the merge order does not depend on the file system), then the explicit inputs
     * ({@code file} or {@code weight,file}) in the given order.
     */
    static List<MergeInput> find(Path basedir, List<String> directories, List<String> includes, List<String> explicit)
            throws IOException {
        List<String> globs = includes == null || includes.isEmpty() ? List.of(DEFAULT_INCLUDE) : includes;
        List<PathMatcher> matchers = new ArrayList<>();
        for (String g : globs) {
            matchers.add(FileSystems.getDefault().getPathMatcher("glob:" + g));
            if (g.startsWith("**/")) {
                // "**/*.x" should also match files directly in the directory.
                matchers.add(FileSystems.getDefault().getPathMatcher("glob:" + g.substring(3)));
            }
        }
        List<MergeInput> found = new ArrayList<>();
        for (String d : directories == null ? List.<String>of() : directories) {
            Path dir = basedir.resolve(d);
            if (!Files.isDirectory(dir)) {
                throw new IllegalArgumentException("not a directory: " + dir);
            }
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(Files::isRegularFile)
                        .filter(p -> matchers.stream().anyMatch(m -> m.matches(dir.relativize(p))))
                        .sorted()
                        .forEach(p -> found.add(new MergeInput(p, basedir.relativize(p).toString(), 1)));
            }
        }
        for (String e : explicit == null ? List.<String>of() : explicit) {
            long weight = 1;
            String file = e.strip();
            int comma = file.indexOf(',');
            if (comma > 0 && file.substring(0, comma).chars().allMatch(Character::isDigit)) {
                weight = Long.parseLong(file.substring(0, comma));
                file = file.substring(comma + 1);
            }
            found.add(new MergeInput(basedir.resolve(file), file, weight));
        }
        return found;
    }
}
