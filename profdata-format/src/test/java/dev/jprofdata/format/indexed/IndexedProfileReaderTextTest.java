package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every committed .profdata file (versions 1 to 13, LLVM 22 outputs, files by LLVM 14/16/19) read
 * and rendered as {@code merge --text} would, compared with the text llvm-profdata 22 printed.
 */
class IndexedProfileReaderTextTest {

    static Stream<String> dumps() throws Exception {
        try (Stream<Path> s = Files.list(TestFiles.file("merge-text"))) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList()).stream();
        }
    }

    @ParameterizedTest
    @MethodSource("dumps")
    void recordsMatchLlvmTextDump(String dump) throws Exception {
        String base = dump.substring(0, dump.length() - ".proftext".length());
        int dash = base.indexOf('-');
        Path input = TestFiles.file(base.substring(0, dash) + "/" + base.substring(dash + 1) + ".profdata");
        String expected = Files.readString(TestFiles.file("merge-text/" + dump), StandardCharsets.ISO_8859_1);
        try (IndexedProfileReader r = IndexedProfileReader.open(input, input.toString())) {
            assertThat(MergeTextFormatter.format(r)).isEqualTo(expected);
        }
    }

    static List<String> versionFiles() {
        return TestFiles.profdata("versions").stream().map(p -> p.getFileName().toString()).collect(Collectors.toList());
    }

    @ParameterizedTest
    @MethodSource("versionFiles")
    void versionFilesReportTheirVersion(String name) throws Exception {
        Path p = TestFiles.file("versions/" + name);
        int expected = Integer.parseInt(name.replaceAll("^v(\\d+).*", "$1"));
        try (IndexedProfileReader r = IndexedProfileReader.open(p, name)) {
            assertThat(r.version()).isEqualTo(expected);
            assertThat(r.displayVersion()).isEqualTo(expected);
            assertThat(r.storedSummary().isPresent()).isEqualTo(expected >= 4);
        }
    }
}
