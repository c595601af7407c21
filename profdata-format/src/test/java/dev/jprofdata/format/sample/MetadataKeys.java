package dev.jprofdata.format.sample;

import dev.jprofdata.format.Names;
import java.util.ArrayList;
import java.util.List;

/**
 * A minimal decoder of an uncompressed, non-MD5 ext-binary file for tests: the map keys of the
 * FunctionMetadata entries in file order.
 */
final class MetadataKeys {
    private final byte[] b;
    private int pos;

    private MetadataKeys(byte[] b) {
        this.b = b;
    }

    static List<Long> of(byte[] file) {
        MetadataKeys m = new MetadataKeys(file);
        int count = (int) m.u64(10);
        List<String> names = new ArrayList<>();
        List<List<ContextFrame>> contexts = new ArrayList<>();
        long metaOffset = 0;
        long metaSize = 0;
        long metaFlags = 0;
        for (int i = 0; i < count; i++) {
            int e = 18 + i * 32;
            long type = m.u64(e);
            long flags = m.u64(e + 8);
            long offset = m.u64(e + 16);
            long size = m.u64(e + 24);
            if (type == SampleLayout.SEC_NAME_TABLE) {
                m.pos = (int) offset;
                long n = m.uleb();
                for (int k = 0; k < n; k++) {
                    int start = m.pos;
                    while (file[m.pos] != 0) {
                        m.pos++;
                    }
                    names.add(Names.fromBytes(file, start, m.pos - start));
                    m.pos++;
                }
            } else if (type == SampleLayout.SEC_CS_NAME_TABLE && size > 0) {
                m.pos = (int) offset;
                long n = m.uleb();
                for (int k = 0; k < n; k++) {
                    long frames = m.uleb();
                    List<ContextFrame> ctx = new ArrayList<>();
                    for (int f = 0; f < frames; f++) {
                        String fn = names.get((int) m.uleb());
                        ctx.add(new ContextFrame(FunctionId.of(fn), LineLocation.of(m.uleb(), m.uleb())));
                    }
                    contexts.add(ctx);
                }
            } else if (type == SampleLayout.SEC_FUNC_METADATA) {
                metaOffset = offset;
                metaSize = size;
                metaFlags = flags;
            }
        }
        boolean cs = !contexts.isEmpty();
        List<Long> keys = new ArrayList<>();
        m.pos = (int) metaOffset;
        while (m.pos < metaOffset + metaSize) {
            int index = (int) m.uleb();
            SampleContext c = cs ? SampleContext.ofFrames(contexts.get(index))
                    : SampleContext.of(FunctionId.of(names.get(index)));
            keys.add(LlvmMapOrder.mapKey(c));
            m.skipMeta(metaFlags, cs);
        }
        return keys;
    }

    private void skipMeta(long flags, boolean cs) {
        if ((flags & SampleLayout.FUNC_METADATA_PROBE) != 0) {
            uleb();
        }
        if ((flags & SampleLayout.FUNC_METADATA_ATTRIBUTES) != 0) {
            uleb();
        }
        if (!cs) {
            long n = uleb();
            for (int i = 0; i < n; i++) {
                uleb();
                uleb();
                uleb();
                skipMeta(flags, cs);
            }
        }
    }

    private long u64(int at) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[at + i] & 0xFF);
        }
        return v;
    }

    private long uleb() {
        long v = 0;
        int shift = 0;
        while (true) {
            int x = b[pos++] & 0xFF;
            v |= (long) (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                return v;
            }
            shift += 7;
        }
    }
}
