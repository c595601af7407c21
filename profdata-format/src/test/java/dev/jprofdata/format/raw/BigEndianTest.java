package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Big-endian files (PowerPC, s390x) carry the same data with every integer field swapped. Each
 * little-endian fixture is converted and must read back identically.
 */
class BigEndianTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {
        "examples/ir_vp_le64_v10.profraw", "examples/ir_vp_le32_v10.profraw",
        "examples/ir_vp_le64_v8_clang14.profraw", "examples/fe_mcdc_le64_v10.profraw",
        "examples/ir_vtable_le64_v10.profraw", "examples/fe_two_profiles_le64_v10.profraw",
        "indexed/sbc.profraw", "indexed/feo.profraw", "indexed/cs1.profraw",
        "transcripts/inputs/temporal_1.profraw", "temporal/byte_coverage.profraw",
        "transcripts/inputs/raw_twice.profraw",
        "transcripts/inputs/vt_a.profraw"})
    void bigEndianCopyReadsTheSame(String resource) throws IOException {
        byte[] little = RawResources.bytes(resource);
        byte[] big = LittleToBigEndian.convert(little);
        assertThat(big).isNotEqualTo(little);
        assertThat(big[0]).isEqualTo((byte) 0xFF); // the magic now starts with its most significant byte
        Path bigFile = RawResources.write(dir, "be.profraw", big);
        try (ProfileReader le = RawProfileReader.open(RawResources.path(resource), "le");
                ProfileReader be = RawProfileReader.open(bigFile, "be")) {
            List<ProfileRecord> expected = RawResources.readAll(le);
            assertThat(expected).isNotEmpty();
            assertThat(RawResources.readAll(be)).isEqualTo(expected);
            assertThat(be.displayVersion()).isEqualTo(le.displayVersion());
            assertThat(be.binaryIds()).containsExactlyElementsOf(le.binaryIds());
            assertThat(be.vtableNames()).isEqualTo(le.vtableNames());
            assertThat(be.temporalTraces(1)).isEqualTo(le.temporalTraces(1));
            assertThat(be.warnings()).isEqualTo(le.warnings());
        }
    }
}
