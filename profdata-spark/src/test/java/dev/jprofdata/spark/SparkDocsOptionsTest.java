package dev.jprofdata.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every {@code --option} README's "Merging on Apache Spark" section and spec/spark.md name in code
 * is one the job takes (or spark-submit's {@code --class}), so the documentation cannot promise an
 * option the job refuses; profdata-cli's ReadmeOptionsTest leaves these names to this test.
 */
class SparkDocsOptionsTest {
    private static final Pattern OPTION = Pattern.compile("(?<![A-Za-z0-9-])--[A-Za-z][A-Za-z0-9-]*");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    /** spark-submit's own, in the worked example. */
    private static final Set<String> SPARK_SUBMIT = Set.of("--class", "--master");
    /** merge options the docs name to say the job does not take them. */
    private static final Set<String> NAMED_AS_MISSING = Set.of("--value-merge", "--memory-budget", "--verbose",
            "--prof-sym-list", "--output-size-limit", "--extbinary-write-vtable-type-prof", "--num-threads");

    @Test
    void everyOptionTheDocsNameIsTakenByTheJob() throws Exception {
        Path root = Fixtures.root().getParent();
        String readme = Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8);
        int from = readme.indexOf("## Merging on Apache Spark");
        int to = readme.indexOf("\n## ", from + 1);
        assertThat(from).isNotNegative();
        String text = readme.substring(from, to) + Files.readString(root.resolve("spec/spark.md"), StandardCharsets.UTF_8);
        Set<String> named = new TreeSet<>();
        boolean fenced = false;
        for (String line : text.lines().toList()) {
            if (line.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                optionsIn(line, named); // a code block is code throughout
                continue;
            }
            Matcher code = CODE.matcher(line);
            while (code.find()) {
                optionsIn(code.group(1), named);
            }
        }
        assertThat(named).contains("--partitions", "--tree-depth", "--weighted-input", "--max-dropped-fraction");
        for (String option : named) {
            if (SPARK_SUBMIT.contains(option) && !option.equals("--master") || NAMED_AS_MISSING.contains(option)) {
                continue;
            }
            assertThat(takes(option)).as("the job takes %s", option).isTrue();
        }
        for (String missing : NAMED_AS_MISSING) {
            assertThat(takes(missing)).as("the job refuses %s", missing).isFalse();
        }
    }

    private static void optionsIn(String code, Set<String> out) {
        Matcher m = OPTION.matcher(code);
        while (m.find()) {
            out.add(m.group());
        }
    }

    /** Whether the job's parser knows {@code option} (with a value where it needs one). */
    private static boolean takes(String option) {
        for (String[] line : new String[][] {{option, "-o", "x", "in"}, {option, "1", "-o", "x", "in"},
                {option, "1,in", "-o", "x", "in"}}) {
            try {
                SparkMergeArgs.parse(line);
                return true;
            } catch (SparkMergeException e) {
                if (e.getMessage().startsWith("unknown option")) {
                    return false;
                }
            }
        }
        return true; // known, only its value was refused
    }

    @Test
    void badOptionsAreOneLine() {
        assertThatThrownBy(() -> SparkMergeArgs.parse(new String[] {"-o", "x", "--failure-mode=some", "in"}))
                .hasMessage("for the --failure-mode option: Cannot find option named 'some'!");
        assertThatThrownBy(() -> SparkMergeArgs.parse(new String[] {"in"})).hasMessage("no output given (-o FILE)");
        assertThatThrownBy(() -> SparkMergeArgs.parse(new String[] {"-o", "x", "--partitions", "0", "in"}))
                .hasMessage("for the --partitions option: '0' is not a number >= 1");
    }
}
