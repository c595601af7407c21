package dev.jprofdata.merge.groups;

import dev.jprofdata.merge.MergeInput;
import java.io.IOException;
import java.nio.file.Files;

/** {@link BinaryGroups}' calls with each input's size, as the merge passes it (probed), for tests. */
final class GroupCalls {
    private GroupCalls() {
    }

    /** {@link BinaryGroups#tryJoin} of {@code input}. */
    static JoinedRun join(BinaryGroups groups, int index, MergeInput input) throws IOException {
        return groups.tryJoin(index, input, Files.size(input.path()));
    }

    /** {@link BinaryGroups#tryStart} of {@code input}. */
    static JoinedRun start(BinaryGroups groups, int index, MergeInput input) throws IOException {
        return groups.tryStart(index, input, Files.size(input.path()));
    }
}
