package dev.jprofdata.format.dwarf;

import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.dwarf.Abbreviations.Abbreviation;
import dev.jprofdata.format.elf.CodeObjectException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The compile units of .debug_info and, per unit, what an address lookup needs: every
 * subprogram and inlined-subroutine DIE (by offset, for references across the unit or the
 * section) and a map from address to the innermost such DIE whose ranges hold it.
 *
 * <p>The map is built as LLVM's DWARF reader builds its own: DIEs are inserted in DIE order
 * (parents before children), and a child's range cuts the part it covers out of its parent's,
 * so a lookup finds the innermost subroutine; zero-sized ranges are ignored.
 */
final class DebugInfo {
    /** One address-map entry: the DIE that owns [key, high). */
    record Owner(long high, SubroutineDie die) {
    }

    final List<DwarfUnit> units = new ArrayList<>();
    final Map<Long, SubroutineDie> subroutines = new HashMap<>();
    /** The DW_TAG_subprogram DIEs in section order. */
    final List<SubroutineDie> subprograms = new ArrayList<>();
    final Map<DwarfUnit, TreeMap<Long, Owner>> addressMaps = new HashMap<>();

    static DebugInfo read(DwarfSections sections) throws CodeObjectException {
        DebugInfo info = new DebugInfo();
        Map<Long, Abbreviations> abbreviations = new HashMap<>();
        long pos = 0;
        while (pos < sections.info().size()) {
            DwarfCursor in = new DwarfCursor(sections.info(), ".debug_info", pos);
            DwarfUnit unit = DwarfUnit.readHeader(sections, in);
            pos = unit.end;
            if (!unit.holdsCode()) {
                continue;
            }
            Abbreviations table = abbreviations.get(unit.abbrevOffset);
            if (table == null) {
                table = Abbreviations.read(sections.abbrev(), unit.abbrevOffset);
                abbreviations.put(unit.abbrevOffset, table);
            }
            info.readUnit(unit, table, in);
            info.units.add(unit);
        }
        return info;
    }

    private void readUnit(DwarfUnit unit, Abbreviations table, DwarfCursor in) throws CodeObjectException {
        TreeMap<Long, Owner> map = new TreeMap<>();
        List<SubroutineDie> inUnit = new ArrayList<>();
        // enclosing.get(d) is the nearest subroutine DIE around depth d (null when none).
        List<SubroutineDie> enclosing = new ArrayList<>();
        enclosing.add(null);
        int depth = 0;
        boolean first = true;
        while (!in.atEnd()) {
            long dieOffset = in.pos();
            long code = in.uleb("abbreviation code");
            if (code == 0) {
                if (depth > 0) {
                    depth--;
                }
                continue;
            }
            Abbreviation abbrev = table.get(code);
            if (abbrev == null) {
                throw in.error(dieOffset, Kind.MALFORMED, "DIE at offset " + dieOffset
                        + " uses abbreviation code " + code + ", which its table does not define");
            }
            boolean isUnit = first && (abbrev.tag() == Dwarf.DW_TAG_compile_unit || abbrev.tag() == Dwarf.DW_TAG_partial_unit);
            boolean isSubroutine = abbrev.tag() == Dwarf.DW_TAG_subprogram
                    || abbrev.tag() == Dwarf.DW_TAG_inlined_subroutine;
            SubroutineDie die = isSubroutine ? new SubroutineDie(dieOffset, unit, abbrev.tag()) : null;
            if (isUnit) {
                readUnitDie(unit, abbrev, in);
            } else {
                readAttributes(unit, abbrev, in, die);
            }
            first = false;
            if (die != null) {
                die.parent = enclosing.get(depth);
                subroutines.put(dieOffset, die);
                if (die.isSubprogram()) {
                    subprograms.add(die);
                }
                inUnit.add(die);
                insert(map, die);
            }
            if (abbrev.hasChildren()) {
                depth++;
                SubroutineDie around = die != null ? die : enclosing.get(depth - 1);
                if (enclosing.size() > depth) {
                    enclosing.set(depth, around);
                } else {
                    enclosing.add(around);
                }
            }
        }
        if (unit.ranges.length == 0) {
            // No ranges on the unit DIE: the unit covers what its subroutines cover.
            RangeLists.LongPairs all = new RangeLists.LongPairs();
            for (SubroutineDie d : inUnit) {
                for (int i = 0; i < d.ranges.length; i += 2) {
                    all.add(d.ranges[i], d.ranges[i + 1]);
                }
            }
            unit.ranges = all.toArray();
        }
        addressMaps.put(unit, map);
    }

    private static void insert(TreeMap<Long, Owner> map, SubroutineDie die) {
        long[] r = die.ranges;
        for (int i = 0; i < r.length; i += 2) {
            long low = r[i];
            long high = r[i + 1];
            if (low == high) {
                continue;
            }
            Map.Entry<Long, Owner> below = map.floorEntry(low);
            if (below != null && low < below.getValue().high()) {
                // The new range lies inside an existing one: keep the existing owner on either side.
                if (high < below.getValue().high()) {
                    map.put(high, below.getValue());
                }
                if (low > below.getKey()) {
                    map.put(below.getKey(), new Owner(low, below.getValue().die()));
                }
            }
            map.put(low, new Owner(high, die));
        }
    }

