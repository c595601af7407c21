package dev.jprofdata.format.dwarf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Where the committed code objects and their LLVM goldens are (fixtures/pc-sampling/). */
public final class CodeObjectFixtures {
    private CodeObjectFixtures() {
    }

    public static Path root() {
        return Path.of(System.getProperty("jprofdata.root", "..")).resolve("fixtures/pc-sampling").toAbsolutePath()
                .normalize();
    }

    public static Path codeObjects() {
        return root().resolve("code-objects");
    }

    public static Path golden() {
        return root().resolve("golden");
    }

    /** The ELF fixtures (code objects and the host contrast object), by name. */
    public static List<Path> elfFiles() throws IOException {
        try (Stream<Path> files = Files.list(codeObjects())) {
            return files.filter(p -> !p.getFileName().toString().endsWith(".bundle")).sorted().toList();
        }
    }
}
