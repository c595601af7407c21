package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The indexed writer on several threads (the names' hashes shared out, the groups got ahead of
 * the encoding, {@link GroupsAhead}) writes the bytes it writes on one, for every version; and a
 * group that cannot be got fails the write instead of hanging it.
 *
 * <p>Contents: the records of clang-22 runs with value sites ({@code fixtures/profiles/vsites.profdata})
 * under enough names that the threads are used and many chunks pass between them.
 */
@Timeout(60)
class WriterThreadsTest {
    @TempDir
    Path tmp;

    /** The fixture's groups under {@code copies} names each, names ascending. */
    private static ProfileContents many(int copies) throws IOException {
        Path fixture = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
                .resolve("fixtures/profiles/vsites.profdata").normalize();
        ProfileContents real;
        try (IndexedProfileReader reader = IndexedProfileReader.open(fixture, "vsites.profdata")) {
            real = ContentsFromReader.read(reader);
        }
        List<NameGroup> groups = new ArrayList<>();
        for (NameGroup g : real.groups()) {
            for (int i = 0; i < copies; i++) {
                String name = g.name() + ".copy" + i;
                List<ProfileRecord> records = new ArrayList<>();
                for (ProfileRecord r : g.records()) {
                    records.add(r.withName(name));
                }
                groups.add(new NameGroup(name, records));
            }
        }
        groups.sort(Comparator.comparing(NameGroup::name));
        return new ProfileContents(real.kind(), groups, real.binaryIds(), real.vtableNames(), real.traces());
    }

    /** Threads are used from this many names on here (65,536 in use): the test stays small. */
    private static final int PARALLEL_FROM = 2048;

    private byte[] written(ProfileContents contents, int version, int threads) throws IOException {
        Path out = Files.createTempFile(tmp, "w", ".profdata");
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(out,
                java.nio.file.StandardOpenOption.WRITE)) {
            IndexedProfileWriter.writeTo(contents, version, IndexedProfileWriter.releaseOrder(version), ch, threads,
                    PARALLEL_FROM);
        }
        return Files.readAllBytes(out);
    }

    @ParameterizedTest
    @ValueSource(ints = {7, 9, 10, 11, 12, 13})
    void severalThreadsWriteOneThreadsBytes(int version) throws IOException {
        ProfileContents contents = many(4 * PARALLEL_FROM / 300 + 1);
        assertThat(contents.groups().size()).isGreaterThanOrEqualTo(PARALLEL_FROM);
        byte[] one = written(contents, version, 1);
        assertThat(written(contents, version, 2)).isEqualTo(one);
        assertThat(written(contents, version, 3)).isEqualTo(one);
    }

    @Test
    void aGroupThatCannotBeGotFailsTheWrite() throws IOException {
        ProfileContents contents = many(4 * PARALLEL_FROM / 300 + 1);
        List<NameGroup> groups = contents.groups();
        int broken = groups.size() / 2;
        // Built on demand, as a merge's groups are (a plain list would be copied by the contents).
        class Failing extends AbstractList<NameGroup> implements ProfileContents.GroupsOnDemand {
            @Override
            public String name(int i) {
                return groups.get(i).name();
            }

            @Override
            public boolean hostOnly() {
                return true;
            }

            @Override
            public NameGroup get(int i) {
                if (i == broken) {
                    throw new IllegalStateException("group " + i + " cannot be built");
                }
                return groups.get(i);
            }

            @Override
            public int size() {
                return groups.size();
            }
        }
        ProfileContents bad = new ProfileContents(contents.kind(), new Failing(), contents.binaryIds(),
                contents.vtableNames(), contents.traces());
        assertThatThrownBy(() -> written(bad, 13, 2)).isInstanceOf(IllegalStateException.class)
                .hasMessage("group " + broken + " cannot be built");
    }
}
