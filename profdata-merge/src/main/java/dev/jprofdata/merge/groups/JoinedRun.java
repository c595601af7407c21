package dev.jprofdata.merge.groups;

import dev.jprofdata.format.ProfileKind;

/**
 * What adding one run to its binary's group read: the run's profile kind, its records, and its
 * weighted counters summed (saturating), as the ordinary reader would have counted them.
 */
public record JoinedRun(ProfileKind kind, long recordsRead, long countsRead) {
}
