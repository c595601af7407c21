package dev.jprofdata.format.raw;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.MappedByteBuffer;

/**
 * Unmaps a memory mapping now instead of when the garbage collector finds it unreachable: a merge
 * maps thousands of inputs one after another, and mappings waiting for collection would count in
 * the process's memory. Uses {@code sun.misc.Unsafe.invokeCleaner} (module jdk.unsupported, open
 * to class-path code on JDK 9 and later); where that is unavailable the mapping is left to the
 * collector.
 */
final class Unmapper {
    private static final Object UNSAFE;
    private static final Method INVOKE_CLEANER;

    static {
        Object unsafe = null;
        Method invoke = null;
        try {
            Class<?> c = Class.forName("sun.misc.Unsafe");
            Field f = c.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            unsafe = f.get(null);
            invoke = c.getMethod("invokeCleaner", java.nio.ByteBuffer.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            unsafe = null;
            invoke = null;
        }
        UNSAFE = unsafe;
        INVOKE_CLEANER = invoke;
    }

    private Unmapper() {
    }

    /** Unmaps {@code buffer}; it (and every view of it) must not be used afterwards. */
    static void unmap(MappedByteBuffer buffer) {
        if (INVOKE_CLEANER == null) {
            return;
        }
        try {
            INVOKE_CLEANER.invoke(UNSAFE, buffer);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // left to the collector
        }
    }
}
