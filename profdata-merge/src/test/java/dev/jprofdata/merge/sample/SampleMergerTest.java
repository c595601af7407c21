package dev.jprofdata.merge.sample;

import static dev.jprofdata.merge.sample.Profiles.body;
import static dev.jprofdata.merge.sample.Profiles.function;
import static dev.jprofdata.merge.sample.Profiles.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileException;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.NoProfileMergedException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SampleMergerTest {
    /** Inputs named 0..n-1, each read from {@code profiles}; a null entry fails to read. */
    private static SampleInputReader reader(Map<String, SampleProfile> profiles) {
        return (in, o) -> {
            SampleProfile p = profiles.get(in.displayName());
            if (p == null) {
                throw new ProfileFormatException(in.displayName(), 12, "Truncated profile data");
            }
            // A copy: the merge may keep what it is given.
            Map<String, SampleProfile> one = new HashMap<>();
            FunctionSamples[] fs = p.profiles().values().stream().map(FunctionSamples::copy)
                    .toArray(FunctionSamples[]::new);
            one.put("x", text(fs));
            return one.get("x");
        };
    }

    private static List<MergeInput> inputs(int n) {
        List<MergeInput> in = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            in.add(new MergeInput(Path.of("p" + i), "p" + i, 1 + i % 3));
        }
        return in;
    }

    private static String dump(SampleProfile p) {
        StringBuilder sb = new StringBuilder();
        for (FunctionSamples f : p.profiles().values()) {
            sb.append(f.context()).append(':').append(f.totalSamples()).append(':').append(f.headSamples())
                    .append(':').append(f.attributes());
            f.body().forEach((k, v) -> sb.append(' ').append(k).append('=').append(v.samples()));
            sb.append('\n');
        }
        return sb.toString();
    }

    @Test
    void theOutputIsTheSameForEveryThreadCount() throws Exception {
        Map<String, SampleProfile> profiles = new HashMap<>();
        for (int i = 0; i < 12; i++) {
            FunctionSamples a = body(function("f" + (i % 5), 10 + i, i), 1, 3 + i);
            a.setAttributes(i % 3);
            FunctionSamples b = body(function("g" + (i % 4), 7, 1), 2, i);
            profiles.put("p" + i, text(a, b));
        }
        String one = dump(new SampleMerger(SampleMergeOptions.builder().numThreads(1).build(), reader(profiles))
                .merge(inputs(12)).profile());
        for (int threads : new int[] {2, 3, 8}) {
            SampleMergeResult r = new SampleMerger(SampleMergeOptions.builder().numThreads(threads).build(),
                    reader(profiles)).merge(inputs(12));
            assertThat(dump(r.profile())).as("%d threads", threads).isEqualTo(one);
        }
        assertThat(one.lines().map(l -> l.substring(0, 2))).containsExactlyInAnyOrder("f0", "f1", "f2", "f3", "f4",
                "g0", "g1", "g2", "g3");
    }

    @Test
    void anUnreadableInputFailsTheMergeUnderAny() {
        Map<String, SampleProfile> profiles = Map.of("p0", text(function("f", 1, 0)));
        assertThatThrownBy(() -> new SampleMerger(SampleMergeOptions.defaults(), reader(profiles)).merge(inputs(2)))
                .isInstanceOf(SampleInputException.class).hasMessage("p1: Truncated profile data");
    }

    @Test
    void anUnreadableInputIsSkippedAndAccountedUnderWarn() throws Exception {
        Map<String, SampleProfile> profiles = Map.of("p0", text(function("f", 5, 0)));
        SampleMergeResult r = new SampleMerger(SampleMergeOptions.builder().failureMode(FailureMode.WARN).build(),
                reader(profiles)).merge(inputs(2));
        assertThat(r.failures()).hasSize(1);
        assertThat(r.reportLines()).containsExactly("warning: p1: Truncated profile data (at byte 12)");
        assertThat(r.dataLoss().inputsLost()).isEqualTo(1);
        assertThat(r.dataLoss().countsRead()).isEqualTo(5);
        assertThat(r.profile().profiles()).hasSize(1);
    }

    @Test
    void noReadableInputFailsUnderAll() {
        assertThatThrownBy(() -> new SampleMerger(SampleMergeOptions.builder().failureMode(FailureMode.ALL).build(),
                reader(Map.of())).merge(inputs(2))).isInstanceOf(NoProfileMergedException.class);
    }

    @Test
    void aMalformedTextLineIsFatalWhateverTheFailureMode() {
        SampleInputReader bad = (in, o) -> {
            throw SampleProfileException.atLine(in.displayName(), 3, "Expected 'mangled_name:NUM:NUM', found x");
        };
        assertThatThrownBy(() -> new SampleMerger(SampleMergeOptions.builder().failureMode(FailureMode.WARN).build(),
                bad).merge(inputs(1))).isInstanceOf(SampleInputException.class)
                .hasMessage("p0:3: Expected 'mangled_name:NUM:NUM', found x");
    }
}
