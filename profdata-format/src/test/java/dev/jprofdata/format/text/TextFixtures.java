package dev.jprofdata.format.text;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Locates the committed text fixtures (see {@code resources/text/regen.sh}) and shared helpers. */
final class TextFixtures {
    private TextFixtures() {
    }

    static Path dir(String sub) {
        try {
            return Path.of(TextFixtures.class.getResource("/text/" + sub).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Path file(String sub, String name) {
        return dir(sub).resolve(name);
    }

    /** Files in {@code sub} whose names end with {@code suffix}, sorted. */
    static List<Path> list(String sub, String suffix) {
        try (Stream<Path> s = Files.list(dir(sub))) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static TextProfileReader reader(String text) throws IOException {
        return TextProfileReader.open(
                new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)), "t.proftext");
    }

    static List<ProfileRecord> readAll(ProfileReader reader) throws IOException {
        List<ProfileRecord> out = new ArrayList<>();
        for (ProfileRecord r = reader.next(); r != null; r = reader.next()) {
            out.add(r);
        }
        return out;
    }

    static List<ProfileRecord> readAll(String text) throws IOException {
        try (TextProfileReader r = reader(text)) {
            return readAll(r);
        }
    }

    /**
     * Everything a reader returned, grouped as a merge would hand it to the writer: names sorted,
     * records of one name in file order, its traces, and (when {@code keepVtableNames}, as with
     * {@code --keep-vtable-symbols}) the vtable target names it saw.
     */
    static ProfileContents contents(ProfileReader reader, boolean keepVtableNames) throws IOException {
        Map<String, List<ProfileRecord>> byName = new LinkedHashMap<>();
        for (ProfileRecord r : readAll(reader)) {
            byName.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r);
        }
        List<NameGroup> groups = new ArrayList<>();
        new TreeMap<>(byName).forEach((name, records) -> groups.add(new NameGroup(name, records)));
        List<String> vtables = keepVtableNames ? reader.vtableNames() : List.of();
        return new ProfileContents(reader.kind(), groups, List.of(), vtables, reader.temporalTraces(1));
    }

    static byte[] write(ProfileContents contents) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TextProfileWriter.write(contents, out);
        return out.toByteArray();
    }

    static String latin1(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
