package dev.jprofdata.format;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Streams the records of one profile file, one at a time, in the file's own order (data-section
 * order for raw files, hash-table order for indexed files, file order for text).
 *
 * <p>Header-level information is available as soon as the reader is open; temporal traces of raw
 * files are complete only once {@link #next()} has returned {@code null}. Not thread-safe.
 */
public interface ProfileReader extends Closeable {

    ProfileFormat format();

    /** The file name as given by the user, used in messages. */
    String fileName();

    /**
     * The version as {@code llvm-profdata show --profile-version} prints it: the full version word
     * with flags for raw files, the format version for indexed files, 0 for text.
     */
    long displayVersion();

    ProfileKind kind();

    /** Binary IDs in stored order (raw: as found, duplicates kept; indexed: sorted and unique). */
    List<byte[]> binaryIds();

    /**
     * The next record, or {@code null} at the end.
     *
     * @throws ProfileFormatException when the bytes are malformed; records returned before stay valid
     */
    ProfileRecord next() throws IOException;

    /**
     * Tells the reader that the caller will not look at value sites: records from now on may come
     * with none. Value data is still checked, so errors are the same. A hint: readers for which
     * skipping saves nothing ignore it.
     */
    default void omitValueSites() {
    }

    /**
     * Passes the hash and counters of every remaining record to {@code sink}, in {@link #next()}'s
     * order, and stops at the end; errors are those {@link #next()} would raise at the same record.
     * Use one or the other on a reader, not both. Indexed readers override this to read counters
     * straight from the file, without building names, bitmaps or value sites.
     */
    default void scanCounts(CountsSink sink) throws IOException {
        ProfileRecord r;
        while ((r = next()) != null) {
            sink.accept(r.hash(), r.counts(), r.counts().length);
        }
    }

    /**
     * Names known to this profile, for printing value targets. For text input it grows as records
     * are read.
     */
    SymbolTable symbols();

    /**
     * Temporal traces. Raw inputs give one trace (weighted by {@code rawWeight}) built from the
     * first-call timestamps, available after the last record; indexed and text inputs give their
     * stored traces with stored weights.
     */
    TemporalTraces temporalTraces(long rawWeight);

    /** VTable names this profile carries (indexed: stored names; raw: the vtable names section). */
    default List<String> vtableNames() {
        return List.of();
    }

    /**
     * The GPU device data of this profile, for readers of files that can hold some (raw profiles);
     * empty for the others. Use this instead of testing for a reader class.
     */
    default Optional<DeviceData> deviceData() {
        return Optional.empty();
    }

    /**
     * Problems found while reading that make the data suspect, in LLVM's wording (a counter above
     * 2^56 that suggests corruption). llvm-profdata's merge counts such an input as failed.
     */
    default List<String> warnings() {
        return List.of();
    }

    /**
     * Facts worth telling the user that do not make the input fail (for example a raw profile whose
     * records live in the binary and that therefore yields no records).
     */
    default List<String> notices() {
        return List.of();
    }
}
