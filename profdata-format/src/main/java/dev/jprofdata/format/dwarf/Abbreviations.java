package dev.jprofdata.format.dwarf;

import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.elf.CodeObjectException;
import dev.jprofdata.format.elf.FileSlice;
import java.util.HashMap;
import java.util.Map;

/**
 * One abbreviation table of {@code .debug_abbrev}: for each abbreviation code, the DIE's tag,
 * whether it has children, and its attributes with their forms (and the value of each
 * {@code DW_FORM_implicit_const}).
 */
final class Abbreviations {
    record Abbreviation(long code, int tag, boolean hasChildren, int[] attributes, int[] forms, long[] implicitConsts) {
    }

    private final Map<Long, Abbreviation> byCode;

    private Abbreviations(Map<Long, Abbreviation> byCode) {
        this.byCode = byCode;
    }

    static Abbreviations read(FileSlice section, long offset) throws CodeObjectException {
        if (offset < 0 || offset >= section.size()) {
            throw section.error(0, Kind.MALFORMED,
                    "abbreviation table offset " + offset + " is outside the " + section.size() + "-byte .debug_abbrev");
        }
        DwarfCursor in = new DwarfCursor(section, ".debug_abbrev", offset);
        Map<Long, Abbreviation> byCode = new HashMap<>();
        while (true) {
            long at = in.pos();
            long code = in.uleb("abbreviation code");
            if (code == 0) {
                return new Abbreviations(byCode);
            }
            int tag = (int) in.uleb("abbreviation tag");
            boolean children = in.u8("abbreviation children flag") != 0;
            IntList attributes = new IntList();
            IntList forms = new IntList();
            java.util.ArrayList<Long> consts = new java.util.ArrayList<>();
            while (true) {
                long attribute = in.uleb("attribute name");
                long form = in.uleb("attribute form");
                if (attribute == 0 && form == 0) {
                    break;
                }
                long implicit = form == Dwarf.DW_FORM_implicit_const ? in.sleb("implicit constant") : 0;
                attributes.add((int) attribute);
                forms.add((int) form);
                consts.add(implicit);
            }
            long[] implicitConsts = new long[consts.size()];
            for (int i = 0; i < implicitConsts.length; i++) {
                implicitConsts[i] = consts.get(i);
            }
            if (byCode.putIfAbsent(code, new Abbreviation(code, tag, children, attributes.toArray(), forms.toArray(),
                    implicitConsts)) != null) {
                throw in.error(at, Kind.MALFORMED, "abbreviation code " + code + " is defined twice");
            }
        }
    }

    Abbreviation get(long code) {
        return byCode.get(code);
    }

    /** A growable int array (abbreviations are read once per table; this keeps them unboxed). */
    private static final class IntList {
        private int[] items = new int[8];
        private int size;

        void add(int v) {
            if (size == items.length) {
                items = java.util.Arrays.copyOf(items, size * 2);
            }
            items[size++] = v;
        }

        int[] toArray() {
            return java.util.Arrays.copyOf(items, size);
        }
    }
}
