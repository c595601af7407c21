package dev.jprofdata.format.dwarf;

import dev.jprofdata.format.elf.CodeObjectException;
import dev.jprofdata.format.elf.CodeObjects;
import dev.jprofdata.format.elf.ElfFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps addresses of a code object to source: the inline stack (innermost frame first) with each
 * frame's function, file, line, column, discriminator and declaration line, read from the code
 * object's DWARF 2-5 (.debug_info, .debug_abbrev, .debug_line and the string, address and range
 * sections). The answers are those of {@code llvm-symbolizer --inlines}, against which the tests
 * check them.
 *
 * <p>Addresses are the code object's own virtual addresses, not file offsets (for an AMDGPU code
 * object loaded with its load delta equal to its load base, rocprofv3's
 * {@code code_object_offset}). The compile units are read when the
 * symbolizer is made; each line table when an address first needs it. Damage found then or later
 * is a {@link CodeObjectException} naming the file and byte offset. Not thread-safe.
 */
public final class CodeObjectSymbolizer {
    /** References between DIEs are followed at most this deep (a cycle is damage, not a reason to hang). */
    private static final int MAX_REFERENCE_DEPTH = 64;

    private final ElfFile elf;
    private final DebugInfo info;
    private final Map<Long, LineTable> lineTables = new HashMap<>();

    private CodeObjectSymbolizer(ElfFile elf, DebugInfo info) {
        this.elf = elf;
        this.info = info;
    }

    /** A symbolizer over the DWARF of {@code elf}. */
    public static CodeObjectSymbolizer of(ElfFile elf) throws CodeObjectException {
        return new CodeObjectSymbolizer(elf, DebugInfo.read(DwarfSections.of(elf)));
    }

    /** A symbolizer over the code object in {@code path} (see {@link CodeObjects#open(Path)}). */
    public static CodeObjectSymbolizer open(Path path) throws IOException {
        return of(CodeObjects.open(path));
    }

    public ElfFile elf() {
        return elf;
    }

    /** Whether the code object has any compile unit to symbolize with. */
    public boolean hasDebugInfo() {
        return !info.units.isEmpty();
    }

    /**
     * The inline stack at {@code address}, innermost frame first, the function that holds the
     * code last; empty when no compile unit covers the address.
     */
    public List<SourceFrame> symbolize(long address) throws CodeObjectException {
        DwarfUnit unit = info.unitFor(address);
        if (unit == null) {
            return List.of();
        }
        LineTable table = lineTable(unit);
        List<SubroutineDie> chain = new ArrayList<>();
        for (SubroutineDie d = info.innermost(unit, address); d != null; d = d.parent) {
            if (d.tag == Dwarf.DW_TAG_inlined_subroutine || d.isSubprogram()) {
                chain.add(d);
            }
            if (d.isSubprogram() || chain.size() > 100_000) {
                break;
            }
        }
        List<SourceFrame> frames = new ArrayList<>(Math.max(1, chain.size()));
        LineTable.Row row = table == null ? null : table.lookup(address);
        if (chain.isEmpty()) {
            frames.add(rowFrame(unit, table, row, null));
            return Collections.unmodifiableList(frames);
        }
        for (int i = 0; i < chain.size(); i++) {
            SubroutineDie die = chain.get(i);
            if (i == 0) {
                frames.add(rowFrame(unit, table, row, die));
            } else {
                SubroutineDie callee = chain.get(i - 1);
                String file = table == null ? null : table.fileName(Math.max(callee.callFile, 0), unit.compDir);
                frames.add(frame(die, file, Math.max(callee.callLine, 0), Math.max(callee.callColumn, 0),
                        Math.max(callee.callDiscriminator, 0)));
            }
        }
        return Collections.unmodifiableList(frames);
    }

    /**
     * Every DW_TAG_subprogram DIE in section order (definitions, declarations and abstract
     * instances of inlined functions), with names and declaration lines resolved as for frames.
     */
    public List<FunctionDeclaration> functions() throws CodeObjectException {
        List<FunctionDeclaration> out = new ArrayList<>(info.subprograms.size());
        for (SubroutineDie die : info.subprograms) {
            SourceFrame f = frame(die, null, 0, 0, 0);
            out.add(new FunctionDeclaration(die.offset, f.name(), f.linkageName(), f.declFile(), f.declLine(),
                    die.lowPc));
        }
        return Collections.unmodifiableList(out);
    }

    private SourceFrame rowFrame(DwarfUnit unit, LineTable table, LineTable.Row row, SubroutineDie die)
            throws CodeObjectException {
        String file = null;
        long line = 0;
        long column = 0;
        long discriminator = 0;
        if (row != null) {
            file = table.fileName(row.file(), unit.compDir);
            line = row.line();
            column = row.column();
            discriminator = row.discriminator();
        }
        if (die == null) {
            return new SourceFrame(null, null, file, line, column, discriminator, 0, null, -1);
        }
        return frame(die, file, line, column, discriminator);
    }

    private SourceFrame frame(SubroutineDie die, String file, long line, long column, long discriminator)
            throws CodeObjectException {
        SubroutineDie named = find(die, d -> d.nameForm >= 0);
        SubroutineDie linked = find(die, d -> d.linkageNameForm >= 0);
        SubroutineDie declared = find(die, d -> d.declLine >= 0);
        SubroutineDie declaredFile = find(die, d -> d.declFile >= 0);
        String name = named == null ? null : named.unit.string(named.nameForm, named.nameValue);
        String linkage = linked == null ? null : linked.unit.string(linked.linkageNameForm, linked.linkageNameValue);
        String declFile = null;
        if (declaredFile != null) {
            LineTable t = lineTable(declaredFile.unit);
            declFile = t == null ? null : t.fileName(declaredFile.declFile, declaredFile.unit.compDir);
        }
        return new SourceFrame(name, linkage, file, line, column, discriminator,
                declared == null ? 0 : declared.declLine, declFile, die.lowPc);
    }

    private interface Has {
        boolean test(SubroutineDie d);
    }

    /**
     * The first DIE, from {@code die} through its DW_AT_specification and DW_AT_abstract_origin
     * references (depth first, specification before origin, each DIE once), that has what
     * {@code has} asks for: how LLVM finds a subroutine's attributes.
     */
    private SubroutineDie find(SubroutineDie die, Has has) {
        List<SubroutineDie> work = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        work.add(die);
        seen.add(die.offset);
        int steps = 0;
        while (!work.isEmpty() && steps++ < MAX_REFERENCE_DEPTH) {
            SubroutineDie d = work.remove(work.size() - 1);
            if (has.test(d)) {
                return d;
            }
            for (long ref : new long[] {d.abstractOrigin, d.specification}) {
                if (ref >= 0 && seen.add(ref)) {
                    SubroutineDie target = info.subroutines.get(ref);
                    if (target != null) {
                        work.add(target);
                    }
                }
            }
        }
        return null;
    }

    private LineTable lineTable(DwarfUnit unit) throws CodeObjectException {
        if (unit.stmtList < 0) {
            return null;
        }
        LineTable table = lineTables.get(unit.offset);
        if (table == null) {
            table = LineTable.read(unit, unit.stmtList);
            lineTables.put(unit.offset, table);
        }
        return table;
    }
}
