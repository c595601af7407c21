package dev.jprofdata.format.pcsampling;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads a rocprofiler-sdk {@code *_results.json} with Jackson's streaming parser: the samples of
 * {@code buffer_records.pc_sample_host_trap} and {@code pc_sample_stochastic} go to a sink one at a
 * time, in constant memory; the rest of each {@code rocprofiler-sdk-tool} element (one process) is
 * collected into a {@link ResultsRun}. Members are found by name in any order, unknown ones are
 * skipped, and the optional fields of older and newer SDKs ({@code flags}, {@code lck_err},
 * {@code wave_cnt}, the dispatch records) may be missing. A file whose root has no
 * {@code rocprofiler-sdk-tool} array is read as one element (the shape of excerpts).
 */
public final class RocprofResultsReader {
    /** The parser never closes the stream: the stream goes on after a parser is left (samples()). */
    private static final JsonFactory FACTORY = new JsonFactory().disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
    private static final BigInteger U64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /** The members of a tool element this reader uses; a root holding some of them is read as one element. */
    private static final java.util.Set<String> TOOL_MEMBERS = java.util.Set.of("metadata", "agents", "strings",
            "code_objects", "kernel_symbols", "buffer_records", "kernel_dispatch", "pc_sample_host_trap",
            "pc_sample_stochastic");

    /** The input the current parser reads from: the file's stream, then what a scanner left of it. */
    private InputStream in;
    /** Whether sample arrays are read by {@link SampleArrayScanner} (off only to compare the two ways in tests). */
    private final boolean scanSamples;
    /** The parser reading now: after a sample array read by the scanner, a new one reads on. */
    private JsonParser p;
    /** What to add to the parser's byte offsets for the file's: a later parser starts mid-file. */
    private long base;
    private final String file;
    private final PcSampleSink sink;
    private final Consumer<ResultsRun> onRun;
    private final EnumNames enums = new EnumNames();
    private final List<ResultsRun> runs = new ArrayList<>();

    private RocprofResultsReader(InputStream in, String file, PcSampleSink sink, Consumer<ResultsRun> onRun,
            boolean scanSamples) {
        this.in = in;
        this.scanSamples = scanSamples;
        this.file = file;
        this.sink = sink;
        this.onRun = onRun;
    }

    /**
     * Reads {@code path} (named {@code file} in messages), handing every sample to {@code sink};
     * returns one run per {@code rocprofiler-sdk-tool} element, in file order (a sample's
     * {@link PcSample#run()} indexes this list).
     */
    public static List<ResultsRun> read(Path path, String file, PcSampleSink sink) throws IOException {
        return read(path, file, sink, run -> { });
    }

