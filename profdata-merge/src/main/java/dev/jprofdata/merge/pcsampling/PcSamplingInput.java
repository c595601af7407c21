package dev.jprofdata.merge.pcsampling;

import java.nio.file.Path;

/**
 * One input file of an analysis: a samples CSV, a kernel-trace CSV or a results JSON (told apart
 * by content).
 *
 * @param path where it is
 * @param name how messages name it (as the user gave it)
 */
public record PcSamplingInput(Path path, String name) {
}
