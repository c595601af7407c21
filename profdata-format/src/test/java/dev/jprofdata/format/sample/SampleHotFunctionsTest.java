package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.summary.ProfileSummary;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The hot-function list, the function statistics under it and LLVM's head-sample estimate, on
 * profiles built in code (plain.proftext of the golden cases, and small ones).
 */
class SampleHotFunctionsTest {
    private static final Saturating.Overflow OVERFLOW = new Saturating.Overflow();

    private static FunctionSamples function(String name, long total, long head) {
        FunctionSamples f = new FunctionSamples(SampleContext.of(FunctionId.of(name)));
        f.setTotalSamples(total);
        f.setHeadSamples(head);
        return f;
    }

    private static void line(FunctionSamples f, int line, int discriminator, long samples) {
        f.bodyRecord(new LineLocation(line, discriminator)).addSamples(samples, 1, OVERFLOW);
    }

    private static FunctionSamples inlinee(FunctionSamples f, int line, String callee, long total) {
        FunctionSamples c = f.inlinee(new LineLocation(line, 0), FunctionId.of(callee));
        c.setTotalSamples(total);
        return c;
    }

    /** plain.proftext: main with two inlinees at line 10, and two small functions. */
    private static List<FunctionSamples> plain() {
        FunctionSamples main = function("main", 184019, 0);
        line(main, 4, 0, 534);
        line(main, 4, 2, 534);
        line(main, 5, 0, 1075);
        line(main, 5, 1, 1075);
        line(main, 6, 0, 2080);
        line(main, 7, 0, 534);
        line(main, 9, 0, 2064);
        line(inlinee(main, 10, "inline1", 1000), 1, 0, 1000);
        line(inlinee(main, 10, "inline2", 2000), 1, 0, 2000);
        FunctionSamples bar = function("_Z3bari", 20301, 1437);
        line(bar, 1, 0, 1437);
        FunctionSamples foo = function("_Z3fooi", 7711, 610);
        line(foo, 1, 0, 610);
        return List.of(main, bar, foo);
    }

    @Test
    void statsCoverInlinees() {
        SampleFunctionStats s = SampleFunctionStats.of(plain().get(0), 1075);
        assertThat(s.sum()).isEqualTo(534 * 3 + 1075 * 2 + 2080 + 2064 + 1000 + 2000);
        assertThat(s.max()).isEqualTo(2080);
        assertThat(s.hotBlocks()).as("1075, 1075, 2080, 2064 and the inlinees' 2000 reach 1075").isEqualTo(5);
        assertThat(s.isHot(2080)).isTrue();
        assertThat(s.isHot(2081)).isFalse();
    }

    @Test
    void plainProfileListsAsLlvmDoes() {
        List<FunctionSamples> profiles = plain();
        ProfileSummary summary = SampleSummaries.compute(profiles, false, false);
        SampleHotFunctions hot = SampleHotFunctions.of(profiles, summary, false);
        // golden sample_show_hot_plain_proftext: threshold 534, all three hot.
        assertThat(hot.threshold()).isEqualTo(534);
        assertThat(hot.functions()).isEqualTo(3);
        assertThat(hot.profileTotal()).isEqualTo(212031);
        assertThat(hot.hotTotal()).isEqualTo(212031);
        assertThat(hot.hot()).extracting(r -> r.context().toString()).containsExactly("main", "_Z3bari", "_Z3fooi");
        assertThat(hot.hot()).extracting(SampleHotFunctions.Row::max).containsExactly(2080L, 1437L, 610L);
        assertThat(hot.hot()).extracting(SampleHotFunctions.Row::entry).containsExactly(534L, 1437L, 610L);
    }

    @Test
    void equalTotalsKeepTheGivenOrder() {
        FunctionSamples a = function("a", 10, 1);
        line(a, 1, 0, 5);
        FunctionSamples b = function("b", 10, 1);
        line(b, 1, 0, 5);
        FunctionSamples c = function("c", 20, 1);
        line(c, 1, 0, 5);
        ProfileSummary summary = SampleSummaries.compute(List.of(a, b, c), false, false);
        assertThat(SampleHotFunctions.of(List.of(b, a, c), summary, false).hot())
                .extracting(r -> r.context().toString()).containsExactly("c", "b", "a");
    }

    @Test
    void headEstimate() {
        FunctionSamples f = function("f", 100, 7);
        assertThat(HeadSamples.estimate(f, false)).as("no samples anywhere, total > 0").isEqualTo(1);
        line(inlinee(f, 2, "x", 30), 1, 0, 30);
        line(inlinee(f, 2, "y", 20), 1, 0, 20);
        assertThat(HeadSamples.estimate(f, false)).as("inlinees at the first callsite, summed").isEqualTo(50);
        line(f, 1, 0, 9);
        assertThat(HeadSamples.estimate(f, false)).as("a body line before the first callsite").isEqualTo(9);
        assertThat(HeadSamples.estimate(f, true)).as("CS profiles trust a recorded head").isEqualTo(7);
        assertThat(HeadSamples.estimate(function("g", 0, 0), false)).isZero();
    }

    @Test
    void dumpOrderIsTotalThenContext() {
        FunctionSamples b = function("b", 10, 0);
        FunctionSamples a = function("a", 10, 0);
        FunctionSamples upper = function("B", 10, 0);
        FunctionSamples z = function("z", 11, 0);
        assertThat(SampleProfileOrder.sorted(List.of(b, a, upper, z)))
                .extracting(f -> f.context().toString()).containsExactly("z", "B", "a", "b");
    }
}
