package dev.jprofdata.merge.sample;

import static dev.jprofdata.merge.sample.Profiles.body;
import static dev.jprofdata.merge.sample.Profiles.flags;
import static dev.jprofdata.merge.sample.Profiles.function;
import static dev.jprofdata.merge.sample.Profiles.inlinee;
import static dev.jprofdata.merge.sample.Profiles.profile;
import static dev.jprofdata.merge.sample.Profiles.target;
import static dev.jprofdata.merge.sample.Profiles.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.MergeStatus;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class SampleMergeStateTest {
    private static SampleMergeState state() {
        return new SampleMergeState(SampleMergeOptions.defaults());
    }

    private static FunctionSamples only(SampleMergeState s) {
        assertThat(s.toProfile().profiles()).hasSize(1);
        return s.toProfile().profiles().values().iterator().next();
    }

    @Test
    void weightsMultiplyEveryCount() {
        SampleMergeState s = state();
        FunctionSamples f = function("main", 10, 2);
        body(f, 1, 4);
        target(f, 1, "foo", 3);
        inlinee(f, 2, "bar", 6);
        s.add(text(f), 1, "a");
        s.add(text(f.copy()), 3, "b");
        FunctionSamples m = only(s);
        assertThat(m.totalSamples()).isEqualTo(40);
        assertThat(m.headSamples()).isEqualTo(8);
        assertThat(m.body().get(new LineLocation(1, 0)).samples()).isEqualTo(16);
        assertThat(m.body().get(new LineLocation(1, 0)).targets()).containsEntry(FunctionId.of("foo"), 12L);
        assertThat(m.callsites().get(new LineLocation(2, 0)).get(FunctionId.of("bar")).totalSamples()).isEqualTo(24);
        assertThat(s.countsRead()).isEqualTo(40);
        assertThat(s.recordsRead()).isEqualTo(2);
    }

    @Test
    void aStringAndItsMd5AreOneProfileSpelledAsTheFirstInputSpelledIt() {
        SampleMergeState s = state();
        FunctionSamples hashed = function(SampleContext.of(FunctionId.ofHash(Names.md5("main"))), 10, 0);
        s.add(profile(SampleFormat.EXTBINARY, flags(false, false, false), hashed), 1, "a");
        s.add(text(function("main", 5, 0)), 1, "b");
        FunctionSamples m = only(s);
        assertThat(m.totalSamples()).isEqualTo(15);
        assertThat(m.function().isHash()).isTrue();
    }

    @Test
    void theFirstInputDecidesAttributes() {
        SampleMergeState s = state();
        FunctionSamples a = function("f", 1, 0);
        a.setAttributes(FunctionSamples.ATTR_WAS_INLINED);
        FunctionSamples b = function("f", 1, 0);
        b.setAttributes(FunctionSamples.ATTR_SHOULD_BE_INLINED);
        s.add(text(a), 1, "a");
        s.add(text(b), 1, "b");
        assertThat(only(s).attributes()).isEqualTo(FunctionSamples.ATTR_WAS_INLINED);
    }

    @Test
    void aChecksumMismatchMergesNothingAndCountsWhatWasDropped() {
        SampleMergeState s = state();
        FunctionSamples a = function("foo", 10, 0);
        a.setFunctionHash(1);
        FunctionSamples b = function("foo", 7, 0);
        b.setFunctionHash(2);
        assertThat(s.add(profile(SampleFormat.TEXT, flags(true, false, false), a), 1, "a")).isEmpty();
        List<FunctionProblem> problems = s.add(profile(SampleFormat.TEXT, flags(true, false, false), b), 3, "b");
        assertThat(problems).containsExactly(new FunctionProblem("b", "foo", MergeStatus.HASH_MISMATCH, 21));
        assertThat(problems.get(0).message()).isEqualTo("b: foo: Function hash mismatch");
        assertThat(only(s).totalSamples()).isEqualTo(10);
    }

    @Test
    void aNestedMismatchDropsOnlyThatInlinee() {
        SampleMergeState s = state();
        FunctionSamples a = function("main", 10, 0);
        inlinee(a, 3, "foo", 4).setFunctionHash(5);
        FunctionSamples b = function("main", 20, 0);
        inlinee(b, 3, "foo", 8).setFunctionHash(6);
        s.add(text(a), 1, "a");
        List<FunctionProblem> problems = s.add(text(b), 1, "b");
        assertThat(problems).containsExactly(new FunctionProblem("b", "main", MergeStatus.HASH_MISMATCH, 8));
        assertThat(only(s).totalSamples()).isEqualTo(30);
    }

    @Test
    void saturationIsReportedAsOverflowWithNothingDropped() {
        SampleMergeState s = state();
        s.add(text(function("big", Long.MAX_VALUE, 0)), 1, "a");
        List<FunctionProblem> problems = s.add(text(function("big", Long.MAX_VALUE, 0)), 3, "b");
        assertThat(problems).containsExactly(new FunctionProblem("b", "big", MergeStatus.COUNTER_OVERFLOW, 0));
        assertThat(only(s).totalSamples()).isEqualTo(-1L);
    }

    @Test
    void probeAndLineProfilesDoNotMerge() {
        SampleMergeState s = state();
        s.add(profile(SampleFormat.TEXT, flags(true, false, false), function("f", 1, 0)), 1, "a");
        assertThatThrownBy(() -> s.add(text(function("f", 1, 0)), 1, "b"))
                .isInstanceOf(SampleMergeException.class)
                .hasMessage("cannot merge probe-based profile with non-probe-based profile");
    }

    @Test
    void contextSensitiveAndPlainProfilesDoNotMerge() {
        SampleMergeState s = state();
        s.add(profile(SampleFormat.TEXT, flags(false, true, false), function(Profiles.cs("main"), 1, 0)), 1, "a");
        assertThatThrownBy(() -> s.add(text(function("f", 1, 0)), 1, "b"))
                .hasMessage("cannot merge CS profile with non-CS profile");
    }

    @Test
    void aTextInputClearsWhatAnEarlierExtBinaryInputSet() {
        SampleProfile pre = profile(SampleFormat.EXTBINARY, flags(false, false, true), function("f", 1, 0));
        SampleMergeState s = state();
        s.add(pre, 1, "a");
        s.add(text(function("g", 1, 0)), 1, "b");
        assertThat(s.toProfile().flags().preInlined()).isFalse();
        SampleMergeState r = state();
        r.add(text(function("g", 1, 0)), 1, "b");
        r.add(pre, 1, "a");
        assertThat(r.toProfile().flags().preInlined()).isTrue();
    }

    @Test
    void symbolListsAreUnitedUnlessDropped() {
        SampleProfile a = profile(SampleFormat.EXTBINARY, flags(false, false, false), new TreeSet<>(List.of("x", "y")),
                function("f", 1, 0));
        SampleProfile b = profile(SampleFormat.EXTBINARY, flags(false, false, false), new TreeSet<>(List.of("z")),
                function("f", 1, 0));
        SampleMergeState s = state();
        s.add(a, 1, "a");
        s.add(b, 1, "b");
        s.addSymbols(List.of("w"));
        assertThat(s.toProfile().symbolList()).containsExactly("w", "x", "y", "z");
        SampleMergeState d = new SampleMergeState(SampleMergeOptions.builder().dropSymbolList(true).build());
        d.add(a, 1, "a");
        assertThat(d.toProfile().symbolList()).isNull();
    }

    @Test
    void remappingRenamesAndRebuildsLosingChecksumsAttributesAndContexts() {
        SampleMergeState s = new SampleMergeState(SampleMergeOptions.builder()
                .remapper(n -> n.equals("foo") ? "foo2" : n.equals("bar") ? "bar2" : n).build());
        FunctionSamples f = function(Profiles.cs("main:3", "foo"), 10, 1);
        f.setFunctionHash(77);
        f.setAttributes(FunctionSamples.ATTR_SHOULD_BE_INLINED);
        target(body(f, 1, 5), 1, "bar", 5);
        inlinee(f, 2, "bar", 3).setFunctionHash(9);
        s.add(profile(SampleFormat.TEXT, flags(true, true, false), f), 1, "a");
        FunctionSamples m = only(s);
        assertThat(m.context()).isEqualTo(SampleContext.of(FunctionId.of("foo2")));
        assertThat(m.functionHash()).isZero();
        assertThat(m.attributes()).isZero();
        assertThat(m.body().get(new LineLocation(1, 0)).targets()).containsOnlyKeys(FunctionId.of("bar2"));
        FunctionSamples c = m.callsites().get(new LineLocation(2, 0)).get(FunctionId.of("bar2"));
        assertThat(c.totalSamples()).isEqualTo(3);
        assertThat(c.functionHash()).isZero();
    }
}
