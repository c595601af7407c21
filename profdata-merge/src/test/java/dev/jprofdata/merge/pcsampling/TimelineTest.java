package dev.jprofdata.merge.pcsampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Timelines bin samples that come in any time order, and show how occupancy evolves. */
class TimelineTest {
    @Test
    void everySampleIsBinnedAndTheSpanFillsAQuarterOfTheBinsOrMore() {
        Random random = new Random(7);
        Timeline t = new Timeline();
        long min = Long.MAX_VALUE;
        long max = 0;
        for (int i = 0; i < 500; i++) {
            // Not in time order, as rocprofv3 writes them.
            long ts = 1_000_000 + random.nextInt(90_000);
            min = Math.min(min, ts);
            max = Math.max(max, ts);
            t.add(ts, 1 + random.nextInt(32));
        }
        long total = 0;
        for (int i = 0; i < Timeline.BINS; i++) {
            total += t.samples(i);
        }
        assertThat(total).isEqualTo(500);
        assertThat(t.start()).isLessThanOrEqualTo(min);
        assertThat(t.start() + Timeline.BINS * t.binWidth()).isGreaterThan(max);
        assertThat(t.lastUsed() - t.firstUsed() + 1).isGreaterThanOrEqualTo(Timeline.BINS / 4);
        // The first bin with samples holds the earliest sample; the last the latest.
        assertThat((min - t.start()) / t.binWidth()).isEqualTo(t.firstUsed());
        assertThat((max - t.start()) / t.binWidth()).isEqualTo(t.lastUsed());
    }

    @Test
    void drainingShowsInTheQuarters() {
        Timeline t = new Timeline();
        // 32 waves for the first three quarters of the time, 4 at the end.
        for (int i = 0; i < 128; i++) {
            t.add(i * 1000L, i < 96 ? 32 : 4);
        }
        double[] q = t.meanWavesIn(4);
        assertThat(q[0]).isEqualTo(32.0);
        assertThat(q[3]).isLessThan(q[0]).isGreaterThanOrEqualTo(4.0);
    }
}
