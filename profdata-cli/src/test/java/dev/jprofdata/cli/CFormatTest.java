package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Expected strings were produced by glibc's printf (gcc, x86-64) for the same doubles; the
 * inputs are given as Java double literals whose exact value is the one printed by {@code %.17g}.
 */
class CFormatTest {

    @ParameterizedTest(name = "%0.6g of {0} = {1}")
    @CsvSource(delimiter = '|', value = {
        "0.0|0",
        "-0.0|-0",
        "1.0|1",
        "12.3456|12.3456",
        "90.1|90.1",
        "99.9999|99.9999",
        "100|100",
        "200|200",
        "0.0001|0.0001",
        "0.00001|1e-05",
        "123456|123456",
        "1234567|1.23457e+06",
        "999999.5|1e+06",
        "999998.5|999998",
        "0.000123456789|0.000123457",
        "1e20|1e+20",
        "1e-20|1e-20",
        "4.9e-324|4.94066e-324",
        "1.7976931348623157e308|1.79769e+308",
        "2.5|2.5",
        "1048576|1.04858e+06",
        "33.333333333333336|33.3333",
        "-2.5e-5|-2.5e-05",
        "123456.5|123456",
        "9.9999995|10",
        "0.1|0.1",
    })
    void generalSixDigits(double value, String expected) {
        assertThat(CFormat.general(value, 6)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "%.3g/%.1g/%.0g of {0}")
    @CsvSource(delimiter = '|', value = {
        "12.3456|12.3|1e+01|1e+01",
        "99.9999|100|1e+02|1e+02",
        "0.0001|0.0001|0.0001|0.0001",
        "123456|1.23e+05|1e+05|1e+05",
        "999999.5|1e+06|1e+06|1e+06",
        "2.5|2.5|2|2",
        "4.9e-324|4.94e-324|5e-324|5e-324",
        "1.7976931348623157e308|1.8e+308|2e+308|2e+308",
        "-2.5e-5|-2.5e-05|-3e-05|-3e-05",
    })
    void generalOtherPrecisions(double value, String p3, String p1, String p0) {
        assertThat(CFormat.general(value, 3)).isEqualTo(p3);
        assertThat(CFormat.general(value, 1)).isEqualTo(p1);
        assertThat(CFormat.general(value, 0)).isEqualTo(p0);
    }

    /** The detailed-summary cutoff percentages are floats widened to double, as in C varargs. */
    @ParameterizedTest(name = "float cutoff {0}")
    @CsvSource(delimiter = '|', value = {
        "10000|1",
        "999999|99.9999",
        "123456|12.3456",
        "901000|90.1",
        "999990|99.999",
        "999900|99.99",
        "999000|99.9",
        "2000000|200",
    })
    void floatCutoffPercent(int cutoff, String expected) {
        float percent = 100f * cutoff / 1000000f;
        assertThat(CFormat.general(percent, 6)).isEqualTo(expected);
    }

    /** Ties and near-ties: C rounds the exact binary value, half to even. */
    @ParameterizedTest(name = "%.3f/%.2f/%.0f of {0}")
    @CsvSource(delimiter = '|', value = {
        "0.0625|0.062|0.06|0",
        "0.0675|0.068|0.07|0",
        "0.125|0.125|0.12|0",
        "1.0005|1.000|1.00|1",
        "2.0005|2.001|2.00|2",
        "0.3125|0.312|0.31|0",
        "95.8398|95.840|95.84|96",
        "0.1235|0.123|0.12|0",
        "0.0005|0.001|0.00|0",
        "-0.0001|-0.000|-0.00|-0",
        "-0.0|-0.000|-0.00|-0",
        "1e22|10000000000000000000000.000|10000000000000000000000.00|10000000000000000000000",
        "123.4565|123.457|123.46|123",
        "0.9995|1.000|1.00|1",
        "99.9995|99.999|100.00|100",
        "0.5|0.500|0.50|0",
        "1.5|1.500|1.50|2",
        "2.5|2.500|2.50|2",
    })
    void fixed(double value, String p3, String p2, String p0) {
        assertThat(CFormat.fixed(value, 3)).isEqualTo(p3);
        assertThat(CFormat.fixed(value, 2)).isEqualTo(p2);
        assertThat(CFormat.fixed(value, 0)).isEqualTo(p0);
    }

    /**
     * The quick way of {@code %.Nf} gives the exact way's text wherever it answers: on random
     * values, on percentages as the reports compute them, on values at and next to every half
     * (where it must step aside), for 0 to 6 digits.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(longs = {1, 2, 3, 4, 5})
    void quickFixedIsExactFixed(long seed) {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        int answered = 0;
        for (int i = 0; i < 20_000; i++) {
            int precision = rnd.nextInt(7);
            double value = switch (i % 5) {
                case 0 -> rnd.nextDouble() * Math.pow(10, rnd.nextInt(10));
                case 1 -> rnd.nextInt(1 << 20) * 100.0 / (1 + rnd.nextInt(1 << 20));
                case 2 -> (rnd.nextInt(1_000_000) + 0.5) / Math.pow(10, precision); // a half, or next to one
                case 3 -> Math.nextUp((rnd.nextInt(1_000_000) + 0.5) / Math.pow(10, precision));
                default -> Math.nextDown((rnd.nextInt(1_000_000) + 0.5) / Math.pow(10, precision));
            };
            String quick = CFormat.fixedQuick(value, precision);
            if (quick != null) {
                answered++;
                assertThat(quick).as("%s with %d digits", value, precision)
                        .isEqualTo(CFormat.fixedExact(value, precision));
            }
            assertThat(CFormat.fixed(value, precision)).isEqualTo(CFormat.fixedExact(value, precision));
        }
        // Two fifths of the values are random or percentages, which the quick way should nearly all
        // answer (the rest are at or next to halves); else this tests nothing.
        assertThat(answered).isGreaterThan(7_000);
        // Exact halves are ties: the quick way steps aside, the exact way rounds to even.
        assertThat(CFormat.fixedQuick(0.125, 2)).isNull();
        assertThat(CFormat.fixed(0.125, 2)).isEqualTo("0.12");
        assertThat(CFormat.fixedQuick(-1.0, 2)).isNull();
        assertThat(CFormat.fixedQuick(-0.0, 2)).isNull();
    }

    @Test
    void percentagesAsShowPrintsThem() {
        assertThat(CFormat.fixed(1 * 100.0 / 3, 2)).isEqualTo("33.33");
        assertThat(CFormat.fixed(2 * 100.0 / 3, 2)).isEqualTo("66.67");
        assertThat(CFormat.fixed(46 * 100.0 / 137, 2)).isEqualTo("33.58");
    }

    @Test
    void nonFinite() {
        assertThat(CFormat.fixed(Double.POSITIVE_INFINITY, 3)).isEqualTo("inf");
        assertThat(CFormat.fixed(Double.NEGATIVE_INFINITY, 3)).isEqualTo("-inf");
        assertThat(CFormat.general(Double.NaN, 6)).isEqualTo("nan");
    }

    @Test
    void integers() {
        assertThat(CFormat.signedDecimal(-1, 10)).isEqualTo("        -1");
        assertThat(CFormat.signedDecimal(Long.MAX_VALUE, 10)).isEqualTo("9223372036854775807");
        assertThat(CFormat.signedDecimal(46, 10)).isEqualTo("        46");
        assertThat(CFormat.unsignedDecimal(-1, 4)).isEqualTo("18446744073709551615");
        assertThat(CFormat.unsignedDecimal(8, 4)).isEqualTo("   8");
        assertThat(CFormat.unsignedDecimal(3, 2)).isEqualTo(" 3");
        assertThat(CFormat.hex16(0x0a4d0ad3efffffffL)).isEqualTo("0x0a4d0ad3efffffff");
        assertThat(CFormat.hex16(0x18)).isEqualTo("0x0000000000000018");
        assertThat(CFormat.hex16(-1)).isEqualTo("0xffffffffffffffff");
    }

    @Test
    void unsignedConversions() {
        // (double) 18446744073709551615ULL = 1.8446744073709552e+19 and (float) = 1.84467441e+19
        assertThat(CFormat.unsignedToDouble(-1)).isEqualTo(1.8446744073709552e19);
        assertThat(CFormat.unsignedToFloat(-1)).isEqualTo(1.84467441e19f);
        // 9223372036854775809ULL -> 9.2233720368547758e+18 (ties to even)
        assertThat(CFormat.unsignedToDouble(Long.MIN_VALUE + 1)).isEqualTo(9.2233720368547758e18);
        // 9223373136366403584ULL (just above a float tie) -> 9.22337314e+18
        assertThat(CFormat.unsignedToFloat(Long.parseUnsignedLong("9223373136366403584")))
                .isEqualTo(9.22337314e18f);
        // 18446742974197923841ULL: the sticky bit decides the rounding direction
        assertThat(CFormat.unsignedToFloat(Long.parseUnsignedLong("18446742974197923841")))
                .isEqualTo(1.8446743e19f);
        assertThat(CFormat.unsignedToDouble(Long.parseUnsignedLong("18446744073709550593")))
                .isEqualTo(1.8446744073709552e19);
        assertThat(CFormat.unsignedToDouble(320)).isEqualTo(320.0);
    }
}
