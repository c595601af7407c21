package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/** What the merge-state tests share: the committed profiles they read, and finished states as text. */
public final class FinishedStates {
    private FinishedStates() {
    }

    /** The repository's {@code fixtures} directory. */
    public static final Path FIXTURES = Path.of(System.getProperty("jprofdata.root", ".."))
            .toAbsolutePath().resolve("fixtures").normalize();

    /** Every committed indexed profile that is not deliberately damaged, in path order. */
    public static Stream<Path> indexedProfiles() throws IOException {
        return fixtures(p -> p.toString().endsWith(".profdata"));
    }

    /** Every committed fixture {@code wanted} accepts that is not deliberately damaged, in path order. */
    public static Stream<Path> fixtures(java.util.function.Predicate<Path> wanted) throws IOException {
        try (Stream<Path> files = Files.walk(FIXTURES)) {
            return files.filter(p -> wanted.test(p) && !p.toString().contains("/bad/")).sorted().toList().stream();
        }
    }

    /**
     * Everything a state finished to, records in full (bitmaps, value sites and GPU data too), the
     * problems and the dropped count: equal lists mean equal results.
     */
    static List<String> render(StateFinisher.Finished f) {
        List<String> out = new ArrayList<>();
        for (NameGroup g : f.groups()) {
            StringBuilder sb = new StringBuilder(g.name()).append(" @").append(g.firstSeen());
            for (ProfileRecord r : g.records()) {
                sb.append(" [").append(r).append(" bitmap ").append(Arrays.toString(r.bitmap()))
                        .append(" sites ").append(Arrays.deepToString(r.valueSites()))
                        .append(" offload ").append(r.offload()).append(']');
            }
            out.add(sb.toString());
        }
        out.add("problems " + f.problems());
        out.add("dropped " + f.droppedCount());
        return out;
    }
}
