package dev.jprofdata.bench;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.indexed.IndexedProfileWriter;
import dev.jprofdata.merge.Profiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Indexed writing: {@link IndexedProfileWriter#writeTo} (version 13, as llvm-profdata 22 writes)
 * of the merged IR fixtures ({@code ir_1..ir_6}, with value profiles) whose functions are
 * replicated {@code copies} times under new names, into memory. The rate is bytes written.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class IndexedWriteBenchmark {
    @Param("2000")
    public int copies;

    private ProfileContents contents;
    private final MemoryChannel channel = new MemoryChannel();

    @Setup
    public void setup() throws Exception {
        ProfileContents merged = Profiles.merge(Fixtures.raw("ir")).contents();
        List<NameGroup> groups = new ArrayList<>();
        for (int k = 0; k < copies; k++) {
            String suffix = k == 0 ? "" : ".copy" + k;
            for (NameGroup g : merged.groups()) {
                List<ProfileRecord> records = new ArrayList<>();
                for (ProfileRecord r : g.records()) {
                    records.add(r.withName(g.name() + suffix));
                }
                groups.add(new NameGroup(g.name() + suffix, records));
            }
        }
        // The writer wants names ascending (String order = unsigned byte order).
        groups.sort(Comparator.comparing(NameGroup::name));
        contents = new ProfileContents(merged.kind(), groups, merged.binaryIds(), merged.vtableNames(),
                merged.traces());
    }

    @Benchmark
    public long write(InputBytes processed) throws IOException {
        channel.reset();
        IndexedProfileWriter.writeTo(contents, IndexedProfileWriter.DEFAULT_VERSION, channel);
        processed.bytes += channel.size();
        return channel.size();
    }
}
