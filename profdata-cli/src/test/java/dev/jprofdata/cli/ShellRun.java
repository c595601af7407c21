package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A shell script run in a new process, in which {@code jprofdata} runs this test run's classes in
 * a new JVM: for what only a real process has (its own arguments and working directory, file
 * descriptors such as {@code <(...)}, a locale). Output is kept as bytes (one char each).
 */
record ShellRun(String stdout, String stderr, int exitCode) {

    /**
     * Runs {@code script} with {@code bash} in {@code dir}, with no locale at all (LANG and every
     * LC_ variable removed, as in many containers and CI jobs): the JVM then decodes names as ASCII.
     * {@code $1}, {@code $2}, ... are {@code args}.
     */
    static ShellRun inCLocale(Path dir, String script, String... args) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String[] command = new String[args.length + 4];
        command[0] = "/bin/bash";
        command[1] = "-c";
        command[2] = "jprofdata() { \"$JAVA\" -Xmx256m -cp \"$CP\" dev.jprofdata.cli.Main \"$@\"; }\n" + script;
        command[3] = "script";
        System.arraycopy(args, 0, command, 4, args.length);
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().keySet().removeIf(k -> k.equals("LANG") || k.equals("LANGUAGE") || k.startsWith("LC_"));
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove(MergeProgress.ENV);
        pb.environment().put("JAVA", java);
        pb.environment().put("CP", System.getProperty("java.class.path"));
        Process p = pb.start();
        p.getOutputStream().close();
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> {
            try {
                return p.getErrorStream().readAllBytes();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        return new ShellRun(new String(out, StandardCharsets.ISO_8859_1),
                new String(err.get(), StandardCharsets.ISO_8859_1), p.exitValue());
    }
}
