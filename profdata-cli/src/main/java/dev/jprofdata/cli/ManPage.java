package dev.jprofdata.cli;

import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** Renders a troff man page ({@code man 1 jprofdata}) from the picocli model. */
final class ManPage {
    private ManPage() {
    }

    static String render(CommandLine root) {
        CommandSpec spec = root.getCommandSpec();
        StringBuilder sb = new StringBuilder();
        sb.append(".TH JPROFDATA 1 \"\" \"jprofdata\" \"User Commands\"\n");
        sb.append(".SH NAME\njprofdata \\- ").append(escape(String.join(" ", spec.usageMessage().description())))
                .append('\n');
        sb.append(".SH SYNOPSIS\n");
        for (String name : root.getSubcommands().keySet()) {
            sb.append(".B jprofdata ").append(escape(name)).append("\n[\\fIoptions\\fR] ...\n.br\n");
        }
        sb.append(".SH DESCRIPTION\n").append("jprofdata reads, merges, shows, compares and orders LLVM"
                + " instrumentation profiles (raw .profraw, indexed .profdata and text), with llvm-profdata 22's"
                + " option names, output and exit codes. gzip and zstd compressed inputs are read transparently.\n");
        sb.append(".SH COMMANDS\n");
        for (Map.Entry<String, CommandLine> e : root.getSubcommands().entrySet()) {
            CommandSpec sub = e.getValue().getCommandSpec();
            sb.append(".SS ").append(escape(e.getKey())).append('\n');
            sb.append(escape(String.join(" ", sub.usageMessage().description()))).append('\n');
            for (PositionalParamSpec p : sub.positionalParameters()) {
                if (!p.hidden()) {
                    sb.append(".TP\n\\fI").append(escape(p.paramLabel())).append("\\fR\n")
                            .append(escape(String.join(" ", p.description()))).append('\n');
                }
            }
            for (OptionSpec o : sub.options()) {
                if (o.hidden()) {
                    continue;
                }
                sb.append(".TP\n\\fB").append(escape(String.join(", ", List.of(o.names())))).append("\\fR");
                if (o.arity().max() > 0 && !o.type().equals(boolean.class) && !o.type().equals(Boolean.class)) {
                    sb.append("=\\fI").append(escape(o.paramLabel())).append("\\fR");
                }
                sb.append('\n').append(escape(String.join(" ", o.description()))).append('\n');
            }
        }
        sb.append(".SH EXIT STATUS\n0 on success, 1 on any error (as llvm-profdata).\n");
        sb.append(".SH SEE ALSO\n.BR llvm-profdata (1)\n");
        return sb.toString();
    }

    /** Escapes troff's backslash, and a leading dot or quote that would start a request. */
    private static String escape(String s) {
        String t = s.replace("\\", "\\e");
        if (t.startsWith(".") || t.startsWith("'")) {
            t = "\\&" + t;
        }
        return t.replace("\n.", "\n\\&.");
    }
}
