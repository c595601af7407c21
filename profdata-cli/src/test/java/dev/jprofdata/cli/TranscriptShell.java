package dev.jprofdata.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the one-line shell commands of the llvm-profdata transcripts with {@code llvm-profdata}
 * replaced by an in-process {@link Main#run}.
 *
 * <p>Only what the transcripts use is supported: words with {@code '...'} and {@code "..."}
 * quoting, {@code $?}, the operators {@code ;}, {@code &&} and {@code |}, and the commands
 * {@code llvm-profdata}, {@code cat FILE} and {@code echo WORDS}. Anything else fails the test,
 * so a new kind of transcript cannot be skipped silently.
 */
final class TranscriptShell {
    /** What a command line printed and its exit status. */
    record Result(byte[] stdout, byte[] stderr, int rc) {
    }

    private static final String STATUS = "\u0000?";

    private enum Op { SEQ, AND, PIPE }

    /** Marks {@code > file}: the next word is where the command's output goes. */
    private static final String REDIRECT = "\u0000>";

    private final Path workingDirectory;
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private int status;

    private TranscriptShell(Path workingDirectory) {
        this.workingDirectory = workingDirectory;
    }

    static Result run(Path workingDirectory, String line) {
        TranscriptShell shell = new TranscriptShell(workingDirectory);
        shell.execute(tokenize(line));
        return new Result(shell.stdout.toByteArray(), shell.stderr.toByteArray(), shell.status);
    }

    /** The argument lists of the {@code llvm-profdata} commands in {@code line}. */
    static List<List<String>> profdataCommands(String line) {
        List<List<String>> commands = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (Object t : tokenize(line)) {
            if (t instanceof Op) {
                if (!current.isEmpty() && current.get(0).equals("llvm-profdata")) {
                    commands.add(current.subList(1, current.size()));
                }
                current = new ArrayList<>();
            } else {
                current.add((String) t);
            }
        }
        if (!current.isEmpty() && current.get(0).equals("llvm-profdata")) {
            commands.add(current.subList(1, current.size()));
        }
        return commands;
    }

    /** Words (Strings, with {@link #STATUS} marking {@code $?}) and operators. */
    private static List<Object> tokenize(String line) {
        List<Object> tokens = new ArrayList<>();
        StringBuilder word = null;
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == ' ' || c == '\t') {
                if (word != null) {
                    tokens.add(word.toString());
                    word = null;
                }
                i++;
            } else if (c == ';' || c == '|' || (c == '&' && line.startsWith("&&", i))) {
                if (word != null) {
                    tokens.add(word.toString());
                    word = null;
                }
                tokens.add(c == ';' ? Op.SEQ : c == '|' ? Op.PIPE : Op.AND);
                i += c == '&' ? 2 : 1;
            } else if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("unterminated quote: " + line);
                }
                word = word == null ? new StringBuilder() : word;
                word.append(line, i + 1, end);
                i = end + 1;
            } else if (c == '"') {
                int end = line.indexOf('"', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("unterminated quote: " + line);
                }
                word = word == null ? new StringBuilder() : word;
                word.append(line.substring(i + 1, end).replace("$?", STATUS));
                i = end + 1;
            } else if (c == '$' && line.startsWith("$?", i)) {
                word = word == null ? new StringBuilder() : word;
                word.append(STATUS);
                i += 2;
            } else if (c == '>') {
                if (word != null) {
                    tokens.add(word.toString());
                    word = null;
                }
                tokens.add(REDIRECT);
                i++;
            } else if (c == '\\' || c == '`' || c == '<' || c == '*' || c == '$') {
                throw new IllegalArgumentException("unsupported shell syntax '" + c + "' in: " + line);
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
                i++;
            }
        }
        if (word != null) {
            tokens.add(word.toString());
        }
        return tokens;
    }

    private void execute(List<Object> tokens) {
        List<List<String>> pipeline = new ArrayList<>();
        List<String> command = new ArrayList<>();
        Op before = Op.SEQ;
        for (Object t : tokens) {
            if (t == Op.PIPE) {
                pipeline.add(command);
                command = new ArrayList<>();
            } else if (t instanceof Op op) {
                pipeline.add(command);
                runPipeline(before, pipeline);
                pipeline = new ArrayList<>();
                command = new ArrayList<>();
                before = op;
            } else {
                command.add((String) t);
            }
        }
        pipeline.add(command);
        runPipeline(before, pipeline);
    }

    private void runPipeline(Op before, List<List<String>> pipeline) {
        if (before == Op.AND && status != 0) {
            return;
        }
        byte[] input = new byte[0];
        for (int i = 0; i < pipeline.size(); i++) {
            boolean last = i == pipeline.size() - 1;
            ByteArrayOutputStream out = last ? stdout : new ByteArrayOutputStream();
            List<String> argv = new ArrayList<>();
            for (String w : pipeline.get(i)) {
                argv.add(w.replace(STATUS, Integer.toString(status)));
            }
            String redirectTo = null;
            int r = argv.indexOf(REDIRECT);
            if (r >= 0) {
                redirectTo = argv.get(r + 1);
                argv = new ArrayList<>(argv.subList(0, r));
                out = new ByteArrayOutputStream();
            }
            int rc = runCommand(argv, input, out);
            if (redirectTo != null) {
                try {
                    Files.write(workingDirectory.resolve(redirectTo), out.toByteArray());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            input = last ? input : out.toByteArray();
            if (last) {
                status = rc;
            }
        }
    }

    private int runCommand(List<String> argv, byte[] input, ByteArrayOutputStream out) {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("empty command");
        }
        String name = argv.get(0);
        List<String> args = argv.subList(1, argv.size());
        PrintStream err = new PrintStream(stderr, true, StandardCharsets.ISO_8859_1);
        switch (name) {
            case "llvm-profdata": {
                InputStream savedIn = System.in;
                System.setIn(new ByteArrayInputStream(input));
                try (PrintStream o = new PrintStream(out, true, StandardCharsets.ISO_8859_1)) {
                    int rc = Main.run(workingDirectory, args.toArray(new String[0]), o, err);
                    o.flush();
                    return rc;
                } finally {
                    System.setIn(savedIn);
                }
            }
            case "cat": {
                int rc = 0;
                for (String file : args) {
                    try {
                        out.write(Files.readAllBytes(workingDirectory.resolve(file)));
                    } catch (IOException e) {
                        err.println("cat: " + file + ": No such file or directory");
                        rc = 1;
                    }
                }
                return rc;
            }
            case "echo": {
                byte[] text = (String.join(" ", args) + "\n").getBytes(StandardCharsets.ISO_8859_1);
                out.write(text, 0, text.length);
                return 0;
            }
            case "cmp": {
                try {
                    byte[] a = Files.readAllBytes(workingDirectory.resolve(args.get(0)));
                    byte[] b = Files.readAllBytes(workingDirectory.resolve(args.get(1)));
                    if (java.util.Arrays.equals(a, b)) {
                        return 0;
                    }
                    byte[] text = (args.get(0) + " " + args.get(1) + " differ\n").getBytes(StandardCharsets.ISO_8859_1);
                    out.write(text, 0, text.length);
                    return 1;
                } catch (IOException e) {
                    err.println("cmp: " + e.getMessage());
                    return 2;
                }
            }
            default:
                throw new IllegalArgumentException("unsupported command in transcript: " + name);
        }
    }
}
