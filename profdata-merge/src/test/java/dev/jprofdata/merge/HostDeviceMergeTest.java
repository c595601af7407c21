package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.text.TextProfileWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ProfileMerger#mergeSplit}: each part is exactly the merge of that part's inputs alone,
 * whether a device input is known by its name or found by its records, in any position and for
 * any thread count; inputs are counted once; and setting a device input apart never changes which
 * host inputs are merged.
 *
 * <p>Inputs: the clang-22 host runs of {@code fixtures/profiles} (IR and front-end) and the device
 * profiles of {@code fixtures/offload}; {@code kernel.profraw} is a device profile under a host name.
 */
class HostDeviceMergeTest {
    @TempDir
    Path tmp;

    @BeforeEach
    void copyFixtures() throws IOException {
        Path fixtures = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().resolve("fixtures")
                .normalize();
        Assumptions.assumeTrue(Files.isDirectory(fixtures.resolve("offload")), "fixtures/offload absent");
        for (String name : new String[] {"gfx90a.default.profraw", "gfx90a.default.unifcnts",
                "gfx90a.1.default.profraw", "gfx90a.1.default.unifcnts"}) {
            Files.copy(fixtures.resolve("offload").resolve(name), tmp.resolve(name));
        }
        Files.copy(fixtures.resolve("offload/divergent_v3.amdgcn-amd-amdhsa.0.profraw"), tmp.resolve("kernel.profraw"));
        Files.copy(fixtures.resolve("offload/divergent_v3.amdgcn-amd-amdhsa.0.unifcnts"), tmp.resolve("kernel.unifcnts"));
        for (String name : new String[] {"ir_1.profraw", "ir_2.profraw", "hand_fe.proftext"}) {
            Files.copy(fixtures.resolve("profiles").resolve(name), tmp.resolve(name));
        }
    }

    private MergeInput in(String name) {
        return new MergeInput(tmp.resolve(name), name, 1);
    }

    private static MergeOptions threads(int n) {
        return MergeOptions.builder().numThreads(n).build();
    }

    private static String text(MergeResult r) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TextProfileWriter.write(r.contents(), out);
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void eachPartIsTheMergeOfItsInputsAlone(int threads) throws Exception {
        List<MergeInput> inputs = List.of(in("kernel.profraw"), in("ir_1.profraw"), in("gfx90a.default.profraw"),
                in("ir_2.profraw"), in("gfx90a.1.default.profraw"));
        HostDeviceMerge split = new ProfileMerger(threads(threads)).mergeSplit(inputs);

        assertThat(split.mixed()).isTrue();
        assertThat(split.host().inputs()).extracting(MergeInput::displayName)
                .containsExactly("ir_1.profraw", "ir_2.profraw");
        assertThat(split.device().inputs()).extracting(MergeInput::displayName)
                .containsExactly("kernel.profraw", "gfx90a.default.profraw", "gfx90a.1.default.profraw");

        MergeResult host = split.host().result();
        MergeResult device = split.device().result();
        MergeResult hostAlone = new ProfileMerger(threads(1)).merge(split.host().inputs());
        MergeResult deviceAlone = new ProfileMerger(threads(1)).merge(split.device().inputs());
        assertThat(text(host)).isEqualTo(text(hostAlone));
        assertThat(text(device)).isEqualTo(text(deviceAlone));
        assertThat(host.inputCount()).isEqualTo(2);
        assertThat(host.dataLoss()).isEqualTo(hostAlone.dataLoss());
        assertThat(device.dataLoss()).isEqualTo(deviceAlone.dataLoss());
        assertThat(device.deviceWarnings()).isEqualTo(deviceAlone.deviceWarnings());
        assertThat(host.failures()).isEmpty();
    }

    @Test
    void withoutDeviceInputsTheHostPartIsTheWholeMerge() throws Exception {
        List<MergeInput> inputs = List.of(in("ir_1.profraw"), in("ir_2.profraw"));
        HostDeviceMerge split = new ProfileMerger(threads(1)).mergeSplit(inputs);
        assertThat(split.mixed()).isFalse();
        assertThat(split.device().inputs()).isEmpty();
        assertThat(split.only()).isSameAs(split.host());
        assertThat(text(split.only().result())).isEqualTo(text(new ProfileMerger(threads(1)).merge(inputs)));
    }

    @Test
    void onlyDeviceInputsFoundByContentMakeOnePart() throws Exception {
        List<MergeInput> inputs = List.of(in("kernel.profraw"));
        HostDeviceMerge split = new ProfileMerger(threads(1)).mergeSplit(inputs);
        assertThat(split.mixed()).isFalse();
        assertThat(split.host().inputs()).isEmpty();
        assertThat(split.only()).isSameAs(split.device());
        assertThat(text(split.only().result())).isEqualTo(text(new ProfileMerger(threads(1)).merge(inputs)));
    }

    /**
     * The device input (IR) comes first among the host candidates, so in their kind checks the
     * front-end host run after it conflicts; merged on its own, the host part has no conflict.
     */
    @Test
    void aDeviceInputSetApartDoesNotDecideTheHostPartsKinds() throws Exception {
        List<MergeInput> inputs = List.of(in("kernel.profraw"), in("hand_fe.proftext"));
        MergeResult together = new ProfileMerger(MergeOptions.builder().failureMode(FailureMode.WARN).build())
                .merge(inputs);
        assertThat(together.failures()).extracting(InputFailure::file).containsExactly("hand_fe.proftext");

        HostDeviceMerge split = new ProfileMerger(threads(1)).mergeSplit(inputs);
        assertThat(split.host().inputs()).extracting(MergeInput::displayName).containsExactly("hand_fe.proftext");
        MergeResult host = split.host().result();
        assertThat(host.failures()).isEmpty();
        assertThat(text(host)).isEqualTo(text(new ProfileMerger(threads(1)).merge(List.of(in("hand_fe.proftext")))));
        assertThat(text(split.device().result()))
                .isEqualTo(text(new ProfileMerger(threads(1)).merge(List.of(in("kernel.profraw")))));
    }

    @Test
    void everyInputIsReportedFinishedOnce() throws Exception {
        List<MergeInput> inputs = List.of(in("ir_1.profraw"), in("kernel.profraw"), in("gfx90a.default.profraw"));
        List<String> finished = new ArrayList<>();
        AtomicInteger started = new AtomicInteger();
        MergeListener listener = new MergeListener() {
            @Override
            public void inputStarted(int index, MergeInput input) {
                started.incrementAndGet();
            }

            @Override
            public synchronized void inputFinished(int index, MergeInput input, long bytes) {
                finished.add(input.displayName());
            }
        };
        new ProfileMerger(threads(1), listener).mergeSplit(inputs);
        assertThat(finished).containsExactlyInAnyOrder("ir_1.profraw", "kernel.profraw", "gfx90a.default.profraw");
        assertThat(started.get()).isGreaterThanOrEqualTo(3);
    }
}
