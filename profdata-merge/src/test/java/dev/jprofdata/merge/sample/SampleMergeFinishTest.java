package dev.jprofdata.merge.sample;

import static dev.jprofdata.merge.sample.Profiles.body;
import static dev.jprofdata.merge.sample.Profiles.cs;
import static dev.jprofdata.merge.sample.Profiles.flags;
import static dev.jprofdata.merge.sample.Profiles.function;
import static dev.jprofdata.merge.sample.Profiles.inlinee;
import static dev.jprofdata.merge.sample.Profiles.profile;
import static dev.jprofdata.merge.sample.Profiles.target;
import static dev.jprofdata.merge.sample.Profiles.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The steps after merging: cold contexts, layout conversion, filters. */
class SampleMergeFinishTest {
    private static SampleMerger.Finished finish(SampleMergeOptions options, SampleProfile... inputs) {
        SampleMergeState s = new SampleMergeState(options);
        for (SampleProfile p : inputs) {
            s.add(p, 1, "in");
        }
        return SampleMerger.finish(s, options);
    }

    private static Map<String, FunctionSamples> byName(SampleProfile p) {
        return p.profiles().values().stream().collect(Collectors.toMap(f -> f.context().toString(), f -> f));
    }

    private static LineLocation at(int line) {
        return new LineLocation(line, 0);
    }

    @Test
    void flatteningANestedProfileMovesInlineesToTopLevelWithEstimatedHeads() {
        FunctionSamples main = function("main", 100, 5);
        body(main, 1, 10);
        FunctionSamples foo = inlinee(main, 3, "foo", 60);
        body(foo, 1, 40);
        body(foo, 2, 20);
        SampleProfile out = finish(SampleMergeOptions.builder().layout(SampleLayoutConversion.FLAT).build(),
                text(main)).profile();
        Map<String, FunctionSamples> p = byName(out);
        assertThat(p).containsOnlyKeys("main", "foo");
        FunctionSamples m = p.get("main");
        assertThat(m.totalSamples()).isEqualTo(80);
        assertThat(m.headSamples()).isEqualTo(10);
        assertThat(m.hasInlinees()).isFalse();
        assertThat(m.body().get(at(3)).samples()).isEqualTo(40);
        assertThat(m.body().get(at(3)).targets()).containsEntry(FunctionId.of("foo"), 40L);
        assertThat(p.get("foo").totalSamples()).isEqualTo(60);
        assertThat(p.get("foo").headSamples()).isEqualTo(40);
    }

    @Test
    void flatteningAContextSensitiveProfileMergesContextsByFunctionAndDropsAttributes() {
        FunctionSamples a = function(cs("main:3", "foo"), 10, 1);
        a.setAttributes(FunctionSamples.ATTR_SHOULD_BE_INLINED);
        FunctionSamples b = function(cs("bar:1", "foo"), 5, 2);
        SampleMerger.Finished f = finish(SampleMergeOptions.builder().layout(SampleLayoutConversion.FLAT).build(),
                profile(SampleFormat.TEXT, flags(false, true, false), a, b));
        assertThat(f.profile().flags().contextSensitive()).isFalse();
        FunctionSamples foo = byName(f.profile()).get("foo");
        assertThat(foo.context().isContextSensitive()).isFalse();
        assertThat(foo.totalSamples()).isEqualTo(15);
        assertThat(foo.headSamples()).isEqualTo(3);
        assertThat(foo.attributes()).isZero();
    }

    private static SampleProfile csProfile() {
        FunctionSamples main = function(cs("main"), 100, 0);
        body(main, 1, 70);
        target(body(main, 3, 30), 3, "foo", 25);
        FunctionSamples foo = body(function(cs("main:3", "foo"), 25, 25), 1, 25);
        FunctionSamples bar = function(cs("main:5", "bar"), 7, 7);
        FunctionSamples qux = function(cs("baz:2", "qux"), 4, 4);
        return profile(SampleFormat.TEXT, flags(false, true, false), main, foo, bar, qux);
    }

    @Test
    void nestingMovesContextsUnderTheirCallersAndOrphansToTopLevel() {
        SampleMerger.Finished f = finish(SampleMergeOptions.builder().layout(SampleLayoutConversion.NEST).build(),
                csProfile());
        assertThat(f.profile().flags().contextSensitive()).isFalse();
        Map<String, FunctionSamples> p = byName(f.profile());
        assertThat(p).containsOnlyKeys("main", "qux");
        FunctionSamples main = p.get("main");
        assertThat(main.context().isContextSensitive()).isFalse();
        assertThat(main.totalSamples()).isEqualTo(107);
        assertThat(main.body().get(at(3)).samples()).isEqualTo(5);
        assertThat(main.body().get(at(3)).targets()).isEmpty();
        FunctionSamples foo = main.callsites().get(at(3)).get(FunctionId.of("foo"));
        assertThat(foo.totalSamples()).isEqualTo(25);
        assertThat(foo.attributes()).isZero();
        assertThat(main.callsites().get(at(5))).containsOnlyKeys(FunctionId.of("bar"));
        assertThat(p.get("qux").totalSamples()).isEqualTo(4);
    }

