package dev.jprofdata.cli;

import dev.jprofdata.merge.InputOutOfMemoryError;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * The one line printed when the Java heap runs out, instead of a stack trace: what was being done,
 * the input when it is known, and what to do about it.
 */
final class OutOfMemoryMessage {
    private OutOfMemoryMessage() {
    }

    /** {@code parsed}: the command line as parsed, or null when parsing had not finished. */
    static String of(OutOfMemoryError e, CommandLine.ParseResult parsed) {
        CommandLine.ParseResult sub = parsed != null && parsed.hasSubcommand() ? parsed.subcommand() : null;
        String command = sub == null ? "" : sub.commandSpec().name();
        return of(e, command, inputsOf(command, sub));
    }

    /**
     * For a thread of the process's own, which knows only the command's first argument
     * ({@code command}: a subcommand name, or anything else).
     */
    static String of(OutOfMemoryError e, String command) {
        return of(e, command, "");
    }

    private static String of(OutOfMemoryError e, String command, String inputs) {
        String doing = switch (command) {
            case "merge" -> "merging";
            case "show" -> "showing";
            case "overlap" -> "comparing";
            case "order" -> "ordering";
            default -> "running";
        };
        String files = e instanceof InputOutOfMemoryError named ? named.file() : inputs;
        return "error: out of memory while " + doing + (files.isEmpty() ? "" : " (" + files + ")")
                + "; raise the JVM heap (JAVA_OPTS=-Xmx...)"
                + (command.equals("merge") ? " or set --memory-budget" : "");
    }

    /** The profiles named on a show, overlap or order command line (a merge names too many to list). */
    private static String inputsOf(String command, CommandLine.ParseResult sub) {
        if (sub == null || command.equals("merge")) {
            return "";
        }
        List<String> names = new ArrayList<>();
        for (CommandLine.Model.PositionalParamSpec p : sub.matchedPositionals()) {
            Object value = p.getValue();
            if (value instanceof List<?> list) {
                list.forEach(v -> names.add(String.valueOf(v)));
            } else if (value != null) {
                names.add(String.valueOf(value));
            }
        }
        return String.join(", ", names);
    }
}
