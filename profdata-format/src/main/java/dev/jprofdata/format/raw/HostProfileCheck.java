package dev.jprofdata.format.raw;

import dev.jprofdata.format.Magic;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Tells, cheaply, that a raw profile holds no GPU device record, reading only its header and data
 * records: the host/device split of a merge asks this of every input before merging.
 *
 * <p>Only the common case gets an answer: one 64-bit little-endian profile of raw version 8, 9 or
 * 10 (versions 8 and 9 have no device records; in version 10 a device record is one whose
 * {@code NumOffloadProfilingThreads} is not 0) that fills the file or is followed by value data.
 * Everything else is "not certain", and the caller asks the full reader. One instance reuses one
 * direct read buffer and one word array for all files: no per-file allocation and no mapping left
 * resident.
 */
public final class HostProfileCheck {
    /** Header bytes read first: enough for every header of versions 8 to 10. */
    private static final int HEAD = 128;
    private static final int MIN_RECORD = 48;

    private ByteBuffer buffer = ByteBuffer.allocateDirect(HEAD);
    private long[] words = new long[0];

    /** Whether {@code path} is certainly a raw profile without device records; false when unsure. */
    public boolean isCertainlyHost(Path path) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < 32 || size > Integer.MAX_VALUE) {
                return false;
            }
            ByteBuffer head = read(ch, (int) Math.min(size, HEAD));
            if (head.getLong(0) != Magic.RAW64) {
                return false;
            }
            int version = (int) head.getLong(8);
            long binaryIdsSize = head.getLong(16);
            long numData = head.getLong(24);
            if (version < 8 || version > 10 || binaryIdsSize < 0 || numData < 0
                    || binaryIdsSize > size || numData > size / MIN_RECORD) {
                return false;
            }
            RawHeader h = RawHeaderParser.parse(RawBytes.wrap(head.duplicate().clear()), 0, 8, "");
            RecordLayout layout = RecordLayout.of(h.version(), 8);
            RawSections sections = RawSections.locate(h, layout, size, "");
            long dataEnd = sections.dataOffset() + numData * layout.size();
            if (dataEnd > size || (sections.dataOffset() & 7) != 0) {
                return false;
            }
            boolean fillsFile = sections.valueDataOffset() == size;
            boolean mayHaveDevice = layout.offloadThreads() >= 0;
            if (fillsFile && !mayHaveDevice) {
                return true;
            }
            long[] w = records(ch, (int) numData, layout, sections);
            if (!fillsFile && !anyValueSites(w, (int) numData, layout)) {
                return false; // something after this profile: perhaps another profile
            }
            return !mayHaveDevice || noDeviceRecord(w, (int) numData, layout);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Whether no v10 record has offload threads (a device record). */
    private static boolean noDeviceRecord(long[] w, int numData, RecordLayout layout) {
        int at = layout.offloadThreads();
        for (int i = 0, rec = 0; i < numData; i++, rec += layout.size()) {
            if (Words.u16(w, rec + at) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether some record has value sites (then value data follows the names). */
    private static boolean anyValueSites(long[] w, int numData, RecordLayout layout) {
        for (int i = 0, rec = 0; i < numData; i++, rec += layout.size()) {
            for (int k = 0; k < layout.valueKinds(); k++) {
                if (Words.u16(w, rec + layout.numValueSites() + 2 * k) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The data records as little-endian words, in the reused word array. */
    private long[] records(FileChannel ch, int numData, RecordLayout layout, RawSections sections) throws IOException {
        int n = numData * (layout.size() / 8);
        ByteBuffer data = read(ch, sections.dataOffset(), n * 8);
        if (words.length < n) {
            words = new long[Math.max(n, words.length + words.length / 2)];
        }
        data.asLongBuffer().get(words, 0, n);
        return words;
    }

    private ByteBuffer read(FileChannel ch, int length) throws IOException {
        return read(ch, 0, length);
    }

    /** {@code length} bytes of the file from {@code offset}, little-endian, in the reused buffer. */
    private ByteBuffer read(FileChannel ch, long offset, int length) throws IOException {
        if (buffer.capacity() < length) {
            buffer = ByteBuffer.allocateDirect(Math.max(length, buffer.capacity() * 2));
        }
        ByteBuffer b = buffer.clear().limit(length).slice().order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining() && ch.read(b, offset + b.position()) >= 0) {
            // position advances by what was read
        }
        if (b.hasRemaining()) {
            throw new IOException("file shorter than its header says");
        }
        return b.clear();
    }
}
