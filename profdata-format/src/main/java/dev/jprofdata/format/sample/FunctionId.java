package dev.jprofdata.format.sample;

import dev.jprofdata.format.Names;

/**
 * The name of a function in a sample profile: either a string (carried as ISO-8859-1, one char per
 * byte, see {@link Names}) or a 64-bit MD5 hash when the profile was written with MD5 names.
 *
 * <p>LLVM's rules, which decide merge results and output order: a string never equals a hash, even
 * when the hash is the string's MD5; hashes sort before strings, hashes among themselves as
 * unsigned numbers, strings bytewise with the shorter first on a common prefix. {@link #guid()} is
 * the hash LLVM keys its profile maps with (the MD5 of a string, the value of a hash).
 */
public final class FunctionId implements Comparable<FunctionId> {
    private final String name;
    private final long hash;
    /** The MD5 of {@code name}, once computed ({@link #guid}); published by {@link #guidKnown}. */
    private long guidCache;
    private volatile boolean guidKnown;

    private FunctionId(String name, long hash) {
        this.name = name;
        this.hash = hash;
    }

    /** A function known by its name (ISO-8859-1, one char per byte). */
    public static FunctionId of(String name) {
        if (name == null) {
            throw new NullPointerException("name");
        }
        return new FunctionId(name, 0);
    }

    /** A function known only by the MD5 hash of its name. */
    public static FunctionId ofHash(long hash) {
        return new FunctionId(null, hash);
    }

    public boolean isHash() {
        return name == null;
    }

    /** The name; for a hash, its unsigned decimal value (how LLVM prints and writes it as text). */
    public String name() {
        return name != null ? name : Long.toUnsignedString(hash);
    }

    /** The hash value of a hash id; for a string the MD5 of its bytes. */
    public long guid() {
        if (name == null) {
            return hash;
        }
        // Merges, map orders and writers ask for it over and over: computed once per id.
        if (!guidKnown) {
            guidCache = Names.md5(name);
            guidKnown = true;
        }
        return guidCache;
    }

    /** The name's bytes, or the decimal digits of a hash. */
    public byte[] bytes() {
        return Names.toBytes(name());
    }

    @Override
    public int compareTo(FunctionId o) {
        if (name == null) {
            return o.name == null ? Long.compareUnsigned(hash, o.hash) : -1;
        }
        return o.name == null ? 1 : name.compareTo(o.name);
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof FunctionId o)) {
            return false;
        }
        return name == null ? o.name == null && hash == o.hash : name.equals(o.name);
    }

    @Override
    public int hashCode() {
        return name != null ? name.hashCode() : Long.hashCode(hash) * 31 + 7;
    }

    @Override
    public String toString() {
        return name();
    }
}
