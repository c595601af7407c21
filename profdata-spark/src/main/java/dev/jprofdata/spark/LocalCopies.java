package dev.jprofdata.spark;

import dev.jprofdata.format.offload.UnifcntsFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Where a task reads its inputs: the file itself on the local file system, a copy in a temporary
 * directory for any other (the readers map files). A GPU device profile's {@code .unifcnts} side
 * file is copied beside its copy under the same name, where the merge looks for it. Closing
 * removes the copies.
 */
final class LocalCopies implements AutoCloseable {
    private final Configuration conf;
    private Path dir;
    private int copies;

    LocalCopies(Configuration conf) {
        this.conf = conf;
    }

    /** A local path holding the bytes of {@code uri}. */
    Path localPath(String uri) throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(uri);
        FileSystem fs = path.getFileSystem(conf);
        if ("file".equals(fs.getScheme())) {
            return Path.of(path.toUri().getPath());
        }
        if (dir == null) {
            dir = Files.createTempDirectory("jprofdata-spark-");
        }
        // One directory per input: its file name (and so its side file's) stays as it was.
        Path target = Files.createDirectory(dir.resolve(Integer.toString(copies++))).resolve(path.getName());
        copy(fs, path, target);
        Path side = UnifcntsFile.sidePathFor(target);
        org.apache.hadoop.fs.Path remoteSide = new org.apache.hadoop.fs.Path(path.getParent(),
                side.getFileName().toString());
        if (!side.equals(target) && fs.exists(remoteSide)) {
            copy(fs, remoteSide, side);
        }
        return target;
    }

    private static void copy(FileSystem fs, org.apache.hadoop.fs.Path from, Path to) throws IOException {
        try (InputStream in = fs.open(from)) {
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Override
    public void close() throws IOException {
        if (dir == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
        dir = null;
    }
}
