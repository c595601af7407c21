package dev.jprofdata.format.indexed;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.fuzz.FuzzDrain;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Fuzz targets for the indexed reader and its value-profile codec; see {@code RawReaderFuzzTest}. */
class IndexedReaderFuzzTest {

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void indexedReader(byte[] data) throws Exception {
        try {
            IndexedProfileReader reader = IndexedProfileReader.open(ByteBuffer.wrap(data), "fuzz.profdata");
            reader.storedSummary();
            reader.storedCsSummary();
            FuzzDrain.drain(reader);
        } catch (ProfileFormatException e) {
            FuzzDrain.checkClean(e);
        }
        if (data.length > 0 && (data[data.length - 1] & 3) == 2) {
            batchesReadWhatRecordsRead(data);
        }
        if (data.length > 0 && (data[data.length - 1] & 3) == 3) {
            keyIndexFindsWhatTheReaderStreams(data);
        }
        // The lean ways of reading (show's): same checks, nothing built from unchecked sizes.
        try {
            IndexedProfileReader lean = IndexedProfileReader.open(ByteBuffer.wrap(data), "fuzz.profdata");
            if (data.length > 0 && (data[data.length - 1] & 1) != 0) {
                lean.scanCounts((hash, counts, length) -> {
                    if (length > counts.length) {
                        throw new AssertionError("scan passed " + length + " counters in a buffer of " + counts.length);
                    }
                });
            } else {
                lean.omitValueSites();
                FuzzDrain.drain(lean);
            }
        } catch (ProfileFormatException e) {
            FuzzDrain.checkClean(e);
        }
    }

    /**
     * A merge's batches (with bitmaps and value sites) give the records {@code next()} gives, in
     * the same order, and stop at the same error with the same message.
     */
    private static void batchesReadWhatRecordsRead(byte[] data) throws Exception {
        java.util.List<Object> byRecords = new java.util.ArrayList<>();
        try {
            IndexedProfileReader reader = IndexedProfileReader.open(ByteBuffer.wrap(data), "fuzz.profdata");
            if (!reader.readsBatches()) {
                return;
            }
            dev.jprofdata.format.ProfileRecord r;
            while ((r = reader.next()) != null) {
                byRecords.add(r);
            }
        } catch (ProfileFormatException e) {
            byRecords.add(e.getMessage());
        }
        java.util.List<Object> byBatches = new java.util.ArrayList<>();
        try {
            IndexedProfileReader reader = IndexedProfileReader.open(ByteBuffer.wrap(data), "fuzz.profdata");
            dev.jprofdata.format.RecordBatch batch = new dev.jprofdata.format.RecordBatch(true);
            while (reader.nextBatch(batch)) {
                for (int i = 0; i < batch.size(); i++) {
                    byBatches.add(batch.record(i));
                }
            }
        } catch (ProfileFormatException e) {
            byBatches.add(e.getMessage());
        }
        if (!byRecords.equals(byBatches)) {
            throw new AssertionError("batches read " + byBatches.size() + " items, records " + byRecords.size()
                    + ": " + (byBatches.isEmpty() ? "" : byBatches.get(byBatches.size() - 1)) + " / "
                    + (byRecords.isEmpty() ? "" : byRecords.get(byRecords.size() - 1)));
        }
    }

    /**
     * overlap's key index (its base profile looked up by name): on a file the reader streams to its
     * end, each name's lookup gives exactly the records streamed under it, a name not in the file
     * gives nothing, and there is no index exactly when a name is stored under two keys. On any
     * file, building the index and looking names up fail only with a clean error.
     */
    private static void keyIndexFindsWhatTheReaderStreams(byte[] data) throws Exception {
        Map<String, List<ProfileRecord>> streamed = new LinkedHashMap<>();
        boolean readToEnd;
        try {
            IndexedProfileReader reader = IndexedProfileReader.open(ByteBuffer.wrap(data), "fuzz.profdata");
            ProfileRecord r;
            while ((r = reader.next()) != null) {
                streamed.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r);
            }
            readToEnd = true;
        } catch (ProfileFormatException e) {
            readToEnd = false;
        }
        IndexedKeyIndex index;
        List<String> keys = new ArrayList<>();
        try {
            IndexedProfileReader reader = IndexedProfileReader.open(ByteBuffer.wrap(data), "fuzz.profdata");
            index = reader.keyIndex();
            if (index != null) {
                for (String name : index.names()) {
                    index.recordsNamed(name);
                }
            }
            if (!readToEnd) {
                return;
            }
            KeyCursor cursor = reader.keyCursor();
            while (cursor.advance()) {
                keys.add(cursor.key());
            }
        } catch (ProfileFormatException e) {
            if (readToEnd) {
                throw new AssertionError("the reader read every record, but the key index failed: " + e.getMessage(),
                        e);
            }
            FuzzDrain.checkClean(e);
            return;
        }
        boolean nameUnderTwoKeys = new HashSet<>(keys).size() != keys.size();
        if ((index == null) != nameUnderTwoKeys) {
            throw new AssertionError("key index " + (index == null ? "missing" : "built") + " for " + keys.size()
                    + " keys, " + new HashSet<>(keys).size() + " names");
        }
        if (index == null) {
            return;
        }
        if (index.size() != streamed.size() || !new HashSet<>(index.names()).equals(streamed.keySet())) {
            throw new AssertionError("key index has " + index.size() + " names, the reader streamed "
                    + streamed.size());
        }
        for (Map.Entry<String, List<ProfileRecord>> e : streamed.entrySet()) {
            if (!e.getValue().equals(index.recordsNamed(e.getKey()))) {
                throw new AssertionError("lookup of " + e.getKey() + " differs from what the reader streamed");
            }
            if (index.recordsNamed(e.getKey() + "\u0001") != null && !streamed.containsKey(e.getKey() + "\u0001")) {
                throw new AssertionError("lookup of a name not in the file found records");
            }
        }
    }

    /** The indexed value-profile block decoder on its own (a null result is LLVM's "drop the key"). */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void valueProfData(byte[] data) {
        MappedBytes in = MappedBytes.wrap(ByteBuffer.wrap(data), "fuzz.vp");
        try {
            long size = ValueProfDataCodec.checkedSize(in, 0, data.length,
                    new dev.jprofdata.format.ValueProfData.Checked());
            if (size != -1 && (size < 8 || size > data.length)) {
                throw new AssertionError("block size " + size + " outside the input");
            }
            if (size != -1) {
                // A checked block decodes without reading outside itself.
                ValueProfDataCodec.decode(MappedBytes.wrap(ByteBuffer.wrap(data, 0, (int) size), "fuzz.vp"), 0);
            }
        } catch (ProfileFormatException e) {
            FuzzDrain.checkClean(e);
        }
    }
}
