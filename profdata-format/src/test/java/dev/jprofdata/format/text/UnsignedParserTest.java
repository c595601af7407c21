package dev.jprofdata.format.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** LLVM's getAsInteger rules, as observed through llvm-profdata 22 (see TextProfileReaderTest). */
class UnsignedParserTest {
    private final UnsignedParser p = new UnsignedParser();

    private Long parse(String s, int radix, long max) {
        return p.parse(s, radix, max) ? p.value() : null;
    }

    @Test
    void autoRadix() {
        assertThat(parse("0", 0, UnsignedParser.U64)).isZero();
        assertThat(parse("010", 0, UnsignedParser.U64)).isEqualTo(8);
        assertThat(parse("0o17", 0, UnsignedParser.U64)).isEqualTo(15);
        assertThat(parse("0b101", 0, UnsignedParser.U64)).isEqualTo(5);
        assertThat(parse("0XfF", 0, UnsignedParser.U64)).isEqualTo(255);
        assertThat(parse("0xFFFFFFFFFFFFFFFF", 0, UnsignedParser.U64)).isEqualTo(-1L);
        assertThat(parse("0o", 0, UnsignedParser.U64)).isNull();
        assertThat(parse("0b2", 0, UnsignedParser.U64)).isNull();
        assertThat(parse("09", 0, UnsignedParser.U64)).isNull();
    }

    @Test
    void decimalIsStrict() {
        assertThat(parse("010", 10, UnsignedParser.U64)).isEqualTo(10);
        assertThat(parse("18446744073709551615", 10, UnsignedParser.U64)).isEqualTo(-1L);
        assertThat(parse("18446744073709551616", 10, UnsignedParser.U64)).isNull();
        assertThat(parse("99999999999999999999", 10, UnsignedParser.U64)).isNull();
        assertThat(parse("", 10, UnsignedParser.U64)).isNull();
        assertThat(parse("-1", 10, UnsignedParser.U64)).isNull();
        assertThat(parse("+1", 10, UnsignedParser.U64)).isNull();
        assertThat(parse(" 1", 10, UnsignedParser.U64)).isNull();
        assertThat(parse("1a", 10, UnsignedParser.U64)).isNull();
    }

    @Test
    void destinationWidth() {
        assertThat(parse("255", 0, UnsignedParser.U8)).isEqualTo(255);
        assertThat(parse("0x100", 0, UnsignedParser.U8)).isNull();
        assertThat(parse("4294967295", 10, UnsignedParser.U32)).isEqualTo(4294967295L);
        assertThat(parse("4294967296", 10, UnsignedParser.U32)).isNull();
    }
}
