package dev.jprofdata.format;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Helpers for PGO names, which LLVM treats as opaque byte strings.
 *
 * <p>jprofdata carries them as ISO-8859-1 strings: one {@code char} per byte, so the bytes survive
 * unchanged, {@link String#compareTo} sorts like unsigned {@code memcmp}, and output is written back
 * with {@link StandardCharsets#ISO_8859_1}.
 */
public final class Names {
    private Names() {
    }

    private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always provides MD5", e);
        }
    });

    /** The name carried as a Java string. */
    public static String fromBytes(byte[] bytes, int offset, int length) {
        return new String(bytes, offset, length, StandardCharsets.ISO_8859_1);
    }

    public static byte[] toBytes(String name) {
        return name.getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * {@link String#hashCode} of the name whose bytes are {@code [from, to)}, without making the
     * string: tables that find names by their bytes hash them as the strings would be hashed.
     */
    public static int stringHash(byte[] bytes, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + (bytes[i] & 0xFF);
        }
        return h;
    }

    /** LLVM's name hash: the first 8 bytes of the MD5 digest read as a little-endian integer. */
    public static long md5(String name) {
        return md5(toBytes(name));
    }

    public static long md5(byte[] bytes) {
        MessageDigest md = MD5.get();
        md.reset();
        byte[] d = md.digest(bytes);
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (d[i] & 0xFF);
        }
        return v;
    }
}
