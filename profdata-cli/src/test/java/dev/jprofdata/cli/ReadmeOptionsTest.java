package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The README's option lists ("Commands") are the commands' declared options: every option
 * {@code --help} shows is listed under its command, every listed one is shown, and every hidden
 * one is listed as hidden; and no README or spec page names a {@code --option} that no command
 * declares. So help and documentation cannot drift apart again.
 */
class ReadmeOptionsTest {
    /** An option name inside a code span: {@code --name} or {@code -x}, before any {@code =}. */
    private static final Pattern OPTION = Pattern.compile("(?<![A-Za-z0-9-])--?[A-Za-z][A-Za-z0-9-]*");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    private static final Path ROOT = CliRun.fixtures().getParent();

    private static String readme() throws IOException {
        return Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    }

    private static CommandLine commands() {
        PrintStream sink = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        return Main.commandLine(new CliContext(Path.of(""), sink, sink), "");
    }

    /** The option names in the code spans of {@code text}. */
    private static Set<String> optionsIn(String text) {
        Set<String> names = new TreeSet<>();
        Matcher code = CODE.matcher(text);
        while (code.find()) {
            Matcher m = OPTION.matcher(code.group(1));
            while (m.find()) {
                names.add(m.group());
            }
        }
        return names;
    }

    /** A bullet of the README: the line starting with {@code start} and its indented continuation lines. */
    private static String bullet(String readme, String start) {
        List<String> lines = readme.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(start)) {
                StringBuilder sb = new StringBuilder(lines.get(i));
                int indent = start.indexOf('*') + 2;
                for (int k = i + 1; k < lines.size(); k++) {
                    String l = lines.get(k);
                    if (l.isBlank() || l.length() < indent || !l.substring(0, indent).isBlank()) {
                        break;
                    }
                    sb.append('\n').append(l);
                }
                return sb.toString();
            }
        }
        throw new AssertionError("README has no line starting with '" + start + "'");
    }

    private static Set<String> names(CommandSpec spec, boolean hidden) {
        Set<String> names = new TreeSet<>();
        for (OptionSpec o : spec.options()) {
            if (o.hidden() == hidden) {
                names.addAll(List.of(o.names()));
            }
        }
        return names;
    }

    @ParameterizedTest
    @CsvSource({"merge", "show", "overlap", "order"})
    void everyShownOptionIsListedAndEveryListedOneShown(String command) throws IOException {
        String readme = readme();
        Set<String> listed = optionsIn(bullet(readme, "* **" + command + "**:"));
        listed.addAll(optionsIn(bullet(readme, "* every command:")));
        CommandSpec spec = commands().getSubcommands().get(command).getCommandSpec();
        assertThat(listed).as("options of %s in the README", command).isEqualTo(names(spec, false));
    }

    @ParameterizedTest
    @CsvSource({"merge", "show", "overlap", "order"})
    void everyHiddenOptionIsListedAsHidden(String command) throws IOException {
        String hiddenList = bullet(readme(), "* Hidden from `--help`");
        Set<String> listed = new TreeSet<>();
        for (String line : hiddenList.lines().toList()) {
            if (line.startsWith("  * " + command + ":")) {
                listed.addAll(optionsIn(bullet(hiddenList, line)));
            }
        }
        CommandSpec spec = commands().getSubcommands().get(command).getCommandSpec();
        assertThat(listed).as("hidden options of %s in the README", command).isEqualTo(names(spec, true));
    }

    /** Options of the {@code java} command that the docs name (spec/library-api.md), not jprofdata's. */
    private static final Set<String> JAVA_LAUNCHER_OPTIONS = Set.of("--add-modules");

    /** Options of AMD's rocprofv3 that spec/pc-sampling.md names (how the inputs are made), not jprofdata's. */
    private static final Set<String> ROCPROFV3_OPTIONS = Set.of("--kernel-trace", "--output-format",
            "--pc-sampling-beta-enabled", "--pc-sampling-method", "--pc-sampling-unit", "--pc-sampling-interval");

    /**
     * Options of the Spark merge job and of spark-submit that README ("Merging on Apache Spark")
     * and spec/spark.md name; profdata-spark's SparkDocsOptionsTest checks them against the job.
     */
    private static final Set<String> SPARK_JOB_OPTIONS = Set.of("--master", "--class", "--partitions",
            "--tree-depth");

    /** The nested commands {@code pc-sampling report} and {@code pc-sampling export} have README bullets of their own. */
    @ParameterizedTest
    @ValueSource(strings = {"report", "export"})
    void pcSamplingOptionsAreListed(String command) throws IOException {
        String readme = readme();
        Set<String> listed = optionsIn(bullet(readme, "* **pc-sampling " + command + "**:"));
        listed.addAll(optionsIn(bullet(readme, "* every command:")));
        CommandSpec spec = commands().getSubcommands().get("pc-sampling").getSubcommands().get(command)
                .getCommandSpec();
        assertThat(listed).isEqualTo(names(spec, false));
        assertThat(names(spec, true)).isEmpty();
    }

    /** The other way round, everywhere: a {@code --name} the README or spec/ shows is a real option. */
    @Test
    void everyLongOptionTheDocsNameIsDeclared() throws IOException {
        Set<String> declared = new TreeSet<>();
        CommandLine top = commands();
        declared.addAll(names(top.getCommandSpec(), false));
        for (CommandLine sub : top.getSubcommands().values()) {
            declared.addAll(names(sub.getCommandSpec(), false));
            declared.addAll(names(sub.getCommandSpec(), true));
            for (CommandLine nested : sub.getSubcommands().values()) {
                declared.addAll(names(nested.getCommandSpec(), false));
                declared.addAll(names(nested.getCommandSpec(), true));
            }
        }
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> spec = Files.list(ROOT.resolve("spec"))) {
            spec.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        for (Path doc : docs) {
            Set<String> unknown = new TreeSet<>();
            for (String name : optionsIn(Files.readString(doc, StandardCharsets.UTF_8))) {
                // "--opt": the README's example of LLVM's spelling rule, not an option; and options
                // of the java launcher itself that the docs tell library users about.
                if (name.startsWith("--") && !declared.contains(name) && !name.equals("--opt")
                        && !JAVA_LAUNCHER_OPTIONS.contains(name) && !ROCPROFV3_OPTIONS.contains(name)
                        && !SPARK_JOB_OPTIONS.contains(name)) {
                    unknown.add(name);
                }
            }
            assertThat(unknown).as("options named in %s that no command declares", ROOT.relativize(doc)).isEmpty();
        }
    }

    /** Help shows what the README says about help itself. */
    @Test
    void helpNamesEachCommandAndTheEnvironment() {
        CliRun top = CliRun.run(Path.of("."), "help");
        assertThat(top.exitCode()).isZero();
        assertThat(top.stdout()).contains("merge", "show", "overlap", "order", "help");
        CliRun merge = CliRun.run(Path.of("."), "help", "merge");
        assertThat(merge.exitCode()).isZero();
        assertThat(merge.stdout()).isEqualTo(CliRun.run(Path.of("."), "merge", "--help").stdout())
                .contains("JPROFDATA_PROGRESS");
    }
}
