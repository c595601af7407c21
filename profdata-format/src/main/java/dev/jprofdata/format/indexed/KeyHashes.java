package dev.jprofdata.format.indexed;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import java.util.ArrayList;
import java.util.List;

/**
 * The on-disk table's key hashes: each group's name hashed as LLVM hashes it ({@link Names#md5}),
 * by group index. With several threads each takes an equal run of the names; the hashes do not
 * depend on who computed them.
 */
final class KeyHashes {
    private KeyHashes() {
    }

    static long[] of(List<NameGroup> groups, int threads) {
        long[] hashes = new long[groups.size()];
        if (threads <= 1) {
            fill(groups, hashes, 0, hashes.length);
            return hashes;
        }
        int per = (hashes.length + threads - 1) / threads;
        List<Thread> helpers = new ArrayList<>();
        RuntimeException[] failure = new RuntimeException[threads];
        // This thread takes the first run, a helper each of the others.
        for (int t = 1; t < threads; t++) {
            int from = Math.min(hashes.length, t * per);
            int to = Math.min(hashes.length, from + per);
            int slot = t;
            Thread helper = new Thread(() -> {
                try {
                    fill(groups, hashes, from, to);
                } catch (RuntimeException e) {
                    failure[slot] = e;
                }
            }, "jprofdata-key-hashes");
            helper.setDaemon(true);
            helper.start();
            helpers.add(helper);
        }
        fill(groups, hashes, 0, Math.min(hashes.length, per));
        boolean interrupted = false;
        for (Thread helper : helpers) {
            while (true) {
                try {
                    helper.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the helpers finish on their own; wait for them all
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        for (RuntimeException e : failure) {
            if (e != null) {
                throw e;
            }
        }
        return hashes;
    }

    private static void fill(List<NameGroup> groups, long[] hashes, int from, int to) {
        for (int i = from; i < to; i++) {
            hashes[i] = Names.md5(ProfileContents.nameOf(groups, i));
        }
    }
}
