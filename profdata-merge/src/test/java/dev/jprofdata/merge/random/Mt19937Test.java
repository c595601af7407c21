package dev.jprofdata.merge.random;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Mt19937Test {

    @Test
    void tenThousandthDrawOfTheDefaultSeedIsTheOneTheCppStandardRequires() {
        // [rand.predef]: the 10000th consecutive invocation of a default-constructed mt19937 is 4123659995.
        Mt19937 rng = new Mt19937();
        long last = 0;
        for (int i = 0; i < 10000; i++) {
            last = rng.next();
        }
        assertThat(last).isEqualTo(4123659995L);
    }

    @Test
    void canonicalFloatIsOneDrawOver2To32() {
        Mt19937 a = new Mt19937(7);
        Mt19937 b = new Mt19937(7);
        for (int i = 0; i < 1000; i++) {
            float f = a.nextCanonicalFloat();
            long u = b.next();
            assertThat(f).isGreaterThanOrEqualTo(0f).isLessThan(1f);
            float expected = (float) u / 4294967296f;
            assertThat(f).isEqualTo(expected >= 1f ? Math.nextDown(1f) : expected);
        }
    }

    @Test
    void drawsThatRoundUpToOneAreClampedBelowOne() {
        // (float) 0xFFFFFFFF rounds to 2^32, so the quotient would be exactly 1.
        assertThat((float) 0xFFFFFFFFL / 4294967296f).isEqualTo(1f);
        assertThat(Math.nextDown(1f)).isLessThan(1f);
    }
}
