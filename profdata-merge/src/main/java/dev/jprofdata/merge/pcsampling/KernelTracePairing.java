package dev.jprofdata.merge.pcsampling;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which kernel trace belongs to which samples CSV. rocprofv3 names a process's files with one
 * prefix ({@code <pid>_pc_sampling_stochastic.csv}, {@code <pid>_kernel_trace.csv}), and dispatch
 * ids are per process, so a trace goes with the samples file of the same directory and prefix; when
 * there is exactly one of each, they go together whatever their names. A pairing is only a
 * candidate: the analysis checks the trace against the samples' dispatch and correlation ids
 * before using it ({@link PcSamplingAnalyzer}).
 */
final class KernelTracePairing {
    private KernelTracePairing() {
    }

    /** The trace index (into {@code traces}) for each samples file (index into {@code samples}), or -1. */
    static int[] pair(List<PcSamplingInput> samples, List<PcSamplingInput> traces) {
        int[] out = new int[samples.size()];
        java.util.Arrays.fill(out, -1);
        if (samples.size() == 1 && traces.size() == 1) {
            out[0] = 0;
            return out;
        }
        Map<String, Integer> byPrefix = new HashMap<>();
        for (int i = 0; i < traces.size(); i++) {
            byPrefix.put(prefix(traces.get(i).path(), "kernel_trace"), i);
        }
        for (int i = 0; i < samples.size(); i++) {
            Integer t = byPrefix.get(prefix(samples.get(i).path(), "pc_sampling_"));
            out[i] = t == null ? -1 : t;
        }
        return out;
    }

    /** The directory and the part of the file name before {@code marker}. */
    static String prefix(Path path, String marker) {
        Path abs = path.toAbsolutePath().normalize();
        String name = abs.getFileName().toString();
        int at = name.indexOf(marker);
        String stem = at < 0 ? name : name.substring(0, at);
        Path dir = abs.getParent();
        return (dir == null ? "" : dir.toString()) + "/" + stem;
    }

    /** The traces no samples file took. */
    static List<Integer> unused(int[] pairs, int traces) {
        boolean[] used = new boolean[traces];
        for (int p : pairs) {
            if (p >= 0) {
                used[p] = true;
            }
        }
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < traces; i++) {
            if (!used[i]) {
                out.add(i);
            }
        }
        return out;
    }
}
