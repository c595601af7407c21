package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Weights as llvm-profdata 22 takes them (its transcripts: `--weighted-input=0,x` and a negative
 * or signed weight are refused with these words; 2^64-1 is the largest it takes).
 */
class InputWeightTest {
    @ParameterizedTest
    @CsvSource({"1, 1", "7, 7", "9223372036854775807, 9223372036854775807",
            "18446744073709551615, -1", "0018, 18"})
    void digitsGiveTheUnsignedWeight(String text, long weight) {
        assertThat(InputWeight.parse(text)).isEqualTo(weight);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "", "-1", "+1", " 1", "1 ", "0x10", "18446744073709551616", "1e3", "1.0"})
    void anythingElseIsRefusedInLlvmsWords(String text) {
        assertThatThrownBy(() -> InputWeight.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("input weight must be a positive integer");
    }
}
