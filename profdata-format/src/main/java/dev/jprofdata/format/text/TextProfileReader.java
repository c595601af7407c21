package dev.jprofdata.format.text;

import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.SymbolTable;
import dev.jprofdata.format.TemporalTraces;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Streams the records of a text instrumentation profile (the format of
 * {@code llvm-profdata merge --text}), one line-group at a time, in file order.
 *
 * <p>The header (kind flags and temporal traces) is read when the reader is opened. Names are
 * kept as ISO-8859-1 strings, i.e. as raw bytes. The symbol table grows as records are read: it
 * holds every record name and every named indirect-call and vtable target seen so far (trace
 * names are not added, as in LLVM). Errors carry LLVM's message as the reason, the byte offset of
 * the offending line, and its line number ({@link TextProfileException#lineNumber()}). After an
 * error, {@link #next()} throws the same error again.
 */
public final class TextProfileReader implements ProfileReader {
    private final String fileName;
    private final InputStream source;
    private final TextHeader header;
    private final SymbolTable symbols = new SymbolTable();
    private final TextRecordParser records;
    private ProfileFormatException failure;

    private TextProfileReader(InputStream source, String fileName, MemoryGuard guard) throws IOException {
        this.source = source;
        this.fileName = fileName;
        TextCursor cursor = new TextCursor(new TextLines(source, fileName), fileName);
        this.header = TextHeader.read(cursor);
        this.records = new TextRecordParser(cursor, symbols, guard);
    }

    /** Opens {@code path}; messages name it {@code displayName}. */
    public static ProfileReader open(Path path, String displayName) throws IOException {
        return open(path, displayName, MemoryGuard.NONE);
    }

    /** As {@link #open(Path, String)}, asking {@code guard} before a record's counters grow. */
    public static ProfileReader open(Path path, String displayName, MemoryGuard guard) throws IOException {
        InputStream in;
        try {
            in = Files.newInputStream(path);
        } catch (NoSuchFileException e) {
            throw new ProfileFormatException(displayName, -1, Kind.NOT_FOUND, "No such file or directory");
        }
        return open(in, displayName, guard);
    }

    /**
     * Reads a text profile from {@code in} (for example stdin); the stream is closed with the
     * reader, or at once if the header is bad.
     */
    public static TextProfileReader open(InputStream in, String displayName) throws IOException {
        return open(in, displayName, MemoryGuard.NONE);
    }

    /** As {@link #open(InputStream, String)}, asking {@code guard} before a record's counters grow. */
    public static TextProfileReader open(InputStream in, String displayName, MemoryGuard guard) throws IOException {
        try {
            return new TextProfileReader(in, displayName, guard);
        } catch (IOException | RuntimeException e) {
            try {
                in.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    @Override
    public ProfileFormat format() {
        return ProfileFormat.TEXT;
    }

    @Override
    public String fileName() {
        return fileName;
    }

    /** Text profiles have no version; {@code show --profile-version} prints 0. */
    @Override
    public long displayVersion() {
        return 0;
    }

    @Override
    public ProfileKind kind() {
        return header.kind();
    }

    /** Text profiles cannot carry binary IDs. */
    @Override
    public List<byte[]> binaryIds() {
        return List.of();
    }

    @Override
    public ProfileRecord next() throws IOException {
        if (failure != null) {
            throw failure;
        }
        try {
            return records.next();
        } catch (ProfileFormatException e) {
            failure = e;
            throw e;
        }
    }

    @Override
    public SymbolTable symbols() {
        return symbols;
    }

    /** The traces stored in the header, with their stored weights; {@code rawWeight} is unused. */
    @Override
    public TemporalTraces temporalTraces(long rawWeight) {
        return header.traces();
    }

    /**
     * Names seen so far as vtable targets (value kind 2), in first-seen order; LLVM collects these
     * for {@code merge --keep-vtable-symbols}.
     */
    @Override
    public List<String> vtableNames() {
        return List.copyOf(records.vtableNames());
    }

    /**
     * The bitmap {@code llvm-profdata show} attaches to the record last returned by {@link #next()}.
     *
     * <p>LLVM's text reader fills one reused record object and clears its counters and value data
     * but not its bitmap, and {@code show} (unlike {@code merge}, which moves each record out)
     * keeps that object. So in {@code show --text} a record without a {@code $} section is printed
     * with the bitmap of the nearest earlier record that had one (verified with llvm-profdata 22 on
     * {@code mcdc.proftext}: {@code main} is printed with {@code dec}'s byte). A {@code $0} section
     * resets it to empty. Use this instead of {@code record.bitmap()} only to reproduce that output.
     */
    public byte[] bitmapAsShownByLlvm() {
        return records.lastBitmapSection().clone();
    }

    @Override
    public void close() throws IOException {
        source.close();
    }
}
