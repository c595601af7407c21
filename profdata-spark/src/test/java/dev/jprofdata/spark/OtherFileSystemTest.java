package dev.jprofdata.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs and output on a file system other than the local one (as HDFS or S3 would be): the tasks
 * copy each input, with a GPU profile's side file, to a local directory before reading it, and the
 * output is written beside its target under a hidden name and renamed into place. The file system
 * is Hadoop's view file system ({@code viewfs://jpd/}) mounting the fixtures and a temporary
 * directory: the job cannot tell it from a remote one.
 */
class OtherFileSystemTest {
    @TempDir
    Path dir;

    @Test
    void inputsAreCopiedAndTheOutputRenamedIntoPlace() throws Exception {
        Path root = Fixtures.root();
        List<String> hostInputs = List.of("profiles/many", "profiles/vsites_1.profraw");
        List<String> deviceInputs = List.of("offload/app.amdgcn-amd-amdhsa.0.profraw",
                "offload/app.amdgcn-amd-amdhsa.1.profraw");
        SparkConf conf = new SparkConf().setMaster("local[2]").setAppName("OtherFileSystemTest")
                .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1")
                .set("spark.driver.bindAddress", "127.0.0.1")
                .set("spark.hadoop.fs.viewfs.mounttable.jpd.link./fixtures", root.toUri().toString())
                .set("spark.hadoop.fs.viewfs.mounttable.jpd.link./out", dir.toUri().toString());
        try (JavaSparkContext sc = new JavaSparkContext(conf)) {
            int round = 0;
            for (List<String> inputs : List.of(hostInputs, deviceInputs)) {
                Path expected = dir.resolve("cli" + round + ".profdata");
                String[] cliArgs = new String[inputs.size() + 3];
                cliArgs[0] = "merge";
                cliArgs[1] = "-o";
                cliArgs[2] = expected.toString();
                String[] sparkArgs = new String[inputs.size() + 4];
                Path out = Files.createDirectories(dir.resolve("out" + round)).resolve("merged.profdata");
                sparkArgs[0] = "-o";
                sparkArgs[1] = "viewfs://jpd/out/out" + round + "/merged.profdata";
                sparkArgs[2] = "--partitions";
                sparkArgs[3] = "2";
                for (int i = 0; i < inputs.size(); i++) {
                    cliArgs[3 + i] = root.resolve(inputs.get(i)).toString();
                    sparkArgs[4 + i] = "viewfs://jpd/fixtures/" + inputs.get(i);
                }
                Fixtures.Run cli = Fixtures.cli(cliArgs);
                assertThat(cli.exitCode()).as(cli.stderr().toString()).isZero();
                Files.writeString(out, "the old output"); // replaced whole
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                int rc = SparkMergeMain.run(sc, SparkMergeArgs.parse(sparkArgs),
                        new PrintStream(err, true, StandardCharsets.ISO_8859_1));
                assertThat(rc).as(Fixtures.lines(err).toString()).isZero();
                assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(expected));
                assertThat(Fixtures.lines(err)).isEmpty(); // the side files were found: no warning
                try (var left = Files.list(out.getParent())) {
                    // (Hadoop's local file system keeps a checksum file beside each file it writes.)
                    assertThat(left.map(f -> f.getFileName().toString()).filter(n -> !n.endsWith(".crc")).toList())
                            .containsExactly("merged.profdata");
                }
                round++;
            }
        }
    }
}