    /**
     * As {@link #read(Path, String, PcSampleSink)}, and hands each run to {@code onRun} as soon as
     * its element begins, before any of its samples: its tables fill as the file is read (the
     * instruction table, which rocprofv3 writes before the samples, is complete when they come).
     */
    public static List<ResultsRun> read(Path path, String file, PcSampleSink sink, Consumer<ResultsRun> onRun)
            throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return read(in, file, sink, onRun);
        } catch (NoSuchFileException e) {
            throw new PcSamplingFormatException(file, -1, -1, Kind.NOT_FOUND, "No such file or directory");
        }
    }

    public static List<ResultsRun> read(InputStream in, String file, PcSampleSink sink, Consumer<ResultsRun> onRun)
            throws IOException {
        return read(in, file, sink, onRun, true);
    }

    /** As {@link #read(InputStream, String, PcSampleSink, Consumer)}; {@code scanSamples} false reads samples with Jackson alone. */
    static List<ResultsRun> read(InputStream in, String file, PcSampleSink sink, Consumer<ResultsRun> onRun,
            boolean scanSamples) throws IOException {
        RocprofResultsReader r = new RocprofResultsReader(in, file, sink, onRun, scanSamples);
        try {
            r.p = FACTORY.createParser(in);
            r.root();
            return r.runs;
        } catch (JsonEOFException e) {
            throw new PcSamplingFormatException(file, r.offset(e), -1, Kind.TRUNCATED,
                    "the JSON ends early: the file is cut short", e);
        } catch (JsonParseException e) {
            if (String.valueOf(e.getOriginalMessage()).contains("end-of-input")) {
                // Jackson reports some ends of input as plain parse errors.
                throw new PcSamplingFormatException(file, r.offset(e), -1, Kind.TRUNCATED,
                        "the JSON ends early: the file is cut short", e);
            }
            throw new PcSamplingFormatException(file, r.offset(e), -1, Kind.MALFORMED,
                    "not valid JSON: " + jacksonReason(e), e);
        } catch (InputCoercionException e) {
            throw new PcSamplingFormatException(file, r.offset(e), -1, Kind.MALFORMED,
                    "number out of range: " + jacksonReason(e), e);
        } catch (JsonProcessingException e) {
            // Jackson's limits (string and number lengths, nesting depth).
            throw new PcSamplingFormatException(file, r.offset(e), -1, Kind.MALFORMED,
                    "not valid JSON: " + jacksonReason(e), e);
        } catch (CharConversionException e) {
            // Jackson guessed UTF-16 or UTF-32 from the first bytes (rocprofv3 writes UTF-8) and
            // found them broken; thrown while the parser is made or while it reads.
            throw new PcSamplingFormatException(file, -1, -1, Kind.MALFORMED, "not valid JSON: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""), e);
        } finally {
            if (r.p != null) {
                r.p.close();
            }
        }
    }

    /** Jackson's "for Object starting at [...]" and "start marker at [...]" locations, which count from where a parser began. */
    private static final java.util.regex.Pattern JACKSON_LOCATION = java.util.regex.Pattern.compile(
            " ?\\((?:for \\w+ starting|start marker) at \\[[^\\]]*\\]\\)");

    /**
     * The first line of Jackson's message without the locations it puts in it: the error's own
     * byte offset is reported apart, and a parser started after a scanned sample array
     * ({@link #scan}) counts lines and columns from there, so they would differ from one read to
     * another of the same file.
     */
    private static String jacksonReason(JsonProcessingException e) {
        String first = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("");
        return JACKSON_LOCATION.matcher(first).replaceAll("");
    }

    private long offset(JsonProcessingException e) {
        return e.getLocation() == null ? -1 : abs(e.getLocation().getByteOffset());
    }

    /** The file's byte offset of the current parser's byte offset {@code offset} (-1 stays unknown). */
    private long abs(long offset) {
        return offset < 0 ? offset : base + offset;
    }

    /** The next token; the end of the input inside the document is a truncated file. */
    private JsonToken next() throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            throw new PcSamplingFormatException(file, abs(p.currentLocation().getByteOffset()), -1, Kind.TRUNCATED,
                    "the JSON ends early: the file is cut short");
        }
        return t;
    }

    private PcSamplingFormatException error(String reason) {
        return new PcSamplingFormatException(file, abs(p.currentTokenLocation().getByteOffset()), -1, Kind.MALFORMED,
                reason);
    }

    private void root() throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            throw new PcSamplingFormatException(file, 0, -1, Kind.EMPTY_FILE, "empty file: no JSON document");
        }
        if (t != JsonToken.START_OBJECT) {
            throw error("not a rocprofiler-sdk results file: the JSON document is not an object");
        }
        ResultsRun implicit = null;
        while (next() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            next();
            if (name.equals("rocprofiler-sdk-tool")) {
                expect(JsonToken.START_ARRAY, name);
                while (next() != JsonToken.END_ARRAY) {
                    expect(JsonToken.START_OBJECT, name + "[]");
                    ResultsRun run = new ResultsRun();
                    runs.add(run);
                    onRun.accept(run);
                    while (next() == JsonToken.FIELD_NAME) {
                        String member = p.currentName();
                        next();
                        toolMember(run, runs.size() - 1, member);
                    }
                }
            } else if (!TOOL_MEMBERS.contains(name)) {
                // Not part of a results file; a document of nothing else has no element (an error below).
                p.skipChildren();
            } else {
                if (implicit == null) {
                    implicit = new ResultsRun();
                    runs.add(implicit);
                    onRun.accept(implicit);
                }
                toolMember(implicit, runs.size() - 1, name);
            }
        }
        if (p.nextToken() != null) {
            throw error("not valid JSON: more data after the document");
        }
        if (runs.isEmpty()) {
            throw error("not a rocprofiler-sdk results file: no rocprofiler-sdk-tool element");
        }
    }

    /** One member of a tool element (also the members of buffer_records, which excerpts put at the top). */
    private void toolMember(ResultsRun run, int index, String name) throws IOException {
        switch (name) {
            case "metadata" -> objectMembers(name, m -> {
                if (m.equals("pid")) {
                    run.pid(unsigned("metadata.pid"));
                } else {
                    p.skipChildren();
                }
            });
            case "agents" -> arrayOfObjects(name, () -> agent(run));
            case "strings" -> objectMembers(name, m -> {
                switch (m) {
                    case "pc_sample_instructions" -> arrayOfStrings(m, run::addInstruction);
                    case "pc_sample_comments" -> arrayOfStrings(m, run::addComment);
                    default -> p.skipChildren();
                }
            });
            case "code_objects" -> arrayOfObjects(name, () -> codeObject(run));
            case "kernel_symbols" -> arrayOfObjects(name, () -> kernelSymbol(run));
            case "buffer_records" -> objectMembers(name, m -> toolMember(run, index, m));
            case "kernel_dispatch" -> arrayOfObjects(name, () -> dispatch(run));
            case "pc_sample_host_trap" -> samples(run, index, SamplingMethod.HOST_TRAP, name);
            case "pc_sample_stochastic" -> samples(run, index, SamplingMethod.STOCHASTIC, name);
            default -> p.skipChildren();
        }
    }

    private void agent(ResultsRun run) throws IOException {
        String[] name = {null};
        long[] waves = {-1};
        objectBody(m -> {
            switch (m) {
                case "name" -> name[0] = string("agents[].name");
                case "max_waves_per_cu" -> waves[0] = unsigned("agents[].max_waves_per_cu");
                default -> p.skipChildren();
            }
        });
        run.addAgent(name[0], (int) Math.min(waves[0], Integer.MAX_VALUE));
    }

    private void codeObject(ResultsRun run) throws IOException {
        long[] v = {-1, 0, 0, 0};
        String[] uri = {""};
        objectBody(m -> {
            switch (m) {
                case "code_object_id" -> v[0] = unsigned("code_object_id");
                case "load_base" -> v[1] = unsigned("load_base");
                case "load_size" -> v[2] = unsigned("load_size");
                case "load_delta" -> v[3] = number("load_delta");
                case "uri" -> uri[0] = string("uri");
                default -> p.skipChildren();
            }
        });
        if (v[0] < 0) {
            throw error("code_objects[] entry without code_object_id");
        }
        run.addCodeObject(new CodeObject(v[0], uri[0], v[1], v[2], v[3]));
    }

    private void kernelSymbol(ResultsRun run) throws IOException {
        long[] v = {-1, 0, -1};
        String[] names = new String[4];
        objectBody(m -> {
            switch (m) {
                case "kernel_id" -> v[0] = unsigned("kernel_id");
                case "code_object_id" -> v[1] = unsigned("code_object_id");
                case "kernel_name" -> names[0] = string("kernel_name");
                case "formatted_kernel_name" -> names[1] = string(m);
                case "truncated_kernel_name" -> names[2] = string(m);
                case "demangled_kernel_name" -> names[3] = string(m);
                case "kernel_address" -> objectMembers(m, h -> {
                    if (h.equals("handle")) {
                        v[2] = unsigned("kernel_address.handle");
                    } else {
                        p.skipChildren();
                    }
                });
                default -> p.skipChildren();
            }
        });
        if (v[0] < 0) {
            throw error("kernel_symbols[] entry without kernel_id");
        }
        String symbol = names[0] == null ? "" : names[0];
        if (symbol.endsWith(".kd")) {
            symbol = symbol.substring(0, symbol.length() - 3);
        }
        String display = firstNonEmpty(names[1], names[2], names[3], symbol);
        run.addKernel(new KernelSymbol(v[0], v[1], symbol, display, v[2]));
    }

    private static String firstNonEmpty(String... s) {
        for (String x : s) {
            if (x != null && !x.isEmpty()) {
                return x;
            }
        }
        return "";
    }

    private void dispatch(ResultsRun run) throws IOException {
        long[] v = {-1, -1, -1, -1, -1};
        objectBody(m -> {
            switch (m) {
                case "dispatch_info" -> objectMembers(m, d -> {
                    switch (d) {
                        case "dispatch_id" -> v[0] = unsigned("dispatch_info.dispatch_id");
                        case "kernel_id" -> v[1] = unsigned("dispatch_info.kernel_id");
                        default -> p.skipChildren();
                    }
                });
                case "correlation_id" -> objectMembers(m, c -> {
                    if (c.equals("internal")) {
                        v[2] = unsigned("correlation_id.internal");
                    } else {
                        p.skipChildren();
                    }
                });
                case "start_timestamp" -> v[3] = unsigned(m);
                case "end_timestamp" -> v[4] = unsigned(m);
                default -> p.skipChildren();
            }
        });
        if (v[0] < 0 || v[1] < 0) {
            throw error("kernel_dispatch record without dispatch_info.dispatch_id and kernel_id");
        }
        run.addDispatch(new KernelDispatch(v[0], v[1], null, v[2], v[3], v[4]));
    }

    private final SampleFields f = new SampleFields();

    /**
     * A sample array: its elements are read by {@link SampleArrayScanner} from the bytes as far as
     * it can, and by Jackson from there on (the rest of the array, when the scanner left an element
     * to it, and whatever follows the array, with every error).
     */
    private void samples(ResultsRun run, int index, SamplingMethod method, String what) throws IOException {
        expect(JsonToken.START_ARRAY, what);
        if (scanSamples) {
            scan(run, index, method);
        }
        while (next() != JsonToken.END_ARRAY) {
            expect(JsonToken.START_OBJECT, what + "[]");
            sample(run, index, method);
        }
    }

    /**
     * Hands the array's elements to the scanner, then starts a new parser where it stopped. The new
     * parser first reads a few bytes standing for the containers the old one was inside (whose
     * names no longer matter), so that it goes on in the same place of the document: {@code
     * {"k":[{"k":{"k":[} and, when the scanner read an element, a {@code 0} standing for it (the
     * input left then starts with the {@code ,} or {@code ]} after it). Its byte offsets are mapped
     * back to the file's ({@link #base}).
     */
    private void scan(ResultsRun run, int index, SamplingMethod method) throws IOException {
        java.io.ByteArrayOutputStream held = new java.io.ByteArrayOutputStream();
        long start = abs(p.currentLocation().getByteOffset());
        if (p.releaseBuffered(held) < 0) {
            return; // not a parser of bytes (a UTF-16 or UTF-32 document): Jackson reads on
        }
        SampleArrayScanner scanner = new SampleArrayScanner(held.toByteArray(), in, start, f, enums);
        scanner.scan(position -> finishSample(run, index, method, position));
        StringBuilder prefix = new StringBuilder();
        int tokens = 0;
        List<com.fasterxml.jackson.core.JsonStreamContext> nesting = new ArrayList<>();
        for (var c = p.getParsingContext(); c != null && !c.inRoot(); c = c.getParent()) {
            nesting.add(0, c);
        }
        for (var c : nesting) {
            prefix.append(c.inObject() ? "{\"k\":" : "[");
            tokens += c.inObject() ? 2 : 1;
        }
        if (scanner.readAny()) {
            prefix.append('0');
            tokens++;
        }
        byte[] bytes = prefix.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        p.close();
        in = scanner.remaining();
        p = FACTORY.createParser(new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(bytes), in));
        base = scanner.remainingOffset() - bytes.length;
        for (int i = 0; i < tokens; i++) {
            p.nextToken();
        }
    }

    private void sample(ResultsRun run, int index, SamplingMethod method) throws IOException {
        long position = abs(p.currentTokenLocation().getByteOffset());
        f.clear();
        objectBody(m -> {
            switch (m) {
                case "record" -> {
                    f.record = true;
                    objectMembers(m, this::recordMember);
                }
                case "inst_index" -> f.instIndex = number("inst_index");
                default -> p.skipChildren();
            }
        });
        finishSample(run, index, method, position);
    }

    /**
     * Checks the sample just read into {@link #f} (whose element starts at byte {@code position})
     * and hands it to the sink.
     */
    void finishSample(ResultsRun run, int index, SamplingMethod method, long position) throws IOException {
        if (!f.record) {
            throw at(position, "sample without a record");
        }
        if (f.dispatch < 0) {
            throw at(position, "sample record without dispatch_id");
        }
        if (f.codeObjectId < 0) {
            throw at(position, "sample record without pc.code_object_id");
        }
        if (method == SamplingMethod.STOCHASTIC && (f.issued < 0 || f.type == null || f.reason == null)) {
            throw at(position, "stochastic sample record without "
                    + (f.issued < 0 ? "wave_issued" : f.type == null ? "inst_type" : "snapshot.stall_reason"));
        }
        run.counted(method);
        sink.accept(new PcSample(method, index, f.timestamp, f.exec, f.dispatch, f.correlation, f.codeObjectId,
                f.offset, f.instIndex, null, null, method == SamplingMethod.STOCHASTIC ? f.issued : -1, f.type,
                f.reason, f.waves, f.arbiter, f.issue, f.stall, f.dual, f.hw, position));
    }

    private PcSamplingFormatException at(long position, String reason) {
        return new PcSamplingFormatException(file, position, -1, Kind.MALFORMED, reason);
    }

    private void recordMember(String m) throws IOException {
        switch (m) {
            case "hw_id" -> {
                f.hw = 0;
                objectMembers(m, h -> {
                    HardwareId id = HardwareId.ofJsonKey(h);
                    if (id == null) {
                        p.skipChildren();
                        return;
                    }
                    long v = unsigned("hw_id." + h.strip());
                    if (!id.fits(v)) {
                        throw error("hw_id." + h.strip() + " is " + Long.toUnsignedString(v) + ", too large for its field");
                    }
                    f.hw = id.with(f.hw, v);
                });
            }
            case "pc" -> objectMembers(m, c -> {
                switch (c) {
                    case "code_object_id" -> f.codeObjectId = unsigned("pc.code_object_id");
                    case "code_object_offset" -> f.offset = unsigned("pc.code_object_offset");
                    default -> p.skipChildren();
                }
            });
            case "exec_mask" -> f.exec = unsigned(m);
            case "timestamp" -> f.timestamp = unsigned(m);
            case "dispatch_id" -> f.dispatch = unsigned(m);
            case "corr_id" -> objectMembers(m, c -> {
                if (c.equals("internal")) {
                    f.correlation = unsigned("corr_id.internal");
                } else {
                    p.skipChildren();
                }
            });
            case "wave_issued" -> f.issued = bit(m) ? 1 : 0;
            case "inst_type" -> f.type = enums.type(string(m));
            case "wave_cnt" -> f.waves = (int) Math.min(unsigned(m), Integer.MAX_VALUE);
            case "snapshot" -> objectMembers(m, this::snapshotMember);
            // wrkgrp_id, wave_in_grp, flags: no metric uses them.
            default -> p.skipChildren();
        }
    }

    private void snapshotMember(String m) throws IOException {
        if (m.equals("stall_reason")) {
            f.reason = enums.reason(string(m));
        } else if (m.equals("dual_issue_valu")) {
            f.dual = bit(m);
            f.arbiter = true;
        } else if (m.startsWith("arb_state_issue_") || m.startsWith("arb_state_stall_")) {
            ArbiterPipe pipe = ArbiterPipe.ofJsonSuffix(m.substring("arb_state_issue_".length()));
            boolean set = bit(m);
            if (pipe != null) {
                f.arbiter = true;
                if (set && m.startsWith("arb_state_issue_")) {
                    f.issue |= pipe.bit();
                } else if (set) {
                    f.stall |= pipe.bit();
                }
            }
        } else {
            // lck_err (SDK 1.3) and fields of later SDKs.
            p.skipChildren();
        }
    }

    // --- small readers of the current value -------------------------------------------------

    @FunctionalInterface
    private interface Member {
        void read(String name) throws IOException;
    }

    @FunctionalInterface
    private interface Element {
        void read() throws IOException;
    }

    @FunctionalInterface
    private interface StringConsumer {
        void accept(String s) throws IOException;
    }

    private void expect(JsonToken token, String what) throws IOException {
        if (p.currentToken() != token) {
            throw error(what + ": expected " + (token == JsonToken.START_ARRAY ? "an array" : "an object")
                    + ", found " + describe(p.currentToken()));
        }
    }

    /** The current value must be an object; each member goes to {@code member} with the parser on its value. */
    private void objectMembers(String what, Member member) throws IOException {
        expect(JsonToken.START_OBJECT, what);
        objectBody(member);
    }

    private void objectBody(Member member) throws IOException {
        while (next() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            next();
            member.read(name);
        }
    }

    private void arrayOfObjects(String what, Element element) throws IOException {
        expect(JsonToken.START_ARRAY, what);
        while (next() != JsonToken.END_ARRAY) {
            expect(JsonToken.START_OBJECT, what + "[]");
            element.read();
        }
    }

    private void arrayOfStrings(String what, StringConsumer each) throws IOException {
        expect(JsonToken.START_ARRAY, what);
        while (next() != JsonToken.END_ARRAY) {
            each.accept(string(what + "[]"));
        }
    }

    private String string(String what) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw error(what + ": expected a string, found " + describe(p.currentToken()));
        }
        return p.getText();
    }

    /** An integer that may be negative (inst_index -1, load_delta). */
    private long number(String what) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw error(what + ": expected an integer, found " + describe(p.currentToken()));
        }
        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            return unsignedOf(what, p.getBigIntegerValue());
        }
        return p.getLongValue();
    }

    /** An unsigned 64-bit integer (values up to 2^64-1 are carried in a long's bits). */
    private long unsigned(String what) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw error(what + ": expected an unsigned integer, found " + describe(p.currentToken()));
        }
        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            return unsignedOf(what, p.getBigIntegerValue());
        }
        long v = p.getLongValue();
        if (v < 0) {
            throw error(what + ": expected an unsigned integer, found " + v);
        }
        return v;
    }

    private long unsignedOf(String what, BigInteger v) throws PcSamplingFormatException {
        if (v.signum() < 0 || v.compareTo(U64_MAX) > 0) {
            throw error(what + ": " + CsvFields.shorten(v.toString()) + " does not fit in 64 bits");
        }
        return v.longValue();
    }

    /** A 0/1 field (true/false accepted too). */
    private boolean bit(String what) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
            return t == JsonToken.VALUE_TRUE;
        }
        long v = unsigned(what);
        if (v > 1) {
            throw error(what + " is " + Long.toUnsignedString(v) + ", expected 0 or 1");
        }
        return v == 1;
    }

    private static String describe(JsonToken t) {
        if (t == null) {
            return "the end of the file";
        }
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> t.asString() == null ? t.name() : "'" + t.asString() + "'";
        };
    }
}
