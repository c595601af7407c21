package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The commands declared in code ({@link CommandSpecs}): their help, parsing and error wording, and
 * that starting them reads no annotations.
 *
 * <p>The {@code *-help.txt} files are the reviewed help texts (first printed by the annotated
 * versions; since issue 18 with flags shown without a value, positionals described, hidden options
 * hidden, and short synopses): the help lists every option with its label, arity, description and
 * place, so any option declared differently shows up there.
 */
class CommandSpecsTest {
    private static final Path HERE = Path.of(".");

    private static String resource(String name) throws IOException {
        try (InputStream in = CommandSpecsTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @CsvSource({"show", "merge", "overlap", "order"})
    void subcommandHelpIsTheReviewedText(String command) throws IOException {
        CliRun r = CliRun.run(HERE, command, "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).isEqualTo(resource(command + "-help.txt"));
        assertThat(CliRun.run(HERE, command, "-h").stdout()).isEqualTo(r.stdout());
    }

    @Test
    void mainHelpIsTheReviewedText() throws IOException {
        CliRun r = CliRun.run(HERE, "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).isEqualTo(resource("main-help.txt"));
    }

    /** Every command's -V prints the version, as llvm-profdata's subcommands do (it printed nothing). */
    @Test
    void everyCommandPrintsTheVersion() {
        CliRun top = CliRun.run(HERE, "-V");
        assertThat(top.exitCode()).isZero();
        assertThat(top.stdout()).startsWith("jprofdata ").contains("compatible with llvm-profdata 22");
        for (String command : List.of("merge", "show", "overlap", "order", "help")) {
            CliRun sub = CliRun.run(HERE, command, "--version");
            assertThat(sub.exitCode()).as(command).isZero();
            assertThat(sub.stdout()).as(command).isEqualTo(top.stdout());
        }
    }

    /** Flags take an optional value when parsed, but help shows them as plain flags. */
    @ParameterizedTest
    @CsvSource({"show", "merge", "overlap", "order"})
    void helpShowsFlagsWithoutAValueAndDescribesPositionals(String command) {
        String help = CliRun.run(HERE, command, "--help").stdout();
        assertThat(help).doesNotContain("[=<").contains("Usage: jprofdata " + command + " [OPTIONS] <");
        CommandSpec spec = Main.commandLine(new CliContext(HERE, System.out, System.err), command)
                .getSubcommands().get(command).getCommandSpec();
        for (var p : spec.positionalParameters()) {
            assertThat(p.description()).as("description of %s", p.paramLabel()).isNotEmpty();
            assertThat(help).contains("      " + p.paramLabel());
        }
        for (var o : spec.options()) {
            if (!o.hidden()) {
                assertThat(help).contains(o.longestName());
            }
        }
    }

    @Test
    void helpCommandPrintsACommandsHelp() {
        for (String command : List.of("merge", "show", "overlap", "order", "help")) {
            CliRun help = CliRun.run(HERE, "help", command);
            assertThat(help.exitCode()).as(command).isZero();
            assertThat(help.stdout()).as(command).isEqualTo(CliRun.run(HERE, command, "--help").stdout());
        }
        CliRun list = CliRun.run(HERE, "help");
        assertThat(list.exitCode()).isZero();
        assertThat(list.stdout()).isEqualTo(CliRun.run(HERE, "--help").stdout());
        CliRun unknown = CliRun.run(HERE, "help", "mrege");
        assertThat(unknown.exitCode()).isEqualTo(1);
        assertThat(unknown.stdout()).isEmpty();
        assertThat(unknown.stderr()).isEqualTo("jprofdata: Unknown subcommand 'mrege'.  Try: 'jprofdata --help'\n"
                + "jprofdata: Did you mean 'merge'?\n");
    }

    /** A suggestion is something one can type: it names the subcommand (llvm-profdata's does not). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "merge --outptu x|jprofdata: Unknown command line argument '--outptu'.  Try: 'jprofdata merge --help'"
                + "\\njprofdata: Did you mean 'merge --output'?",
        "show -all-fuctions x|jprofdata: Unknown command line argument '--all-fuctions'.  Try: 'jprofdata show --help'"
                + "\\njprofdata: Did you mean 'show --all-functions'?",
        "overlap --jsn a b|jprofdata: Unknown command line argument '--jsn'.  Try: 'jprofdata overlap --help'"
                + "\\njprofdata: Did you mean 'overlap --json'?",
        "merge -j1 x|jprofdata: for the -j option: may not occur within a group!\\njprofdata: Unknown command line"
                + " argument '-j1'.  Try: 'jprofdata merge --help'\\njprofdata: Did you mean 'merge -j'?",
        "--verison|jprofdata: Unknown command line argument '--verison'.  Try: 'jprofdata --help'"
                + "\\njprofdata: Did you mean '--version'?",
        "mrege x|jprofdata: Unknown subcommand 'mrege'.  Try: 'jprofdata --help'\\njprofdata: Did you mean 'merge'?",
        "shwo x|jprofdata: Unknown subcommand 'shwo'.  Try: 'jprofdata --help'\\njprofdata: Did you mean 'show'?",
        "foo|jprofdata: Unknown subcommand 'foo'.  Try: 'jprofdata --help'",
    })
    void suggestionsNameTheSubcommand(String args, String expected) {
        CliRun r = CliRun.run(HERE, args.split(" "));
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).isEqualTo(expected.replace("\\n", "\n") + "\n");
    }

    @Test
    void noSubcommandIsAParameterError() {
        CliRun r = CliRun.run(HERE, "--");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).isEqualTo("jprofdata: No subcommand specified!\n");
    }

    /**
     * merge's numbers are checked as llvm-profdata 22 checks them, with its wording (picocli said
     * "is not an int", and a negative thread count was an internal error).
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--num-threads=-1|jprofdata: for the --num-threads option: '-1' value invalid for uint argument!",
        "-j x|jprofdata: for the --num-threads option: 'x' value invalid for uint argument!",
        "-j 4294967296|jprofdata: for the --num-threads option: '4294967296' value invalid for uint argument!",
        "--temporal-profile-trace-reservoir-size=x|jprofdata: for the --temporal-profile-trace-reservoir-size"
                + " option: 'x' value invalid for ulong argument!",
        "--temporal-profile-max-trace-length=-5|jprofdata: for the --temporal-profile-max-trace-length option:"
                + " '-5' value invalid for ulong argument!",
        "--index-version=x|jprofdata: Invalid value for option '--index-version': 'x' is not an int",
    })
    void mergeNumbersAreCheckedLikeLlvm(String args, String expected) {
        List<String> argv = new ArrayList<>(List.of("merge", "-o", "unused.profdata",
                CliRun.fixtures().resolve("profiles/ir_1.profraw").toString()));
        argv.addAll(List.of(args.split(" ")));
        CliRun r = CliRun.run(HERE, argv.toArray(String[]::new));
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).isEqualTo(expected + "\n");
        assertThat(Path.of("unused.profdata")).doesNotExist();
    }

    /** Errors that name an option's label or arity, as the annotated version printed them. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--all-functions --all-functions|jprofdata: option '--all-functions' (<allFunctions>) should be specified only once",
        "--counts=yes|jprofdata: Invalid value for option '--counts': 'yes' is not a boolean",
        "-o|jprofdata: Missing required parameter for option '--output' (<file>)",
        "--topn 2 --topn 3|jprofdata: option '--topn' (<uint>) should be specified only once",
        "--show-sec-info-only=x|jprofdata: Invalid value for option '--show-sec-info-only': 'x' is not a boolean",
        "--profiled-binary a --max-debug-info-correlation-warnings=3|jprofdata: option"
                + " '--max-debug-info-correlation-warnings' (<ignoredValue>) should be specified only once",
    })
    void parseErrorsKeepTheirWording(String args, String expected) {
        List<String> argv = new ArrayList<>(List.of("show", CliRun.fixtures().resolve("profiles/ir.profdata").toString()));
        argv.addAll(List.of(args.split(" ")));
        CliRun r = CliRun.run(HERE, argv.toArray(String[]::new));
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr().lines().findFirst()).hasValue(expected);
    }

    @Test
    void optionValuesReachTheCommand() {
        String profile = CliRun.fixtures().resolve("profiles/ir.profdata").toString();
        CliRun all = CliRun.run(HERE, "show", "--all-functions", "--counts", profile);
        CliRun none = CliRun.run(HERE, "show", "--all-functions=false", "--counts", profile);
        CliRun summary = CliRun.run(HERE, "show", "--detailed-summary", "--detailed-summary-cutoffs=500000,990000",
                profile);
        assertThat(all.stdout()).contains("Hash: 0x").contains("Block counts: [");
        assertThat(none.stdout()).doesNotContain("Hash: 0x");
        assertThat(summary.stdout()).contains("account for 50% of the total counts")
                .contains("account for 99% of the total counts").doesNotContain("account for 90% of");
    }

    /** The point of declaring in code: no annotation proxy classes are generated, even for help. */
    @ParameterizedTest
    @CsvSource({"show", "--help"})
    void startingLoadsNoAnnotationProxies(String command) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xshare:off", "-Xlog:class+load=info:stdout", "-cp",
                System.getProperty("java.class.path"), "dev.jprofdata.cli.Main", command,
                CliRun.fixtures().resolve("profiles/ir.profdata").toString())
                .redirectErrorStream(true).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        if (command.equals("show")) {
            assertThat(out).contains("dev.jprofdata.cli.ShowCommand", "Total functions:");
        } else {
            // help builds every subcommand
            assertThat(out).contains("dev.jprofdata.cli.ShowCommand", "dev.jprofdata.cli.MergeCommand",
                    "dev.jprofdata.cli.OverlapCommand", "dev.jprofdata.cli.OrderCommand", "Usage: jprofdata [-hV]");
        }
        assertThat(out.lines().filter(l -> l.contains("__dynamic_proxy__")).toList()).isEmpty();
    }
}
