package dev.jprofdata.cli;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The {@code --remapping-file} of merge: one {@code old new} pair of symbol names per line; blank
 * lines and lines starting with {@code #} are ignored.
 */
final class RemappingFile {
    private RemappingFile() {
    }

    static UnaryOperator<String> read(Path path, String displayName) {
        List<String> lines = BoundedTextFile.readLines(path, displayName);
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int space = line.indexOf(' ');
            String from = space < 0 ? line : line.substring(0, space);
            String to = space < 0 ? "" : line.substring(space + 1);
            if (from.isEmpty() || to.isEmpty() || to.indexOf(' ') >= 0) {
                throw new CliException(displayName + ":" + (i + 1) + ": unexpected line in remapping file\n"
                        + "note: expected 'old_symbol new_symbol'");
            }
            map.put(from, to);
        }
        return name -> map.getOrDefault(name, name);
    }
}
