package dev.jprofdata.bench;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueSite;
import dev.jprofdata.format.raw.RawProfileReader;
import java.io.IOException;
import java.nio.ByteBuffer;
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
 * Raw record decoding: {@link RawProfileReader#open(ByteBuffer, String)} over {@code copies}
 * concatenated fixture profiles, then every record through {@link ProfileReader#next()}, touching
 * each counter and value so that nothing is decoded for nothing. Includes opening (header and names
 * of every profile; see {@link NamesBenchmark#openOnly} for that part alone).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RawDecodeBenchmark {
    @Param({"ir", "fe"})
    public String kind;

    @Param("2048")
    public int copies;

    private ByteBuffer data;

    @Setup
    public void setup() {
        data = ByteBuffer.wrap(Fixtures.concatenated(kind, copies)).asReadOnlyBuffer();
    }

    @Benchmark
    public long decode(InputBytes processed) throws IOException {
        long sum = 0;
        try (ProfileReader reader = RawProfileReader.open(data, "bench.profraw")) {
            for (ProfileRecord r = reader.next(); r != null; r = reader.next()) {
                sum += r.hash();
                for (long c : r.counts()) {
                    sum += c;
                }
                for (ValueSite[] sites : r.valueSites()) {
                    for (ValueSite site : sites) {
                        sum += site.countSum() + site.size();
                    }
                }
            }
        }
        processed.bytes += data.capacity();
        return sum;
    }
}
