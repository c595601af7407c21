package dev.jprofdata.format.text;

/**
 * The MD5 of every distinct value-site target a text profile names, found from the characters of
 * the line that names it, without making a String of them: the same targets come back record
 * after record (a 66 MB profile names 380,000 of them), and a substring and a boxed map lookup per
 * value line were a sixth of reading it. Open addressing with linear probing over the targets'
 * String hash codes.
 */
final class TargetHashes {
    private String[] keys = new String[256];
    private int[] codes = new int[256];
    private long[] hashes = new long[256];
    private int size;

    /** {@link String#hashCode()} of {@code chars[from, to)}. */
    static int code(CharSequence chars, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + chars.charAt(i);
        }
        return h;
    }

    /** The slot of the target {@code chars[from, to)} whose {@link #code} is {@code code}, or -1. */
    int find(CharSequence chars, int from, int to, int code) {
        int mask = keys.length - 1;
        for (int i = spread(code) & mask; keys[i] != null; i = (i + 1) & mask) {
            if (codes[i] == code && sameChars(keys[i], chars, from, to)) {
                return i;
            }
        }
        return -1;
    }

    /** The target in {@code slot}. */
    String key(int slot) {
        return keys[slot];
    }

    /** The MD5 of the target in {@code slot}. */
    long hash(int slot) {
        return hashes[slot];
    }

    /** Adds {@code key} (not present yet; {@code code} is its hash code) with its MD5; returns its slot. */
    int add(String key, int code, long md5) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        size++;
        return insert(key, code, md5);
    }

    private int insert(String key, int code, long md5) {
        int mask = keys.length - 1;
        int i = spread(code) & mask;
        while (keys[i] != null) {
            i = (i + 1) & mask;
        }
        keys[i] = key;
        codes[i] = code;
        hashes[i] = md5;
        return i;
    }

    private void grow() {
        String[] oldKeys = keys;
        int[] oldCodes = codes;
        long[] oldHashes = hashes;
        keys = new String[oldKeys.length * 2];
        codes = new int[keys.length];
        hashes = new long[keys.length];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                insert(oldKeys[i], oldCodes[i], oldHashes[i]);
            }
        }
    }

    private static boolean sameChars(String key, CharSequence chars, int from, int to) {
        if (key.length() != to - from) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            if (key.charAt(i) != chars.charAt(from + i)) {
                return false;
            }
        }
        return true;
    }

    /** String hash codes of similar names differ in their low bits only a little: mix them. */
    private static int spread(int code) {
        int h = code * 0x9E37_79B9;
        return h ^ (h >>> 16);
    }
}
