package dev.jprofdata.spark;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A standalone Spark cluster on the loopback interface: a master and {@code workers} workers, each
 * a JVM of its own started from the test class path (the Spark jars Maven put there), each worker
 * with one core. Executors the workers start get the same class path through
 * {@code spark.executor.extraClassPath} ({@link #executorClassPath}). Closing stops them all.
 */
final class LoopbackCluster implements AutoCloseable {
    /** The JDK packages Spark opens on Java 17 (what spark-submit's launcher adds). */
    static final List<String> OPENS = List.of("java.lang", "java.lang.invoke", "java.lang.reflect", "java.io",
            "java.net", "java.nio", "java.util", "java.util.concurrent", "java.util.concurrent.atomic", "sun.nio.ch",
            "sun.nio.cs", "sun.security.action", "sun.util.calendar");

    private final List<Process> processes = new ArrayList<>();
    private final Path logs;
    private final String masterUrl;

    private final String classPath;

    /** A cluster whose JVMs run on this test JVM's class path. */
    LoopbackCluster(Path logs, int workers) throws IOException {
        this(logs, workers, executorClassPath());
    }

    /** A cluster whose JVMs run on {@code classPath} (say Spark's jars alone). */
    LoopbackCluster(Path logs, int workers, String classPath) throws IOException {
        this.logs = logs;
        this.classPath = classPath;
        Path sparkHome = sparkHome(logs);
        int port = freePort();
        masterUrl = "spark://127.0.0.1:" + port;
        int webUiPort = freePort();
        start("master", sparkHome, "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
                Integer.toString(port), "--webui-port", Integer.toString(webUiPort));
        for (int w = 0; w < workers; w++) {
            Path work = Files.createDirectories(logs.resolve("worker" + w));
            start("worker" + w, sparkHome, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--cores",
                    "1", "--memory", "1g", "--webui-port", Integer.toString(freePort()), "--work-dir", work.toString(),
                    masterUrl);
        }
        awaitWorkers(workers, webUiPort);
    }

    /**
     * Waits until every worker has registered with the master (two minutes at most: a loaded CI
     * machine), as the master's status page says. A job submitted before that gets executors only on
     * the workers already there.
     */
    private void awaitWorkers(int workers, int webUiPort) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        java.util.regex.Pattern alive = java.util.regex.Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)");
        while (true) {
            try {
                java.net.HttpURLConnection c = (java.net.HttpURLConnection) new java.net.URL(
                        "http://127.0.0.1:" + webUiPort + "/json/").openConnection();
                c.setConnectTimeout(2000);
                c.setReadTimeout(2000);
                try (java.io.InputStream in = c.getInputStream()) {
                    java.util.regex.Matcher m = alive.matcher(new String(in.readAllBytes(),
                            java.nio.charset.StandardCharsets.UTF_8));
                    if (m.find() && Integer.parseInt(m.group(1)) >= workers) {
                        return;
                    }
                }
            } catch (IOException e) {
                // The master's page is not up yet.
            }
            if (System.nanoTime() > deadline) {
                close();
                throw new IOException("the workers did not register with the master within two minutes:\n"
                        + "master log:\n" + log("master"));
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new IOException("interrupted while waiting for the workers", e);
            }
        }
    }

    String masterUrl() {
        return masterUrl;
    }

    /** The class path of this test JVM, which the cluster's JVMs use too. */
    static String executorClassPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    /** The empty Spark home the cluster's JVMs (and a driver submitting to it) are given, under {@code logs}. */
    static Path sparkHome(Path logs) throws IOException {
        return Files.createDirectories(logs.resolve("spark-home"));
    }

    /**
     * The command that starts {@code mainClass} in a JVM of its own on {@code classPath}: this
     * JVM's java, with the JDK packages Spark needs opened (as Spark's own scripts start it).
     */
    static List<String> javaCommand(String heap, String classPath, String mainClass) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heap);
        for (String p : OPENS) {
            command.add("--add-opens=java.base/" + p + "=ALL-UNNAMED");
        }
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass);
        return command;
    }

    /**
     * The environment of a Spark JVM with no Spark installation, bound to loopback only: the
     * workers take the executors' class path from the application (SPARK_TESTING lets Spark's
     * launcher go without a jars directory).
     */
    static void sparkEnvironment(ProcessBuilder pb, Path sparkHome, Path localDirs) {
        pb.environment().put("SPARK_HOME", sparkHome.toString());
        pb.environment().put("SPARK_TESTING", "1");
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        pb.environment().put("SPARK_LOCAL_DIRS", localDirs.toString());
    }

    private void start(String name, Path sparkHome, String mainClass, String... args) throws IOException {
        List<String> command = javaCommand("256m", classPath, mainClass);
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(logs.resolve(name + ".log").toFile());
        sparkEnvironment(pb, sparkHome, logs);
        processes.add(pb.start());
    }

    /** The log of one of the cluster's JVMs, for a failure's message. */
    String log(String name) {
        try {
            return Files.readString(logs.resolve(name + ".log"));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        // Workers first (they stop their executors), then the master; each by its own handle.
        for (int i = processes.size() - 1; i >= 0; i--) {
            Process p = processes.get(i);
            List<ProcessHandle> children = p.descendants().toList();
            p.destroy();
            try {
                if (!p.waitFor(20, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
            children.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
