package dev.jprofdata.merge;

import dev.jprofdata.format.util.Failures;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs a few tasks at once, one daemon thread each, and gives their results in task order, so
 * that what a caller builds from them does not depend on which task finished first. A task's
 * unchecked exception, error or {@link IOException} is rethrown as it is; another checked one, or
 * an interruption, becomes an {@link IOException}.
 */
final class ParallelTasks {
    private ParallelTasks() {
    }

    static <T> List<T> run(String threadName, List<Callable<T>> tasks) throws IOException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, tasks.size()), r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<T>> futures = new ArrayList<>(tasks.size());
            for (Callable<T> task : tasks) {
                futures.add(pool.submit(task));
            }
            List<T> results = new ArrayList<>(tasks.size());
            for (Future<T> f : futures) {
                results.add(f.get());
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(threadName + " interrupted", e);
        } catch (ExecutionException e) {
            throw Failures.propagate(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
