package dev.jprofdata.format.dwarf;

import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.elf.CodeObjectException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One line-number table of .debug_line (DWARF 2 to 5): the header's directories and files, and
 * the rows its program produces, grouped into sequences. A lookup finds the sequence that holds
 * an address and in it the last row at or before the address, as LLVM does; file names are
 * built from the file entry, its directory and the unit's compilation directory by LLVM's rules
 * for absolute paths.
 */
final class LineTable {
    /** One row of the table (end-of-sequence rows included). */
    record Row(long address, long file, long line, long column, long discriminator, boolean endSequence) {
    }

    /** Rows [first, last) of one sequence; {@code last - 1} is its end-of-sequence row. */
    record Sequence(long low, long high, int first, int last) {
    }

    private record FileEntry(String name, long directory) {
    }

    final int version;
    private final List<String> directories;
    private final List<FileEntry> files;
    private final List<Row> rows;
    private final List<Sequence> sequences;

    private LineTable(int version, List<String> directories, List<FileEntry> files, List<Row> rows,
            List<Sequence> sequences) {
        this.version = version;
        this.directories = directories;
        this.files = files;
        this.rows = rows;
        this.sequences = sequences;
    }

    /** The row for {@code address}, or null when no sequence holds it. */
    Row lookup(long address) {
        // The first sequence (by end address) that ends after the address must also start at or before it.
        int lo = 0;
        int hi = sequences.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sequences.get(mid).high() <= address) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (lo == sequences.size()) {
            return null;
        }
        Sequence s = sequences.get(lo);
        if (address < s.low()) {
            return null;
        }
        // The last row at or before the address among the sequence's rows before its end row.
        int first = s.first();
        int a = first + 1;
        int b = s.last() - 1;
        while (a < b) {
            int mid = (a + b) >>> 1;
            if (rows.get(mid).address() <= address) {
                a = mid + 1;
            } else {
                b = mid;
            }
        }
        return rows.get(a - 1);
    }

    /** Whether {@code index} names a file of this table (0-based in DWARF 5, 1-based before). */
    boolean hasFile(long index) {
        return version >= 5 ? index >= 0 && index < files.size() : index >= 1 && index <= files.size();
    }

    /**
     * The absolute path of file {@code index}: the name itself when absolute, else the
     * compilation directory (unless the entry's directory is absolute, or it is DWARF 5's
     * directory 0, which is the compilation directory), the directory and the name joined.
     * Null when the index names no file.
     */
    String fileName(long index, String compDir) {
        if (!hasFile(index)) {
            return null;
        }
        FileEntry entry = files.get((int) (version >= 5 ? index : index - 1));
        if (entry.name() == null) {
            return null;
        }
        if (isAbsolute(entry.name())) {
            return entry.name();
        }
        String dir = "";
        if (version >= 5) {
            if (entry.directory() >= 0 && entry.directory() < directories.size()) {
                dir = directories.get((int) entry.directory());
            }
        } else if (entry.directory() > 0 && entry.directory() <= directories.size()) {
            dir = directories.get((int) entry.directory() - 1);
        }
        StringBuilder path = new StringBuilder();
        if ((version < 5 || entry.directory() != 0) && !compDir.isEmpty() && !isAbsolute(dir)) {
            append(path, compDir);
        }
        append(path, dir);
        append(path, entry.name());
        return path.toString();
    }

    /** Joins as LLVM's path append does (POSIX style): empty parts are skipped, one '/' between parts. */
    private static void append(StringBuilder path, String part) {
        if (part == null || part.isEmpty()) {
            return;
        }
        if (path.length() > 0 && path.charAt(path.length() - 1) == '/') {
            int k = 0;
            while (k < part.length() && part.charAt(k) == '/') {
                k++;
            }
            path.append(part, k, part.length());
            return;
        }
        if (path.length() > 0 && part.charAt(0) != '/') {
            path.append('/');
        }
        path.append(part);
    }

    /** An absolute POSIX or Windows path. */
    private static boolean isAbsolute(String p) {
        if (p == null || p.isEmpty()) {
            return false;
        }
        if (p.charAt(0) == '/' || p.charAt(0) == '\\') {
            return true;
        }
        return p.length() >= 3 && Character.isLetter(p.charAt(0)) && p.charAt(1) == ':'
                && (p.charAt(2) == '\\' || p.charAt(2) == '/');
    }

    /** Reads the table at {@code offset} of .debug_line for {@code unit}. */
    static LineTable read(DwarfUnit unit, long offset) throws CodeObjectException {
        var section = unit.sections.line();
        if (offset < 0 || offset >= section.size()) {
            throw unit.error(unit.offset, Kind.MALFORMED, "DW_AT_stmt_list offset " + offset
                    + " is outside the " + section.size() + "-byte .debug_line");
        }
        DwarfCursor in = new DwarfCursor(section, ".debug_line", offset);
        long length = in.u32("line table length");
        boolean dwarf64 = false;
        if (length == 0xffffffffL) {
            dwarf64 = true;
            length = in.u64("line table length");
        } else if (length >= 0xfffffff0L) {
            throw in.error(offset, Kind.MALFORMED, "reserved line table length");
        }
        if (length < 0 || length > section.size() - in.pos()) {
            throw in.error(offset, Kind.TOO_LARGE, "line table length " + Long.toUnsignedString(length)
                    + " runs past the end of the section");
        }
        long end = in.pos() + length;
        in.limit(end);
        int version = in.u16("line table version");
        if (version < 2 || version > 5) {
            throw in.error(in.pos() - 2, Kind.UNSUPPORTED_VERSION,
                    "line table version " + version + " is not supported (2 to 5 are)");
        }
        int addressSize = unit.addressSize;
        if (version >= 5) {
            addressSize = in.u8("line table address size");
            in.u8("segment selector size");
            if (addressSize != 4 && addressSize != 8) {
                throw in.error(in.pos() - 2, Kind.MALFORMED, "line table address size " + addressSize);
            }
        }
        long headerLength = in.offset(dwarf64, "line table header length");
        if (headerLength < 0 || headerLength > end - in.pos()) {
            throw in.error(in.pos(), Kind.TOO_LARGE, "line table header length runs past the table");
        }
        long programStart = in.pos() + headerLength;
        int minInstLength = in.u8("minimum instruction length");
        int maxOpsPerInst = version >= 4 ? in.u8("maximum operations per instruction") : 1;
        if (maxOpsPerInst == 0) {
            maxOpsPerInst = 1;
        }
        boolean defaultIsStmt = in.u8("default is_stmt") != 0;
        int lineBase = (byte) in.u8("line base");
        int lineRange = in.u8("line range");
        int opcodeBase = in.u8("opcode base");
        if (lineRange == 0) {
            throw in.error(in.pos() - 2, Kind.MALFORMED, "line range 0");
        }
        int[] standardLengths = new int[Math.max(opcodeBase, 1)];
        for (int i = 1; i < opcodeBase; i++) {
            standardLengths[i] = in.u8("standard opcode length");
        }
        List<String> directories = new ArrayList<>();
        List<FileEntry> files = new ArrayList<>();
        if (version >= 5) {
            readEntries(unit, in, dwarf64, directories, null);
            readEntries(unit, in, dwarf64, null, files);
        } else {
            while (true) {
                String dir = in.cString("include directory");
                if (dir.isEmpty()) {
                    break;
                }
                directories.add(dir);
            }
            while (true) {
                String name = in.cString("file name");
                if (name.isEmpty()) {
                    break;
                }
                long dir = in.uleb("file directory index");
                in.uleb("file modification time");
                in.uleb("file length");
                files.add(new FileEntry(name, dir));
            }
        }
        if (in.pos() > programStart) {
            throw in.error(programStart, Kind.MALFORMED, "line table header is longer than its header_length says");
        }
        in.seek(programStart);
        List<Row> rows = new ArrayList<>();
        List<Sequence> sequences = new ArrayList<>();
        // The state machine's registers.
        long address = 0;
        long opIndex = 0;
        long file = 1;
        long line = 1;
        long column = 0;
        long discriminator = 0;
        int sequenceStart = 0;
        long sequenceLow = Long.MAX_VALUE;
        while (!in.atEnd()) {
            long opAt = in.pos();
            int opcode = in.u8("line program opcode");
            boolean emit = false;
            boolean endSequence = false;
            if (opcode >= opcodeBase) {
                int adjusted = opcode - opcodeBase;
                long advance = adjusted / lineRange;
                address += minInstLength * ((opIndex + advance) / maxOpsPerInst);
                opIndex = (opIndex + advance) % maxOpsPerInst;
                line += lineBase + adjusted % lineRange;
                emit = true;
            } else if (opcode == 0) {
                long len = in.uleb("extended opcode length");
                if (len == 0 || len > in.limit() - in.pos()) {
                    throw in.error(opAt, Kind.MALFORMED, "extended opcode length " + len + " runs past the table");
                }
                long next = in.pos() + len;
                int sub = in.u8("extended opcode");
                switch (sub) {
                    case Dwarf.DW_LNE_end_sequence -> {
                        emit = true;
                        endSequence = true;
                    }
                    case Dwarf.DW_LNE_set_address -> {
                        long width = len - 1;
                        if (width != 4 && width != 8 && width != 2 && width != 1) {
                            throw in.error(opAt, Kind.MALFORMED, "DW_LNE_set_address of " + width + " bytes");
                        }
                        address = in.unsigned((int) width, "address");
                        opIndex = 0;
                    }
                    case Dwarf.DW_LNE_set_discriminator -> discriminator = in.uleb("discriminator");
                    case Dwarf.DW_LNE_define_file -> {
                        String name = in.cString("file name");
                        long dir = in.uleb("file directory index");
                        files.add(new FileEntry(name, dir));
                    }
                    default -> {
                    }
                }
                if (in.pos() > next) {
                    throw in.error(opAt, Kind.MALFORMED, "extended opcode runs past its length");
                }
                in.seek(next);
            } else {
                switch (opcode) {
                    case Dwarf.DW_LNS_copy -> emit = true;
                    case Dwarf.DW_LNS_advance_pc -> {
                        long advance = in.uleb("address advance");
                        address += minInstLength * ((opIndex + advance) / maxOpsPerInst);
                        opIndex = (opIndex + advance) % maxOpsPerInst;
                    }
                    case Dwarf.DW_LNS_advance_line -> line += in.sleb("line advance");
                    case Dwarf.DW_LNS_set_file -> file = in.uleb("file index");
                    case Dwarf.DW_LNS_set_column -> column = in.uleb("column");
                    case Dwarf.DW_LNS_negate_stmt, Dwarf.DW_LNS_set_basic_block, Dwarf.DW_LNS_set_prologue_end,
                            Dwarf.DW_LNS_set_epilogue_begin -> {
                    }
                    case Dwarf.DW_LNS_const_add_pc -> {
                        long advance = (255 - opcodeBase) / lineRange;
                        address += minInstLength * ((opIndex + advance) / maxOpsPerInst);
                        opIndex = (opIndex + advance) % maxOpsPerInst;
                    }
                    case Dwarf.DW_LNS_fixed_advance_pc -> {
                        address += in.u16("fixed address advance");
                        opIndex = 0;
                    }
                    case Dwarf.DW_LNS_set_isa -> in.uleb("isa");
                    default -> {
                        // An opcode this reader does not know: skip its operands as the header declares.
                        for (int k = 0; k < standardLengths[opcode]; k++) {
                            in.uleb("opcode operand");
                        }
                    }
                }
            }
            if (emit) {
                rows.add(new Row(address, file, line, column, discriminator, endSequence));
                if (!endSequence) {
                    sequenceLow = Math.min(sequenceLow, address);
                }
                discriminator = 0;
                if (endSequence) {
                    int last = rows.size();
                    if (last - sequenceStart > 1 && sequenceLow < address) {
                        sequences.add(new Sequence(sequenceLow, address, sequenceStart, last));
                    }
                    sequenceStart = last;
                    sequenceLow = Long.MAX_VALUE;
                    address = 0;
                    opIndex = 0;
                    file = 1;
                    line = 1;
                    column = 0;
                }
            }
        }
        sequences.sort((a, b) -> Long.compare(a.high(), b.high()));
        return new LineTable(version, directories, files, rows, sequences);
    }

    /**
     * Reads a DWARF 5 directory or file-name table: an entry format (content type and form
     * pairs), a count, and the entries.
     */
    private static void readEntries(DwarfUnit unit, DwarfCursor in, boolean dwarf64, List<String> directories,
            List<FileEntry> files) throws CodeObjectException {
        String what = directories != null ? "directory" : "file name";
        int formatCount = in.u8(what + " entry format count");
        long[] types = new long[formatCount];
        int[] forms = new int[formatCount];
        for (int i = 0; i < formatCount; i++) {
            types[i] = in.uleb(what + " entry content type");
            forms[i] = (int) in.uleb(what + " entry form");
        }
        long countAt = in.pos();
        long count = in.uleb(what + " count");
        // Each entry takes at least a byte; with no fields it takes none, so no count can be trusted.
        if (count > 0 && (formatCount == 0 || count > in.limit() - in.pos())) {
            throw in.error(countAt, Kind.MALFORMED, what + " count " + Long.toUnsignedString(count)
                    + " does not fit in the line table header");
        }
        for (long e = 0; e < count; e++) {
            String name = null;
            long dir = 0;
            for (int i = 0; i < formatCount; i++) {
                int form = forms[i];
                if (form == Dwarf.DW_FORM_implicit_const) {
                    throw in.error(in.pos(), Kind.MALFORMED, "DW_FORM_implicit_const in a line table header");
                }
                long value = readHeaderValue(unit, in, dwarf64, form);
                if (types[i] == Dwarf.DW_LNCT_path) {
                    name = headerString(unit, in, form, value);
                } else if (types[i] == Dwarf.DW_LNCT_directory_index && DwarfUnit.isConstant(form)) {
                    dir = value;
                }
            }
            if (directories != null) {
                directories.add(name == null ? "" : name);
            } else {
                files.add(new FileEntry(name, dir));
            }
        }
    }

    private static long readHeaderValue(DwarfUnit unit, DwarfCursor in, boolean dwarf64, int form)
            throws CodeObjectException {
        // The line table's own offset size governs its string offsets.
        if (form == Dwarf.DW_FORM_strp || form == Dwarf.DW_FORM_line_strp || form == Dwarf.DW_FORM_sec_offset) {
            return in.offset(dwarf64, "string offset");
        }
        return unit.readValue(in, form, 0);
    }

    private static String headerString(DwarfUnit unit, DwarfCursor in, int form, long value)
            throws CodeObjectException {
        if (form == Dwarf.DW_FORM_string) {
            return in.bytes().cString(value, "line table string");
        }
        String s = unit.string(form, value);
        if (s == null) {
            throw in.error(in.pos(), Kind.MALFORMED, "line table path of form 0x" + Integer.toHexString(form));
        }
        return s;
    }

    @Override
    public String toString() {
        return "LineTable[v" + version + ", " + rows.size() + " rows, files " + Arrays.toString(files.toArray()) + "]";
    }
}
