package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jprofdata.format.ProfileReader;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The compiled module descriptors of the two library modules export exactly the packages that
 * spec/library-api.md documents, so the documentation and what library users get cannot drift.
 */
class LibraryModulesTest {

    @Test
    void formatModuleExportsTheDocumentedPackages() throws Exception {
        ModuleDescriptor format = descriptorOf(ProfileReader.class, "dev.jprofdata.format");
        checkAgainstSpec(format);
        assertThat(format.requires()).anySatisfy(r -> {
            assertThat(r.name()).isEqualTo("com.github.luben.zstd_jni");
            assertThat(r.modifiers()).containsExactly(ModuleDescriptor.Requires.Modifier.STATIC);
        });
    }

    @Test
    void mergeModuleExportsTheDocumentedPackages() throws Exception {
        ModuleDescriptor merge = descriptorOf(Profiles.class, "dev.jprofdata.merge");
        checkAgainstSpec(merge);
        // Library users who require the merge module can use the format types in its signatures.
        assertThat(merge.requires()).anySatisfy(r -> {
            assertThat(r.name()).isEqualTo("dev.jprofdata.format");
            assertThat(r.modifiers()).contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE);
        });
    }

    private static void checkAgainstSpec(ModuleDescriptor module) throws IOException {
        List<Set<String>> row = specRow(module.name());
        Set<String> exported = row.get(0);
        Set<String> internal = row.get(1);

        Set<String> toAll = module.exports().stream().filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source).collect(Collectors.toCollection(TreeSet::new));
        assertThat(toAll).as("packages %s exports to everyone", module.name()).isEqualTo(exported);

        // Internal packages go, at most, to the merge module, which builds on them.
        for (ModuleDescriptor.Exports e : module.exports()) {
            if (e.isQualified()) {
                assertThat(internal).as("qualified export of %s", e.source()).contains(e.source());
                assertThat(e.targets()).as("targets of %s", e.source()).containsExactly("dev.jprofdata.merge");
            }
        }
        assertThat(module.opens()).as("open packages").isEmpty();

        Set<String> documented = new TreeSet<>(exported);
        documented.addAll(internal);
        assertThat(new TreeSet<>(module.packages())).as("every package of %s is in the table", module.name())
                .isEqualTo(documented);
    }

    /**
     * The module's descriptor as compiled: read from where its classes are (target/classes or the
     * jar), so the check holds on the class path as on the module path.
     */
    private static ModuleDescriptor descriptorOf(Class<?> type, String name) throws URISyntaxException {
        Path location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        ModuleDescriptor descriptor = ModuleFinder.of(location).find(name)
                .orElseThrow(() -> new AssertionError("no module " + name + " at " + location)).descriptor();
        assertThat(descriptor.isAutomatic()).as("%s has a module-info.class", name).isFalse();
        if (type.getModule().isNamed()) {
            assertThat(type.getModule().getDescriptor().exports()).isEqualTo(descriptor.exports());
        }
        return descriptor;
    }

    /** The exported and the internal packages of {@code module} in the spec's table. */
    private static List<Set<String>> specRow(String module) throws IOException {
        Path spec = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().normalize()
                .resolve("spec/library-api.md");
        assumeTrue(Files.isRegularFile(spec), "spec/library-api.md not found");
        String row = Files.readAllLines(spec).stream().filter(l -> l.startsWith("| `" + module + "` |"))
                .findFirst().orElseThrow(() -> new AssertionError("no row for " + module + " in " + spec));
        String[] cells = row.split("\\|");
        assertThat(cells).as("cells of the row for %s", module).hasSizeGreaterThanOrEqualTo(4);
        return List.of(packages(cells[2]), packages(cells[3]));
    }

    private static Set<String> packages(String cell) {
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("`([a-z][a-z0-9.]*)`").matcher(cell);
        while (m.find()) {
            names.add(m.group(1));
        }
        assertThat(names).as("packages in '%s'", cell.trim()).isNotEmpty();
        return names;
    }
}
