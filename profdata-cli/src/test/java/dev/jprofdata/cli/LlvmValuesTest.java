package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** LLVM's integer option syntax: auto radix, no sign for unsigned types, range checks. */
class LlvmValuesTest {

    @Test
    void radixPrefixes() {
        assertThat(LlvmValues.uint32("--topn", "10")).isEqualTo(10);
        assertThat(LlvmValues.uint32("--topn", "0x1F")).isEqualTo(31);
        assertThat(LlvmValues.uint32("--topn", "0X10")).isEqualTo(16);
        assertThat(LlvmValues.uint32("--topn", "010")).isEqualTo(8);
        assertThat(LlvmValues.uint32("--topn", "0o17")).isEqualTo(15);
        assertThat(LlvmValues.uint32("--topn", "0b101")).isEqualTo(5);
        assertThat(LlvmValues.uint32("--topn", "0")).isZero();
    }

    @Test
    void ranges() {
        assertThat(LlvmValues.uint32("--topn", "4294967295")).isEqualTo(4294967295L);
        assertThat(LlvmValues.uint64("--value-cutoff", "18446744073709551615", "ullong")).isEqualTo(-1L);
        assertThat(LlvmValues.int32("--x", "-2147483648")).isEqualTo(Integer.MIN_VALUE);
        assertThat(LlvmValues.int32("--x", "2147483647")).isEqualTo(Integer.MAX_VALUE);
        assertInvalid(() -> LlvmValues.uint32("--topn", "4294967296"), "--topn", "4294967296", "uint");
        assertInvalid(() -> LlvmValues.uint64("--v", "18446744073709551616", "ullong"), "--v", "18446744073709551616", "ullong");
        assertInvalid(() -> LlvmValues.int32("--x", "2147483648"), "--x", "2147483648", "integer");
    }

    @Test
    void malformed() {
        for (String bad : new String[] {"", "-1", "+1", " 1", "1 ", "0x", "08", "1e3", "١"}) {
            assertInvalid(() -> LlvmValues.uint32("--topn", bad), "--topn", bad, "uint");
        }
    }

    private static void assertInvalid(Runnable parse, String option, String value, String type) {
        assertThatThrownBy(parse::run)
                .isInstanceOf(CliException.class)
                .hasMessage("jprofdata: for the " + option + " option: '" + value + "' value invalid for " + type + " argument!");
    }
}
