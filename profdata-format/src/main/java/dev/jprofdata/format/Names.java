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

    /** LLVM's name hash: the first 8 bytes of the MD5 digest read as a little-endian integer. */
    public static long md5(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) > 0xFF) {
                // Not a carried name (text typed by a user, say): hashed as its ISO-8859-1 encoding.
                return viaDigest(toBytes(name));
            }
        }
        return Md5.first8(name);
    }

    public static long md5(byte[] bytes) {
        return Md5.first8(bytes, 0, bytes.length);
    }

    /** {@link #md5} by the JDK's digest, for names that are no byte strings (and to check {@link Md5}). */
    static long viaDigest(byte[] bytes) {
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
