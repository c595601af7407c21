package dev.jprofdata.format.offload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class UniformityRuleTest {
    private final UniformityRule rule = UniformityRule.DEFAULT;

    @Test
    void ninetyPercentExactly() {
        assertThat(rule.isUniform(0, 0)).isTrue();
        assertThat(rule.isUniform(10, 9)).isTrue();
        assertThat(rule.isUniform(10, 8)).isFalse();
        assertThat(rule.isUniform(3200, 2880)).isTrue();
        assertThat(rule.isUniform(3200, 2879)).isFalse();
    }

    @Test
    void exactAbove2To53() {
        // T = 2^64 - 1: 0.9 T = 16602069666338596453.5, so U must be at least ...454.
        long t = -1L;
        long u = new BigInteger("16602069666338596454").longValue();
        assertThat(rule.isUniform(t, u)).isTrue();
        assertThat(rule.isUniform(t, u - 1)).isFalse();
        // Above 2^53 a double division cannot tell U = 0.9 T from U = 0.9 T - 1.
        long t53 = 9007199254741000L; // 2^53 + 8, a multiple of 10
        long u53 = 8106479329266900L; // exactly 0.9 T
        assertThat(rule.isUniform(t53, u53)).isTrue();
        assertThat(rule.isUniform(t53, u53 - 1)).isFalse();
    }

    @Test
    void parsesThresholds() {
        assertThat(UniformityRule.parse("0.9")).isEqualTo(new UniformityRule(9, 10));
        assertThat(UniformityRule.parse("0.950")).isEqualTo(new UniformityRule(95, 100));
        assertThat(UniformityRule.parse("1")).isEqualTo(new UniformityRule(1, 1));
        assertThat(UniformityRule.parse("0")).isEqualTo(new UniformityRule(0, 1));
        assertThat(UniformityRule.parse("0.5").isUniform(10, 5)).isTrue();
        assertThatThrownBy(() -> UniformityRule.parse("1.5")).hasMessage("'1.5' is not a number between 0 and 1");
        assertThatThrownBy(() -> UniformityRule.parse("abc")).hasMessage("'abc' is not a number between 0 and 1");
        assertThatThrownBy(() -> UniformityRule.parse("0.1234567891")).hasMessage("'0.1234567891' has more than 9 decimals");
    }

    @Test
    void packsLsbFirstWithUnusedBitsSet() {
        long[] totals = new long[9];
        long[] uniform = new long[9];
        java.util.Arrays.fill(totals, 10);
        java.util.Arrays.fill(uniform, 10);
        uniform[0] = 0;
        uniform[8] = 0;
        // Byte 0: bit 0 clear -> 0xFE. Byte 1: bit 0 (block 8) clear, bits 1..7 unused -> 0xFE.
        assertThat(rule.bits(totals, uniform)).containsExactly((byte) 0xFE, (byte) 0xFE);
        assertThat(UniformityBits.pattern(new byte[] {(byte) 0xFE, (byte) 0xFE}, 0, 9))
                .isEqualTo("[D, U, U, U, U, U, U, U, D]");
    }
}
