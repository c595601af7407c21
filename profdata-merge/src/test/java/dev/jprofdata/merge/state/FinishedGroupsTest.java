package dev.jprofdata.merge.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.indexed.IndexedProfileWriter;
import dev.jprofdata.format.text.TextProfileWriter;
import dev.jprofdata.merge.ValueMerge;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Groups built on demand ({@link FinishedGroups}) write exactly what the same groups built once
 * and copied into an ordinary list write, indexed (every writable version) and text, and building
 * a group twice gives equal groups: for every committed indexed profile and GPU device run, merged
 * with itself.
 */
class FinishedGroupsTest {
    @TempDir
    Path dir;

    static Stream<Path> indexedProfiles() throws IOException {
        // Indexed profiles, and the GPU device runs (raw, with wave counters): functions with GPU
        // data are groups built at once, which the writers must look into.
        return FinishedStates.fixtures(p -> p.toString().endsWith(".profdata")
                || p.toString().contains("/offload/") && p.toString().endsWith(".profraw"));
    }

    @ParameterizedTest
    @MethodSource("indexedProfiles")
    void groupsBuiltOnDemandWriteWhatBuiltGroupsWrite(Path file) throws IOException {
        MergeState state = new MergeState(ValueMerge.EXACT, false, true);
        ProfileKind kind;
        for (int input = 0; input < 2; input++) {
            try (ProfileReader reader = ProfileReaders.open(file, file.toString())) {
                kind = reader.kind();
                long ordinal = 0;
                ProfileRecord r;
                while ((r = reader.next()) != null) {
                    state.add(r, 1 + input, MergeState.position(input, ordinal++));
                }
            }
        }
        try (ProfileReader reader = ProfileReaders.open(file, file.toString())) {
            kind = reader.kind();
        }
        List<NameGroup> onDemand = StateFinisher.finish(state, null, false).groups();
        assertThat(onDemand).isInstanceOf(ProfileContents.GroupsOnDemand.class);
        List<NameGroup> built = new ArrayList<>(onDemand);
        for (int i = 0; i < onDemand.size(); i++) {
            assertThat(onDemand.get(i)).isEqualTo(built.get(i));
            assertThat(((ProfileContents.GroupsOnDemand) onDemand).name(i)).isEqualTo(built.get(i).name());
        }
        ProfileContents lazy = new ProfileContents(kind, onDemand, List.of(), List.of(), TemporalTraces.NONE);
        ProfileContents eager = new ProfileContents(kind, built, List.of(), List.of(), TemporalTraces.NONE);
        assertThat(lazy.groups()).isSameAs(onDemand);
        for (int version : new int[] {7, 10, 11, 12, 13, 15}) {
            Path a = dir.resolve("lazy" + version);
            Path b = dir.resolve("eager" + version);
            IndexedProfileWriter.write(lazy, version, a);
            IndexedProfileWriter.write(eager, version, b);
            assertThat(Files.readAllBytes(a)).as("version %d", version).isEqualTo(Files.readAllBytes(b));
        }
        if (built.stream().allMatch(g -> g.records().stream().allMatch(r -> r.waveCounts() == null))) {
            ByteArrayOutputStream a = new ByteArrayOutputStream();
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            TextProfileWriter.write(lazy, a);
            TextProfileWriter.write(eager, b);
            assertThat(a.toString(java.nio.charset.StandardCharsets.ISO_8859_1))
                    .isEqualTo(b.toString(java.nio.charset.StandardCharsets.ISO_8859_1));
        }
    }
}