    private void readUnitDie(DwarfUnit unit, Abbreviation abbrev, DwarfCursor in) throws CodeObjectException {
        int nameForm = -1;
        long nameValue = 0;
        int compDirForm = -1;
        long compDirValue = 0;
        AddressAttributes addresses = new AddressAttributes();
        for (int i = 0; i < abbrev.attributes().length; i++) {
            int form = abbrev.forms()[i];
            long value = unit.readValue(in, form, abbrev.implicitConsts()[i]);
            if (addresses.take(abbrev.attributes()[i], form, value)) {
                continue;
            }
            switch (abbrev.attributes()[i]) {
                case Dwarf.DW_AT_name -> {
                    nameForm = form;
                    nameValue = value;
                }
                case Dwarf.DW_AT_comp_dir -> {
                    compDirForm = form;
                    compDirValue = value;
                }
                case Dwarf.DW_AT_stmt_list -> unit.stmtList = value;
                case Dwarf.DW_AT_str_offsets_base -> unit.strOffsetsBase = value;
                case Dwarf.DW_AT_addr_base -> unit.addrBase = value;
                case Dwarf.DW_AT_rnglists_base -> unit.rnglistsBase = value;
                default -> {
                }
            }
        }
        // The bases are known only now: the unit DIE may name its strings before DW_AT_str_offsets_base.
        if (nameForm >= 0) {
            unit.name = unit.string(nameForm, nameValue);
        }
        if (compDirForm >= 0) {
            String dir = unit.string(compDirForm, compDirValue);
            unit.compDir = dir == null ? "" : dir;
        }
        long low = addresses.low(unit);
        if (low >= 0) {
            unit.baseAddress = low;
        }
        unit.ranges = addresses.ranges(unit, low);
    }

    private static void readAttributes(DwarfUnit unit, Abbreviation abbrev, DwarfCursor in, SubroutineDie die)
            throws CodeObjectException {
        if (die == null) {
            for (int i = 0; i < abbrev.attributes().length; i++) {
                unit.readValue(in, abbrev.forms()[i], abbrev.implicitConsts()[i]);
            }
            return;
        }
        AddressAttributes addresses = new AddressAttributes();
        for (int i = 0; i < abbrev.attributes().length; i++) {
            int form = abbrev.forms()[i];
            long value = unit.readValue(in, form, abbrev.implicitConsts()[i]);
            if (addresses.take(abbrev.attributes()[i], form, value)) {
                continue;
            }
            boolean constant = DwarfUnit.isConstant(form);
            switch (abbrev.attributes()[i]) {
                case Dwarf.DW_AT_name -> {
                    if (DwarfUnit.isString(form)) {
                        die.nameForm = form;
                        die.nameValue = value;
                    }
                }
                case Dwarf.DW_AT_linkage_name, Dwarf.DW_AT_MIPS_linkage_name -> {
                    if (DwarfUnit.isString(form) && die.linkageNameForm < 0) {
                        die.linkageNameForm = form;
                        die.linkageNameValue = value;
                    }
                }
                case Dwarf.DW_AT_decl_line -> die.declLine = constant ? value : -1;
                case Dwarf.DW_AT_decl_file -> die.declFile = constant ? value : -1;
                case Dwarf.DW_AT_call_file -> die.callFile = constant ? value : -1;
                case Dwarf.DW_AT_call_line -> die.callLine = constant ? value : -1;
                case Dwarf.DW_AT_call_column -> die.callColumn = constant ? value : -1;
                case Dwarf.DW_AT_GNU_discriminator -> die.callDiscriminator = constant ? value : -1;
                case Dwarf.DW_AT_specification -> die.specification = DwarfUnit.isReference(form) ? value : -1;
                case Dwarf.DW_AT_abstract_origin -> die.abstractOrigin = DwarfUnit.isReference(form) ? value : -1;
                default -> {
                }
            }
        }
        long low = addresses.low(unit);
        if (low >= 0) {
            die.lowPc = low;
        }
        die.ranges = addresses.ranges(unit, die.lowPc);
    }

    /** Every unit range as {low, high, unit index}, by low address; and the running maximum of high. */
    private long[][] unitRanges;
    private long[] maxHighUpTo;

    private void indexUnitRanges() {
        List<long[]> all = new ArrayList<>();
        for (int u = 0; u < units.size(); u++) {
            long[] r = units.get(u).ranges;
            for (int i = 0; i < r.length; i += 2) {
                if (r[i] < r[i + 1]) {
                    all.add(new long[] {r[i], r[i + 1], u});
                }
            }
        }
        all.sort((a, b) -> Long.compare(a[0], b[0]));
        unitRanges = all.toArray(new long[0][]);
        maxHighUpTo = new long[unitRanges.length];
        long max = Long.MIN_VALUE;
        for (int i = 0; i < unitRanges.length; i++) {
            max = Math.max(max, unitRanges[i][1]);
            maxHighUpTo[i] = max;
        }
    }

    /**
     * The unit whose ranges hold {@code address}, or null; where units overlap (damage, or
     * duplicated code), the first in section order, as a scan of the units in order would give.
     */
    DwarfUnit unitFor(long address) {
        if (unitRanges == null) {
            indexUnitRanges();
        }
        int lo = 0;
        int hi = unitRanges.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (unitRanges[mid][0] <= address) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        long best = Long.MAX_VALUE;
        for (int i = lo - 1; i >= 0 && maxHighUpTo[i] > address; i--) {
            if (address < unitRanges[i][1]) {
                best = Math.min(best, unitRanges[i][2]);
            }
        }
        return best == Long.MAX_VALUE ? null : units.get((int) best);
    }

    /** The innermost subroutine DIE of {@code unit} whose ranges hold {@code address}, or null. */
    SubroutineDie innermost(DwarfUnit unit, long address) {
        Map.Entry<Long, Owner> e = addressMaps.get(unit).floorEntry(address);
        if (e == null || address >= e.getValue().high()) {
            return null;
        }
        return e.getValue().die();
    }
}
