package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Broken raw files and the reasons llvm-profdata 22 gives for them: the transcripts' inputs, and
 * mutations of the example files whose {@code *.llvm-show-stderr.txt} was recorded by running
 * {@code llvm-profdata-22 show --all-functions --counts} on them.
 */
class RawErrorsTest {

    /** Where the problem must surface: while opening, or from next() after some good records. */
    enum Where { OPEN, NEXT }

    static Stream<Arguments> mutations() {
        return Stream.of(
                Arguments.of("numcounters_zero", Where.NEXT, 0, 0xA0),
                Arguments.of("counter_offset_negative", Where.NEXT, 0, 0xA0),
                Arguments.of("counter_offset_too_big", Where.NEXT, 0, 0xA0),
                Arguments.of("too_many_counters", Where.NEXT, 0, 0xA0),
                Arguments.of("vp_kinds_invalid", Where.NEXT, 3, 0x238 + 4),
                Arguments.of("vp_total_not_quadword", Where.NEXT, 3, 0x238),
                Arguments.of("vp_kind_invalid", Where.NEXT, 3, 0x240),
                Arguments.of("vp_past_total", Where.NEXT, 3, 0x240),
                Arguments.of("vp_truncated", Where.NEXT, 3, 0x238),
                Arguments.of("vp_too_large", Where.NEXT, 3, 0x238),
                Arguments.of("binary_id_length_zero", Where.OPEN, 0, 0x80),
                Arguments.of("binary_ids_size_odd", Where.OPEN, 0, 0x10),
                Arguments.of("binary_id_data_short", Where.OPEN, 0, 0x80),
                Arguments.of("names_zlib_corrupt", Where.OPEN, 0, 0x210),
                Arguments.of("names_empty_symbol", Where.OPEN, 0, 0x210),
                Arguments.of("version_11", Where.OPEN, 0, 8),
                Arguments.of("names_past_eof", Where.OPEN, 0, 0),
                Arguments.of("second_profile_bad_magic", Where.NEXT, 1, 0x100),
                Arguments.of("second_header_short", Where.NEXT, 1, 0x100),
                Arguments.of("second_profile_unaligned", Where.NEXT, 5, 712 + 4),
                Arguments.of("second_profile_version_8", Where.NEXT, 1, 0x108),
                Arguments.of("bitmap_offset_negative", Where.NEXT, 2, 0x120),
                Arguments.of("bitmap_offset_too_big", Where.NEXT, 2, 0x120),
                Arguments.of("bitmap_too_many", Where.NEXT, 2, 0x120));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mutations")
    void mutatedFilesFailWithLlvmsReason(String name, Where where, int goodRecords, long offset) throws IOException {
        String file = name + ".profraw";
        String expected = llvmReason(RawResources.text("mutations/" + name + ".llvm-show-stderr.txt"), file);
        ProfileFormatException e = failure(RawResources.path("mutations/" + file), file, where, goodRecords);
        assertThat(e.reason()).isEqualTo(expected);
        assertThat(e.file()).isEqualTo(file);
        assertThat(e.offset()).isEqualTo(offset);
    }

    /**
     * NumData = 2^62: LLVM's offset arithmetic wraps around and it goes on to fail on the names
     * ("failed to uncompress data (zlib)"). We check the sum without wrapping and call the header
     * what it is.
     */
    @Test
    void hugeRecordCountIsACorruptHeaderNotAWrappedOffset() throws IOException {
        ProfileFormatException e = failure(RawResources.path("mutations/num_data_huge.profraw"), "x", Where.OPEN, 0);
        assertThat(e.reason()).isEqualTo(RawErrors.BAD_HEADER);
        assertThat(RawResources.text("mutations/num_data_huge.llvm-show-stderr.txt"))
                .contains("failed to uncompress data (zlib)");
    }

    static Stream<Arguments> transcriptInputs() {
        return Stream.of(
                Arguments.of("trunc", "152-trunc-any", Where.OPEN, 0),
                Arguments.of("trunc", "260-show-err-trunc_profraw", Where.OPEN, 0),
                Arguments.of("rawtrunc_tail", "164-raw-trunc-tail", Where.NEXT, 6),
                Arguments.of("rawtrunc_tail", "260-show-err-rawtrunc_tail_profraw", Where.NEXT, 6),
                Arguments.of("raw_garbage_tail", "165-raw-garbage-tail", Where.NEXT, 8),
                Arguments.of("raw_garbage_tail", "260-show-err-raw_garbage_tail_profraw", Where.NEXT, 8),
                Arguments.of("rawv9", "162-rawv9", Where.OPEN, 0),
                Arguments.of("rawv9", "260-show-err-rawv9_profraw", Where.OPEN, 0),
                Arguments.of("empty", "260-show-err-empty_profraw", Where.OPEN, 0));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("transcriptInputs")
    void transcriptInputsFailWithTheRecordedReason(String input, String transcript, Where where, int goodRecords)
            throws IOException {
        String file = input + ".profraw";
        String expected = llvmReason(RawResources.text("transcripts/expected/" + transcript + ".stderr"), file);
        ProfileFormatException e = failure(RawResources.path("transcripts/inputs/" + file), file, where, goodRecords);
        assertThat(e.reason()).isEqualTo(expected);
        assertThat(e.getMessage()).startsWith(file + ": " + expected);
    }

    /** Errors are sticky: after a failure, next() repeats it instead of reading on. */
    @Test
    void failureIsRepeated() throws IOException {
        try (ProfileReader r = RawProfileReader.open(RawResources.path("transcripts/inputs/rawtrunc_tail.profraw"),
                "t")) {
            ProfileFormatException first = null;
            for (int i = 0; i < 7 && first == null; i++) {
                first = catchThrowableOfType(ProfileFormatException.class, r::next);
            }
            assertThat(first).isNotNull();
            assertThatThrownBy(r::next).isSameAs(first);
        }
    }

    /** The 8-byte version words of versions nobody can read get LLVM's text (plus who wrote them). */
    @Test
    void unsupportedOldVersionsNameTheirOrigin() {
        assertThat(RawErrors.versionMismatch(6)).startsWith(
                "raw profile version mismatch: Profile uses raw profile format version = 6; expected version = 10\n"
                        + "PLEASE update this tool to version in the raw profile, or regenerate raw profile with "
                        + "expected version.\n(raw version 6 was only written by unreleased LLVM 13");
        assertThat(RawErrors.versionMismatch(4)).endsWith("\n(raw versions below 5 were written by clang 8 and older)");
        assertThat(RawErrors.versionMismatch(11)).doesNotContain("(");
    }

    /**
     * The reason llvm-profdata printed for {@code file}: the text after {@code "<file>: "} on the
     * first diagnostic line, including continuation lines, up to the next diagnostic.
     */
    static String llvmReason(String stderr, String file) {
        List<String> lines = new ArrayList<>(List.of(stderr.split("\n")));
        String first = lines.remove(0);
        String prefix = file + ": ";
        StringBuilder reason = new StringBuilder(first.substring(first.indexOf(prefix) + prefix.length()));
        for (String line : lines) {
            if (line.startsWith("error: ") || line.startsWith("warning: ")) {
                break;
            }
            reason.append('\n').append(line);
        }
        return reason.toString();
    }

    /** Opens and reads {@code path}, expecting a failure at {@code where} after exactly {@code good} records. */
    static ProfileFormatException failure(Path path, String name, Where where, int good) throws IOException {
        if (where == Where.OPEN) {
            return catchThrowableOfType(ProfileFormatException.class, () -> RawProfileReader.open(path, name));
        }
        try (ProfileReader r = RawProfileReader.open(path, name)) {
            List<ProfileRecord> read = new ArrayList<>();
            while (true) {
                try {
                    ProfileRecord rec = r.next();
                    assertThat(rec).as("a failure after %d records", good).isNotNull();
                    read.add(rec);
                } catch (ProfileFormatException e) {
                    assertThat(read).hasSize(good);
                    return e;
                }
            }
        }
    }
}
