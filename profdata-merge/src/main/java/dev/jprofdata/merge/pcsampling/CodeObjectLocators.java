package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.dwarf.CodeObjectSymbolizer;
import dev.jprofdata.format.elf.CodeObjectUri;
import dev.jprofdata.format.elf.CodeObjects;
import dev.jprofdata.format.pcsampling.CodeObject;
import dev.jprofdata.format.pcsampling.CodeObjectSourceLocator;
import dev.jprofdata.format.pcsampling.ResultsRun;
import dev.jprofdata.format.pcsampling.SourceLocator;
import java.io.IOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where each process's source lines come from (spec/pc-sampling.md, "Source lines"): the DWARF of
 * the code objects given by id ({@link PcSamplingOptions#codeObjects()}) and of those a results JSON
 * names by a {@code file://} URI that are on this machine; the comments for everything else. A
 * code object given by the user that cannot be read stops the analysis; one named by the input is
 * only warned about, and its samples keep their comments.
 */
final class CodeObjectLocators {
    private final PcSamplingOptions options;
    private final List<String> warnings;
    private final List<String> notes;
    /** The given code objects, opened once for every process. */
    private final Map<Long, CodeObjectSymbolizer> given = new TreeMap<>();
    private final Map<ResultsRun, SourceLocator> byRun = new HashMap<>();
    /** The locator of inputs without code objects (CSV): the given ones, else the comments. */
    private final SourceLocator withoutRun;

    CodeObjectLocators(PcSamplingOptions options, List<String> warnings, List<String> notes) throws IOException {
        this.options = options;
        this.warnings = warnings;
        this.notes = notes;
        for (Map.Entry<Long, PcSamplingOptions.CodeObjectFile> e : options.codeObjects().entrySet()) {
            given.put(e.getKey(), open(e.getValue()));
        }
        withoutRun = locator(given);
    }

    /** The symbolizer of a given code object; a file system error names the file. */
    private static CodeObjectSymbolizer open(PcSamplingOptions.CodeObjectFile file) throws IOException {
        try {
            return CodeObjectSymbolizer.of(file.target() == null ? CodeObjects.open(file.path())
                    : CodeObjects.open(file.path(), file.target()));
        } catch (ProfileFormatException e) {
            throw e;
        } catch (IOException e) {
            throw new IOException(file.path() + ": " + e.getMessage(), e);
        }
    }

    /** The locator for the samples of {@code run} (null: a CSV input, which carries no code objects). */
    SourceLocator forRun(ResultsRun run, String processName) {
        if (run == null) {
            return withoutRun;
        }
        SourceLocator known = byRun.get(run);
        if (known != null) {
            return known;
        }
        Map<Long, CodeObjectSymbolizer> symbolizers = new TreeMap<>(given);
        int absent = 0;
        if (options.codeObjectsFromUris()) {
            for (CodeObject co : new TreeMap<>(run.codeObjects()).values()) {
                if (symbolizers.containsKey(co.codeObjectId()) || !co.uri().startsWith("file://")) {
                    continue;
                }
                try {
                    CodeObjectUri uri = CodeObjectUri.parse(co.uri());
                    if (!Files.isRegularFile(uri.path())) {
                        absent++;
                        continue;
                    }
                    symbolizers.put(co.codeObjectId(), CodeObjectSymbolizer.of(CodeObjects.open(uri)));
                } catch (IOException e) {
                    warnings.add(processName + ": code object " + co.codeObjectId() + ": " + e.getMessage()
                            + "; its lines come from rocprofv3's comments");
                }
            }
        }
        if (absent > 0) {
            notes.add(processName + ": " + absent + " code object" + (absent == 1 ? " it names is" : "s it names are")
                    + " not on this machine (give them with --code-object ID=FILE for function names and inline"
                    + " stacks); those lines come from rocprofv3's comments");
        }
        SourceLocator locator = locator(symbolizers);
        byRun.put(run, locator);
        return locator;
    }

    /** The DWARF of {@code symbolizers} before the comments; the comments alone when there is none. */
    private SourceLocator locator(Map<Long, CodeObjectSymbolizer> symbolizers) {
        return symbolizers.isEmpty() ? options.locator() : new CodeObjectSourceLocator(symbolizers, options.locator());
    }

    /** Warns about code objects whose debug information turned out damaged while samples were placed. */
    void reportProblems(String processName, ResultsRun run) {
        if (!((run == null ? withoutRun : byRun.get(run)) instanceof CodeObjectSourceLocator locator)) {
            return;
        }
        locator.problems().forEach((id, why) -> warnings.add(processName + ": code object " + id + ": " + why
                + "; its lines come from rocprofv3's comments"));
    }
}
