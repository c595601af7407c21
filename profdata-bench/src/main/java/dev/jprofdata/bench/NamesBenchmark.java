package dev.jprofdata.bench;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.raw.RawProfileReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
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
 * Name tables: inflating and splitting the names sections, and MD5 hashing of names.
 *
 * <p>The names-section decoder is package-private, so {@link #openOnly} measures it through the
 * nearest public API: {@link RawProfileReader#open(ByteBuffer, String)}, which parses the header,
 * binary IDs and names (zlib inflation, splitting, MD5 of every name into the symbol table) of
 * every concatenated profile and decodes no record. With {@code copies} profiles of one binary
 * the same names blob is decoded {@code copies} times: the case a per-blob cache removes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class NamesBenchmark {
    @Param({"ir", "fe"})
    public String kind;

    @Param("2048")
    public int copies;

    /** Distinct names hashed by {@link #md5String} and {@link #md5Bytes}. */
    @Param("10000")
    public int names;

    private ByteBuffer data;
    private String[] nameStrings;
    private byte[][] nameBytes;
    private long nameLength;

    @Setup
    public void setup() throws IOException {
        data = ByteBuffer.wrap(Fixtures.concatenated(kind, copies)).asReadOnlyBuffer();
        // The fixtures' real function names, made distinct by a suffix as clang's ".llvm.NNN"
        // and ".cold" suffixes do, until there are `names` of them.
        Set<String> base = new LinkedHashSet<>();
        try (ProfileReader reader = RawProfileReader.open(ByteBuffer.wrap(Fixtures.concatenated(kind, 1)), "names")) {
            for (ProfileRecord r = reader.next(); r != null; r = reader.next()) {
                base.add(r.name());
            }
        }
        List<String> all = new ArrayList<>();
        for (int k = 0; all.size() < names; k++) {
            for (String b : base) {
                if (all.size() < names) {
                    all.add(k == 0 ? b : b + ".llvm." + k);
                }
            }
        }
        nameStrings = all.toArray(String[]::new);
        nameBytes = new byte[nameStrings.length][];
        nameLength = 0;
        for (int i = 0; i < nameStrings.length; i++) {
            nameBytes[i] = Names.toBytes(nameStrings[i]);
            nameLength += nameBytes[i].length;
        }
    }

    @Benchmark
    public int openOnly(InputBytes processed) throws IOException {
        try (ProfileReader reader = RawProfileReader.open(data, "bench.profraw")) {
            processed.bytes += data.capacity();
            return reader.symbols().size();
        }
    }

    @Benchmark
    public long md5String(InputBytes processed) {
        long x = 0;
        for (String s : nameStrings) {
            x ^= Names.md5(s);
        }
        processed.bytes += nameLength;
        return x;
    }

    @Benchmark
    public long md5Bytes(InputBytes processed) {
        long x = 0;
        for (byte[] b : nameBytes) {
            x ^= Names.md5(b);
        }
        processed.bytes += nameLength;
        return x;
    }
}
