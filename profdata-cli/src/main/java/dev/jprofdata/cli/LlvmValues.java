package dev.jprofdata.cli;

/**
 * Parses option values the way LLVM's command-line library does, with its error messages.
 *
 * <p>Numeric options are declared as strings and checked here rather than by picocli, whose
 * conversion errors would not read like llvm-profdata's ({@code for the --topn option: '-1' value
 * invalid for uint argument!}).
 */
final class LlvmValues {
    private LlvmValues() {
    }

    /** An unsigned 32-bit value ({@code cl::opt<unsigned>}), held in a long. */
    static long uint32(String option, String value) {
        Long v = parseUnsigned(value);
        if (v == null || (v >>> 32) != 0) {
            throw invalid(option, value, "uint");
        }
        return v;
    }

    /**
     * An unsigned 64-bit value, bits held in a long. {@code type} is how LLVM names the C type in
     * its message: {@code ullong} for {@code unsigned long long}, {@code ulong} for {@code uint64_t}.
     */
    static long uint64(String option, String value, String type) {
        Long v = parseUnsigned(value);
        if (v == null) {
            throw invalid(option, value, type);
        }
        return v;
    }

    /** A signed 32-bit value ({@code cl::opt<int>}). */
    static int int32(String option, String value) {
        boolean negative = value.startsWith("-");
        Long magnitude = parseUnsigned(negative ? value.substring(1) : value);
        long limit = negative ? 1L << 31 : (1L << 31) - 1;
        if (magnitude == null || Long.compareUnsigned(magnitude, limit) > 0) {
            throw invalid(option, value, "integer");
        }
        return (int) (negative ? -magnitude : magnitude);
    }

    /** A {@code cl::opt<float>}: a decimal number ({@code strtod}'s forms, the whole string used). */
    static float float32(String option, String value) {
        try {
            String t = value.strip();
            if (t.isEmpty() || !t.equals(value) || t.endsWith("f") || t.endsWith("F") || t.endsWith("d")
                    || t.endsWith("D")) {
                throw new NumberFormatException();
            }
            return (float) Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw invalid(option, value, "floatarg");
        }
    }

    private static CliException invalid(String option, String value, String type) {
        return new CliException(
                "jprofdata: for the " + option + " option: '" + value + "' value invalid for " + type + " argument!", false);
    }

    /**
     * LLVM's {@code getAsInteger(0, ...)}: {@code 0x}/{@code 0X} hex, {@code 0b}/{@code 0B} binary,
     * {@code 0o} or a leading zero octal, else decimal; no sign, the whole string must be used.
     * Returns null when invalid or above 2^64-1.
     */
    private static Long parseUnsigned(String s) {
        int radix = 10;
        String digits = s;
        if (s.startsWith("0x") || s.startsWith("0X")) {
            radix = 16;
            digits = s.substring(2);
        } else if (s.startsWith("0b") || s.startsWith("0B")) {
            radix = 2;
            digits = s.substring(2);
        } else if (s.startsWith("0o")) {
            radix = 8;
            digits = s.substring(2);
        } else if (s.length() > 1 && s.charAt(0) == '0' && Character.isDigit(s.charAt(1))) {
            radix = 8;
            digits = s.substring(1);
        }
        if (digits.isEmpty()) {
            return null;
        }
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            int d = Character.digit(digits.charAt(i), radix);
            if (d < 0 || digits.charAt(i) > 'z') {
                return null;
            }
            // value * radix + d must stay below 2^64.
            if (Long.compareUnsigned(value, Long.divideUnsigned(-1L - d, radix)) > 0) {
                return null;
            }
            value = value * radix + d;
        }
        return value;
    }
}
