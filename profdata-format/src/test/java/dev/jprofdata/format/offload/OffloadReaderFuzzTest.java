package dev.jprofdata.format.offload;

import dev.jprofdata.format.ScratchFiles;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzz target for the {@code .unifcnts} side-file reader, which reports problems as a reason and
 * never throws. It reads only from a path, so each input is written to one scratch file (in
 * /dev/shm when there is one, to keep the file system out of the way).
 */
class OffloadReaderFuzzTest {
    private static final Path SCRATCH = ScratchFiles.file(".unifcnts");

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void unifcntsReader(byte[] data) throws IOException {
        Files.write(SCRATCH, data);
        UnifcntsFile.Result r = UnifcntsFile.read(SCRATCH);
        if (r.found() == (r.problem() != null)) {
            throw new AssertionError("exactly one of counters and problem must be set: " + r.problem());
        }
        if (r.found() && UnifcntsFile.HEADER_SIZE + 8L * r.counters().length != data.length) {
            throw new AssertionError("counters do not account for the file's bytes");
        }
        if (r.problem() != null && r.problem().indexOf('\n') >= 0) {
            throw new AssertionError("multi-line problem: " + r.problem());
        }
    }
}
