package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileFlags;
import java.util.Arrays;

/**
 * What each merged input did to the process-wide profile flags, by input index, kept so that a
 * merge in parts can apply them later in input order: {@link ProcessFlags} depend on the kinds and
 * the order of the inputs, and whether an input can be merged at all depends on the flags the
 * inputs before it left. An input is its format and the flags its reader looks at, in one small
 * code. Inputs with consecutive indices and the same code are one run (applying one code twice in a
 * row changes nothing), so thousands of hosts' profiles of one kind, cut into contiguous parts, are
 * one run once the parts are combined; parts that interleave keep a run per input, which is what
 * it takes to know their order.
 */
final class FlagHistory {
    private static final int FORMAT_BITS = 2;
    private static final SampleFormat[] FORMATS = SampleFormat.values();

    private int[] codes = new int[4];
    private int[] firstInputs = new int[4];
    private int[] lengths = new int[4];
    private int size;

    /** Records that input {@code index} (the whole merge's numbering) was merged; indices ascend. */
    void record(int index, SampleProfile input) {
        add(code(input.format(), input.flags()), index, 1);
    }

    /** The index after the last input recorded (0 when none): for merges that do not number inputs. */
    int nextIndex() {
        return size == 0 ? 0 : firstInputs[size - 1] + lengths[size - 1];
    }

    /** Adds the runs of {@code other}, whose inputs are not this history's, in input order. */
    void merge(FlagHistory other) {
        int[] c = codes;
        int[] f = firstInputs;
        int[] l = lengths;
        int n = size;
        codes = new int[n + other.size + 1];
        firstInputs = new int[n + other.size + 1];
        lengths = new int[n + other.size + 1];
        size = 0;
        int i = 0;
        int j = 0;
        while (i < n || j < other.size) {
            if (j >= other.size || (i < n && f[i] < other.firstInputs[j])) {
                add(c[i], f[i], l[i]);
                i++;
            } else {
                add(other.codes[j], other.firstInputs[j], other.lengths[j]);
                j++;
            }
        }
    }

    int size() {
        return size;
    }

    int code(int i) {
        return codes[i];
    }

    int firstInput(int i) {
        return firstInputs[i];
    }

    int length(int i) {
        return lengths[i];
    }

    /**
     * A run read back from the encoding: runs must come in input order and not overlap (false
     * otherwise).
     */
    boolean addRun(int code, int firstInput, int length) {
        if (length < 1 || (size > 0 && firstInput < nextIndex())) {
            return false;
        }
        add(code, firstInput, length);
        return true;
    }

    static boolean validCode(int code) {
        return code >= 0 && (code & ((1 << FORMAT_BITS) - 1)) < FORMATS.length && code >> (FORMAT_BITS + 5) == 0;
    }

    static SampleFormat format(int code) {
        return FORMATS[code & ((1 << FORMAT_BITS) - 1)];
    }

    /** The flags a reader looks at; partial and vtable output are writer options. */
    static SampleProfileFlags flags(int code) {
        int f = code >> FORMAT_BITS;
        return new SampleProfileFlags((f & 1) != 0, (f & 2) != 0, (f & 4) != 0, (f & 8) != 0, (f & 16) != 0,
                false, false);
    }

    private static int code(SampleFormat format, SampleProfileFlags flags) {
        int f = (flags.probeBased() ? 1 : 0) | (flags.contextSensitive() ? 2 : 0) | (flags.preInlined() ? 4 : 0)
                | (flags.flowSensitive() ? 8 : 0) | (flags.md5Names() ? 16 : 0);
        return format.ordinal() | f << FORMAT_BITS;
    }

    private void add(int code, int firstInput, int length) {
        if (size > 0 && codes[size - 1] == code && nextIndex() == firstInput) {
            lengths[size - 1] += length;
            return;
        }
        if (size == codes.length) {
            codes = Arrays.copyOf(codes, size * 2 + 1);
            firstInputs = Arrays.copyOf(firstInputs, size * 2 + 1);
            lengths = Arrays.copyOf(lengths, size * 2 + 1);
        }
        codes[size] = code;
        firstInputs[size] = firstInput;
        lengths[size] = length;
        size++;
    }
}
