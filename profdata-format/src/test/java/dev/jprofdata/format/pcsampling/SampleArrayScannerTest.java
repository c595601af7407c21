package dev.jprofdata.format.pcsampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The results reader's byte scanner of sample arrays ({@link SampleArrayScanner}) must change
 * nothing but the speed: every file, valid or damaged, gives the same samples, runs and error
 * (kind, byte offset, words) as the reader with Jackson alone. Files: AMD's real excerpts (pretty
 * printed, and compacted here), the generated real-schema runs of fixtures/pc-sampling/generated/,
 * seeded damage to them, and valid records written in the ways the scanner leaves to Jackson.
 */
class SampleArrayScannerTest {
    static final String GFX942 = "generated/gfx942_stochastic_results.json";
    static final String GFX950 = "generated/gfx950_stochastic_results.json";
    static final String MI350 = "mi350_gfx950_stochastic_records_excerpt.json";

    /** Everything a read gives: the samples handed on (also before an error), the runs, the error. */
    record Outcome(List<PcSample> samples, List<String> runs, String error) {
    }

    static Outcome read(byte[] bytes, boolean scan) throws IOException {
        List<PcSample> samples = new ArrayList<>();
        try {
            List<ResultsRun> runs = RocprofResultsReader.read(new ByteArrayInputStream(bytes), "f.json", samples::add,
                    r -> { }, scan);
            List<String> described = new ArrayList<>();
            for (ResultsRun r : runs) {
                described.add(r.pid() + " " + r.agents() + " " + r.instructionCount() + " "
                        + new TreeMap<>(r.kernels()).keySet() + " " + new TreeMap<>(r.dispatches()).keySet() + " "
                        + r.stochasticSamples() + " " + r.hostTrapSamples());
            }
            return new Outcome(samples, described, null);
        } catch (PcSamplingFormatException e) {
            return new Outcome(samples, List.of(), e.kind() + " at " + e.offset() + ": " + e.reason());
        }
    }

    static void readsAlike(byte[] bytes) throws IOException {
        Outcome jackson = read(bytes, false);
        Outcome scanned = read(bytes, true);
        assertThat(scanned.error()).isEqualTo(jackson.error());
        // (Jackson's own line and column of an enclosing object count from where its parser
        // began, which differs between the two ways: they are not in the reason.)
        assertThat(String.valueOf(jackson.error())).doesNotContain("[Source:");
        assertThat(scanned.runs()).isEqualTo(jackson.runs());
        assertThat(scanned.samples()).hasSameSizeAs(jackson.samples()).isEqualTo(jackson.samples());
    }

    static byte[] fixture(String name) throws IOException {
        return Files.readAllBytes(PcFixtures.file(name));
    }

