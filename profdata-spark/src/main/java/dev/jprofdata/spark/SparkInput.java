package dev.jprofdata.spark;

import java.io.Serializable;

/**
 * One input of a Spark merge: its index in the whole merge (which fixes every order-dependent
 * choice of the merge, wherever it is read), its location as a Hadoop URI, the name messages give
 * it (as the user wrote it, as {@code jprofdata merge} names it) and its weight.
 */
public record SparkInput(int index, String uri, String displayName, long weight) implements Serializable {
}
