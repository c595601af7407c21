package dev.jprofdata.format.offload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnifcntsFileTest {
    @TempDir
    Path tmp;

    /** Magic, version 1, 2 counters, 16 bytes, then 5 and 2^63: all little-endian. */
    private static final byte[] TWO = {
        0x46, 0x4F, 0x52, 0x50, 0x54, 0x4E, 0x43, 0x55,
        1, 0, 0, 0, 0, 0, 0, 0,
        2, 0, 0, 0, 0, 0, 0, 0,
        16, 0, 0, 0, 0, 0, 0, 0,
        5, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, (byte) 0x80};

    @Test
    void encodesTheForkLayout() {
        assertThat(UnifcntsFile.encode(new long[] {5, Long.MIN_VALUE})).containsExactly(TWO);
    }

    @Test
    void readsIt() throws IOException {
        Path p = tmp.resolve("a.unifcnts");
        Files.write(p, TWO);
        UnifcntsFile.Result r = UnifcntsFile.read(p);
        assertThat(r.found()).isTrue();
        assertThat(r.counters()).containsExactly(5, Long.MIN_VALUE);
    }

    private String problem(byte[] bytes) throws IOException {
        Path p = tmp.resolve("x.unifcnts");
        Files.write(p, bytes);
        UnifcntsFile.Result r = UnifcntsFile.read(p);
        assertThat(r.counters()).isNull();
        return r.problem();
    }

    @Test
    void reportsEveryBrokenShape() throws IOException {
        assertThat(UnifcntsFile.read(tmp.resolve("missing.unifcnts")).problem()).isEqualTo("not found");
        assertThat(problem(Arrays.copyOf(TWO, 10))).isEqualTo("file is too short for the header (10 bytes, need 32)");
        byte[] badMagic = TWO.clone();
        badMagic[0] = 0;
        assertThat(problem(badMagic)).isEqualTo("bad magic");
        byte[] bigEndian = TWO.clone();
        for (int i = 0; i < 8; i++) {
            bigEndian[i] = TWO[7 - i];
        }
        assertThat(problem(bigEndian)).isEqualTo("bad magic (big-endian side files are not supported)");
        byte[] v2 = TWO.clone();
        v2[8] = 2;
        assertThat(problem(v2)).isEqualTo("unsupported version 2");
        byte[] sizeMismatch = TWO.clone();
        sizeMismatch[24] = 24;
        assertThat(problem(sizeMismatch)).isEqualTo("size mismatch: NumCounters 2 does not match CountersSize 24");
        assertThat(problem(Arrays.copyOf(TWO, 40))).isEqualTo("file is truncated: 8 bytes of counters, header says 16");
        assertThat(problem(Arrays.copyOf(TWO, 56))).isEqualTo("size mismatch: 8 bytes after the counters");
        byte[] huge = TWO.clone();
        huge[23] = 0x10; // NumCounters 2^60 + 2
        assertThat(problem(huge)).startsWith("size mismatch: NumCounters");
    }

    @Test
    void sidePathReplacesTheFileNamesLastExtension() {
        assertThat(UnifcntsFile.sidePathFor(Path.of("d.x/app.amdgcn-amd-amdhsa.0.profraw")))
                .isEqualTo(Path.of("d.x/app.amdgcn-amd-amdhsa.0.unifcnts"));
        assertThat(UnifcntsFile.sidePathFor(Path.of("d.x/profile"))).isEqualTo(Path.of("d.x/profile.unifcnts"));
    }

    @Test
    void deviceNamesAndOutputs() {
        assertThat(DeviceProfiles.isDeviceName(Path.of("a/app.amdgcn-amd-amdhsa.1.profraw"))).isTrue();
        assertThat(DeviceProfiles.isDeviceName(Path.of("gfx90a.default.profraw"))).isTrue();
        assertThat(DeviceProfiles.isDeviceName(Path.of("gfx1100.3.default.profraw"))).isTrue();
        assertThat(DeviceProfiles.isDeviceName(Path.of("default.profraw"))).isFalse();
        assertThat(DeviceProfiles.isDeviceName(Path.of("gfxtool.profraw"))).isFalse();
        assertThat(DeviceProfiles.deviceOutputFor(Path.of("out/app.profdata")))
                .isEqualTo(Path.of("out/app.amdgcn-amd-amdhsa.profdata"));
        assertThat(DeviceProfiles.deviceOutputFor(Path.of("app"))).isEqualTo(Path.of("app.amdgcn-amd-amdhsa"));
    }
}