    /** {@code json} without the white space outside strings (the compact layout). */
    static byte[] compact(byte[] json) {
        StringBuilder sb = new StringBuilder();
        String s = new String(json, StandardCharsets.UTF_8);
        boolean inString = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (inString) {
                sb.append(c);
                if (c == '\\') {
                    sb.append(s.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
                sb.append(c);
            } else if (!Character.isWhitespace(c)) {
                sb.append(c);
            }
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void realAndGeneratedFilesReadAlike() throws IOException {
        for (String name : new String[] {GFX942, GFX950, MI350, "mi300x_gfx942_stochastic_records_excerpt.json",
            "mi300a_code_objects_kernel_symbols_excerpt.json", "doc_host_trap_results_snippet.json"}) {
            byte[] bytes = fixture(name);
            readsAlike(bytes);
            readsAlike(compact(bytes));
        }
        assertThat(read(fixture(GFX942), true).samples()).hasSize(600);
    }

    @Test
    void theScannerReadsEveryGeneratedRecordItself() throws IOException {
        // Not left to Jackson: the records rocprofv3 writes are what the scanner is for.
        for (String name : new String[] {GFX942, GFX950}) {
            byte[] bytes = fixture(name);
            String text = new String(bytes, StandardCharsets.US_ASCII);
            int open = text.indexOf('[', text.indexOf("\"pc_sample_stochastic\"")) + 1;
            SampleFields f = new SampleFields();
            SampleArrayScanner s = new SampleArrayScanner(java.util.Arrays.copyOfRange(bytes, open, bytes.length),
                    new ByteArrayInputStream(new byte[0]), open, f, new EnumNames());
            List<Long> positions = new ArrayList<>();
            s.scan(positions::add);
            List<PcSample> expected = read(bytes, false).samples();
            assertThat(positions).hasSize(expected.size()).isEqualTo(expected.stream().map(PcSample::position).toList());
            // Every element after the first has the first one's layout: all of them are read by
            // it (SampleLayout), so the tests here that compare with Jackson exercise that path.
            assertThat(s.elementsReadByLayout()).isEqualTo(expected.size() - 1);
            assertThat(bytes[(int) s.remainingOffset()]).isEqualTo((byte) ']');
        }
    }

    static java.util.stream.IntStream seeds() {
        return java.util.stream.IntStream.range(0, 240);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void damagedFilesReadAlike(int seed) throws IOException {
        Random random = new Random(seed);
        String name = seed % 3 == 0 ? MI350 : GFX950;
        byte[] bytes = seed % 3 == 1 ? compact(fixture(name)) : fixture(name);
        // Damage inside the sample array most of the time, where the two ways differ.
        byte[] damaged = PcSamplingDamageSweepTest.damage(bytes, random);
        readsAlike(damaged);
    }

    /** The MI350 excerpt with its first record's text replaced once. */
    static byte[] variant(String from, String to) throws IOException {
        String text = new String(fixture(MI350), StandardCharsets.UTF_8);
        assertThat(text).contains(from);
        return text.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to))
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The MI350 excerpt with the last occurrence of {@code from} (in a later record, for most) replaced. */
    static byte[] lastVariant(String from, String to) throws IOException {
        String text = new String(fixture(MI350), StandardCharsets.UTF_8);
        int at = text.lastIndexOf(from);
        assertThat(at).isNotNegative();
        return (text.substring(0, at) + to + text.substring(at + from.length())).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Damage inside a later element of a generated file (compact as rocprofv3 writes it, and
     * indented): one byte replaced, a byte inserted or removed, where the elements before have
     * taught the scanner their layout. Every outcome must be the Jackson reader's.
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void damageAfterTheLayoutIsLearnedReadsAlike(int seed) throws IOException {
        Random random = new Random(1000 + seed);
        byte[] bytes = fixture(GFX950);
        if (seed % 2 == 1) {
            bytes = indented(bytes);
        }
        String text = new String(bytes, StandardCharsets.US_ASCII);
        int array = text.indexOf("\"pc_sample_stochastic\"");
        // somewhere from the third element to the end of the array
        int from = text.indexOf("\"record\"", text.indexOf("\"record\"", text.indexOf("\"record\"", array) + 1) + 1);
        int to = text.indexOf(']', text.lastIndexOf("\"inst_index\""));
        int at = from + random.nextInt(to - from);
        byte[] damaged;
        switch (random.nextInt(3)) {
            case 0 -> {
                damaged = bytes.clone();
                String alphabet = " \",:{}[]0123456789-.etfnulx\\\n\t\u00e9";
                damaged[at] = (byte) alphabet.charAt(random.nextInt(alphabet.length()));
            }
            case 1 -> {
                damaged = new byte[bytes.length + 1];
                System.arraycopy(bytes, 0, damaged, 0, at);
                damaged[at] = (byte) " \"0,1}".charAt(random.nextInt(6));
                System.arraycopy(bytes, at, damaged, at + 1, bytes.length - at);
            }
            default -> {
                damaged = new byte[bytes.length - 1];
                System.arraycopy(bytes, 0, damaged, 0, at);
                System.arraycopy(bytes, at + 1, damaged, at, bytes.length - at - 1);
            }
        }
        readsAlike(damaged);
    }

    /** {@code json} (compact) indented two spaces a level, as a pretty printer writes it. */
    static byte[] indented(byte[] json) {
        StringBuilder sb = new StringBuilder();
        String s = new String(json, StandardCharsets.UTF_8);
        boolean inString = false;
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (inString) {
                sb.append(c);
                if (c == '\\') {
                    sb.append(s.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                }
                continue;
            }
            switch (c) {
                case '"' -> {
                    inString = true;
                    sb.append(c);
                }
                case '{', '[' -> sb.append(c).append('\n').append("  ".repeat(++depth));
                case '}', ']' -> sb.append('\n').append("  ".repeat(--depth)).append(c);
                case ',' -> sb.append(",\n").append("  ".repeat(depth));
                case ':' -> sb.append(": ");
                default -> sb.append(c);
            }
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void indentedGeneratedFilesAreReadByLayoutToo() throws IOException {
        byte[] bytes = indented(fixture(GFX942));
        readsAlike(bytes);
        String text = new String(bytes, StandardCharsets.US_ASCII);
        int open = text.indexOf('[', text.indexOf("\"pc_sample_stochastic\"")) + 1;
        SampleArrayScanner s = new SampleArrayScanner(java.util.Arrays.copyOfRange(bytes, open, bytes.length),
                new ByteArrayInputStream(new byte[0]), open, new SampleFields(), new EnumNames());
        List<Long> positions = new ArrayList<>();
        s.scan(positions::add);
        assertThat(positions).hasSize(600);
        assertThat(s.elementsReadByLayout()).isEqualTo(599);
    }

    /** The elements of the generated gfx942 file's sample array read by a scanner: {positions..., elements read by layout}. */
    static long[] scanned(byte[] bytes) throws IOException {
        String text = new String(bytes, StandardCharsets.US_ASCII);
        int open = text.indexOf('[', text.indexOf("\"pc_sample_stochastic\"")) + 1;
        SampleArrayScanner s = new SampleArrayScanner(java.util.Arrays.copyOfRange(bytes, open, bytes.length),
                new ByteArrayInputStream(new byte[0]), open, new SampleFields(), new EnumNames());
        List<Long> positions = new ArrayList<>();
        s.scan(positions::add);
        positions.add(s.elementsReadByLayout());
        return positions.stream().mapToLong(Long::longValue).toArray();
    }

    /** {@code json} with {@code from} replaced by {@code to} in every {@code every}-th occurrence from {@code first} on. */
    static byte[] replaceSome(byte[] json, String from, String to, int first, int every) {
        String text = new String(json, StandardCharsets.UTF_8);
        StringBuilder sb = new StringBuilder();
        int at = 0;
        for (int n = 0, i; (i = text.indexOf(from, at)) >= 0; n++) {
            sb.append(text, at, i).append(n >= first && (n - first) % every == 0 ? to : from);
            at = i + from.length();
        }
        return sb.append(text.substring(at)).toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void elementsOfChangingLayoutsReadAlikeAndStopTheTries() throws IOException {
        byte[] bytes = fixture(GFX942);
        // One change of layout halfway: one element read member by member, then the new layout.
        byte[] once = replaceSome(bytes, "\"wave_in_grp\":", "\"wave_in_grp\": ", 300, 1);
        readsAlike(once);
        long[] r = scanned(once);
        assertThat(r).hasSize(601);
        assertThat(r[600]).isEqualTo(598);
        // Layouts alternating: every try fails, so after a window of tries the elements are read
        // member by member for a while (the same samples either way).
        byte[] alternating = replaceSome(bytes, "\"wave_in_grp\":", "\"wave_in_grp\": ", 0, 2);
        readsAlike(alternating);
        r = scanned(alternating);
        assertThat(r).hasSize(601);
        assertThat(r[600]).isLessThan(30);
        assertThat(java.util.Arrays.copyOf(r, 600)).isEqualTo(read(alternating, false).samples().stream()
                .mapToLong(PcSample::position).toArray());
    }

    /** The eight-bytes-at-a-time helpers against their byte-by-byte definitions. */
    @Test
    void wordHelpersAgreeWithBytes() {
        byte[] interesting = {'"', '\\', 0x1f, 0x20, 0x21, 0x7e, 0x7f, (byte) 0x80, (byte) 0xff, '0', '9', '/', ':', 'a',
            0, 1, (byte) 0xba, (byte) 0xb0, (byte) 0xaf};
        Random random = new Random(7);
        java.lang.invoke.VarHandle longs = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class,
                java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int n = 0; n < 200_000; n++) {
            byte[] b = new byte[8];
            for (int i = 0; i < 8; i++) {
                int kind = random.nextInt(4);
                b[i] = kind == 0 ? (byte) random.nextInt(256) : kind == 1 ? (byte) ('0' + random.nextInt(10))
                        : kind == 2 ? (byte) (0x20 + random.nextInt(0x5f)) : interesting[random.nextInt(interesting.length)];
            }
            long x = (long) longs.get(b, 0);
            int firstSpecial = -1;
            boolean digits = true;
            for (int i = 0; i < 8; i++) {
                int c = b[i] & 0xff;
                if (firstSpecial < 0 && (c == '"' || c == '\\' || c < 0x20 || c > 0x7e)) {
                    firstSpecial = i;
                }
                digits &= c >= '0' && c <= '9';
            }
            long special = SampleArrayScanner.specialBytes(x);
            assertThat(special == 0 ? -1 : Long.numberOfTrailingZeros(special) >>> 3).as("%016x", x).isEqualTo(firstSpecial);
            assertThat(SampleArrayScanner.eightDigits(x)).as("%016x", x).isEqualTo(digits);
            if (digits) {
                assertThat(SampleArrayScanner.valueOfEightDigits(x))
                        .isEqualTo(Long.parseLong(new String(b, StandardCharsets.US_ASCII)));
            }
        }
    }

    @Test
    void recordsTheScannerLeavesToJacksonReadAlike() throws IOException {
        String reason = "\"ROCPROFILER_PC_SAMPLING_INSTRUCTION_NOT_ISSUED_REASON_WAITCNT\"";
        String[][] cases = {
            // an escape in a string it reads, and in one it skips
            {reason, "\"ROCPROFILER_PC_SAMPLING_INSTRUCTION_NOT_ISSUED_REASON_\\u0057AITCNT\""},
            {"\"lck_err\": 0", "\"lck_err\": \"a\\\"b\""},
            // numbers: a fraction, an exponent, negative, -0, leading zero, 2^64-1, 2^64
            {"\"lck_err\": 0", "\"lck_err\": 1.5e3"},
            {"\"inst_index\": 0", "\"inst_index\": -1"},
            {"\"inst_index\": 0", "\"inst_index\": -0"},
            {"\"inst_index\": 0", "\"inst_index\": 18446744073709551615"},
            {"\"inst_index\": 0", "\"inst_index\": -9223372036854775809"},
            {"\"dispatch_id\": 3", "\"dispatch_id\": 03"},
            {"\"dispatch_id\": 3", "\"dispatch_id\": -0"},
            {"\"exec_mask\": 18446744073709551615", "\"exec_mask\": 18446744073709551616"},
            {"\"timestamp\": 255377689247499", "\"timestamp\": 2553776892474990000000"},
            // bits as booleans, out of range, huge
            {"\"wave_issued\": 0", "\"wave_issued\": false"},
            {"\"arb_state_issue_flat\": 0", "\"arb_state_issue_flat\": true"},
            {"\"arb_state_issue_flat\": 0", "\"arb_state_issue_flat\": 2"},
            {"\"arb_state_issue_flat\": 0", "\"arb_state_issue_flat\": 18446744073709551615"},
            {"\"arb_state_issue_flat\": 0", "\"arb_state_issue_flat\": 0, \"arb_state_issue_reserved\": 1"},
            // a hardware id too large for its field, the key without its space, an unknown key
            {"\"chiplet\": 7", "\"chiplet\": 64"},
            {"\"workgroup_id \": 7", "\"workgroup_id\": 7"},
            {"\"chiplet\": 7", "\" chiplet\": 7, \"new_field\": [1, {\"x\": null}]"},
            // other orders, duplicates, nulls, other white space, non-ASCII, an empty record
            {"\"record\": {", "\"inst_index\": 5, \"record\": {"},
            {"\"dispatch_id\": 3,", "\"dispatch_id\": 3, \"dispatch_id\": 4,"},
            {"\"wave_cnt\": 32", "\"wave_cnt\": null"},
            {"\"wave_cnt\": 32", "\"wave_cnt\"\t:\r\n32"},
            {"\"lck_err\": 0", "\"lck_err\": \"\u00e9\u4e2d\""},
            {"\"wave_cnt\": 32", "\"wave_cnt\": 4294967296"},
            {"\"lck_err\": 0", "\"lck_err\": " + "[".repeat(100) + "]".repeat(100)},
            // a record longer than the scanner buffers ahead
            {"\"lck_err\": 0", "\"lck_err\": \"" + "x".repeat(200_000) + "\""},
            // broken JSON inside and after the array
            {"\"wave_cnt\": 32", "\"wave_cnt\": 32,"},
            {"\"wave_cnt\": 32", "\"wave_cnt\" 32"},
            {"\"wave_cnt\": 32", "\"wave_cnt\": tru"},
        };
        for (String[] c : cases) {
            readsAlike(variant(c[0], c[1]));
            readsAlike(compact(variant(c[0], c[1])));
            // The same change in the last record that has the text: read with the layout of the
            // records before it, which it no longer has (or has with other values).
            readsAlike(lastVariant(c[0], c[1]));
            readsAlike(compact(lastVariant(c[0], c[1])));
        }
        String text = new String(fixture(MI350), StandardCharsets.UTF_8);
        int close = text.lastIndexOf(']');
        for (String end : new String[] {",]", ", ]", "]x", ",{}]", ", {\"record\": 1}]", "] , \"pc_sample_host_trap\": []"}) {
            readsAlike((text.substring(0, close) + end + text.substring(close + 1)).getBytes(StandardCharsets.UTF_8));
        }
        // Several processes (each array read by its own scanner, each later parser reading what
        // the scanner before left), and a byte-order mark.
        String element = text.substring(text.indexOf('[') + 1, text.lastIndexOf(']')).strip();
        String gfx950 = new String(compact(fixture(GFX950)), StandardCharsets.UTF_8);
        String other = gfx950.substring(gfx950.indexOf('[') + 1, gfx950.lastIndexOf(']'));
        byte[] processes = ("{\"rocprofiler-sdk-tool\": [" + element + ", " + other + ", " + element + "]}")
                .getBytes(StandardCharsets.UTF_8);
        readsAlike(processes);
        assertThat(read(processes, true).runs()).hasSize(3);
        assertThat(read(processes, true).samples()).hasSize(6 + 150 + 6);
        byte[] bom = fixture(GFX950);
        byte[] withBom = new byte[bom.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(bom, 0, withBom, 3, bom.length);
        readsAlike(withBom);
        readsAlike(java.util.Arrays.copyOf(withBom, withBom.length - 50_000));
        readsAlike("{\"pc_sample_stochastic\": []}".getBytes(StandardCharsets.UTF_8));
        readsAlike("{\"pc_sample_stochastic\": [ ], \"pc_sample_host_trap\": [{}]}".getBytes(StandardCharsets.UTF_8));
    }
}