    @Test
    void nestingWithMergedBaseProfilesAlsoKeepsEachFunctionAtTopLevel() {
        SampleMerger.Finished f = finish(SampleMergeOptions.builder().layout(SampleLayoutConversion.NEST)
                .generateMergedBaseProfiles(true).build(), csProfile());
        Map<String, FunctionSamples> p = byName(f.profile());
        assertThat(p).containsOnlyKeys("main", "foo", "bar", "qux");
        assertThat(p.get("foo").totalSamples()).isEqualTo(25);
        assertThat(p.get("foo").attributes()).isZero();
        FunctionSamples nested = p.get("main").callsites().get(at(3)).get(FunctionId.of("foo"));
        assertThat(nested.attributes()).isEqualTo(FunctionSamples.ATTR_DUPLICATED_INTO_BASE);
    }

    private static SampleProfile coldProfile(boolean withBase) {
        FunctionSamples main = function(cs("main"), 1000, 0);
        body(main, 1, 1000);
        FunctionSamples a = body(function(cs("main:3", "foo"), 50, 0), 1, 50);
        a.setAttributes(FunctionSamples.ATTR_SHOULD_BE_INLINED);
        FunctionSamples b = body(function(cs("bar:1", "foo"), 30, 0), 1, 30);
        if (withBase) {
            FunctionSamples base = body(function(cs("foo"), 200, 0), 1, 200);
            return profile(SampleFormat.TEXT, flags(false, true, false), main, a, b, base);
        }
        return profile(SampleFormat.TEXT, flags(false, true, false), main, a, b);
    }

    @Test
    void coldContextsMergeIntoTheirLastFramesFreshly() {
        SampleProfile out = finish(SampleMergeOptions.builder().mergeColdContext(true).coldCount(100L).build(),
                coldProfile(false)).profile();
        Map<String, FunctionSamples> p = byName(out);
        assertThat(p).containsOnlyKeys("main", "foo");
        assertThat(p.get("foo").context()).isEqualTo(cs("foo"));
        assertThat(p.get("foo").totalSamples()).isEqualTo(80);
        assertThat(p.get("foo").attributes()).isZero();
    }

    @Test
    void trimmingDropsColdContextsUnlessTheirMergeMeetsAnExistingProfile() {
        SampleMergeOptions trimMerge = SampleMergeOptions.builder().mergeColdContext(true).trimColdContext(true)
                .coldCount(100L).build();
        assertThat(byName(finish(trimMerge, coldProfile(false)).profile())).containsOnlyKeys("main");
        Map<String, FunctionSamples> p = byName(finish(trimMerge, coldProfile(true)).profile());
        assertThat(p).containsOnlyKeys("main", "foo");
        assertThat(p.get("foo").totalSamples()).isEqualTo(280);
        SampleMergeOptions trim = SampleMergeOptions.builder().trimColdContext(true).coldCount(100L).build();
        assertThat(byName(finish(trim, coldProfile(false)).profile())).containsOnlyKeys("main");
    }

    @Test
    void theColdThresholdComesFromTheSummaryUnlessGiven() {
        // By function (foo's contexts flattened: counts 1000 and 80) the 99.9999 % cutoff needs
        // both counts: threshold 80, both foo contexts are cold.
        SampleMergeOptions.Builder trim = SampleMergeOptions.builder().trimColdContext(true);
        assertThat(byName(finish(trim.build(), coldProfile(false)).profile())).containsOnlyKeys("main");
        // Context by context (1000, 50, 30) it needs all three: threshold 30, nothing is below it.
        trim.contextlessSummary(true);
        assertThat(byName(finish(trim.build(), coldProfile(false)).profile()))
                .containsOnlyKeys("main", "main:3 @ foo", "bar:1 @ foo");
        // At 90 % the count 1000 alone is enough: threshold 1000.
        trim.cutoffCold(900000);
        assertThat(byName(finish(trim.build(), coldProfile(false)).profile())).containsOnlyKeys("main");
    }

    @Test
    void filtersKeepMatchesAndDropNegativeMatches() {
        SampleMerger.Finished f = finish(SampleMergeOptions.builder().functionRegex("^_Z").noFunctionRegex("foo")
                .build(), text(function("_Z3foo", 1, 0), function("_Z3bar", 1, 0), function("main", 1, 0)));
        assertThat(f.filtered()).isTrue();
        assertThat(f.before()).isEqualTo(3);
        assertThat(f.removed()).isEqualTo(2);
        assertThat(byName(f.profile())).containsOnlyKeys("_Z3bar");
    }

    @Test
    void md5ProfilesMatchTheHashOfTheExpression() {
        FunctionSamples main = function(SampleContext.of(FunctionId.ofHash(Names.md5("main"))), 1, 0);
        FunctionSamples other = function(SampleContext.of(FunctionId.ofHash(Names.md5("other"))), 1, 0);
        SampleProfile md5 = profile(SampleFormat.EXTBINARY,
                new dev.jprofdata.format.sample.SampleProfileFlags(false, false, false, false, true, false, false),
                main, other);
        SampleMerger.Finished f = finish(SampleMergeOptions.builder().functionRegex("main").build(), md5);
        assertThat(f.removed()).isEqualTo(1);
        assertThat(f.profile().profiles().keySet()).containsExactly(main.context());
    }
}
