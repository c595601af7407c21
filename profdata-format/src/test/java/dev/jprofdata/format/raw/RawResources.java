package dev.jprofdata.format.raw;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test files under {@code src/test/resources/raw/} (copies of files in the shared reference). */
final class RawResources {
    private RawResources() {
    }

    static Path path(String relative) {
        URL url = RawResources.class.getResource("/raw/" + relative);
        if (url == null) {
            throw new IllegalArgumentException("no test resource raw/" + relative);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] bytes(String relative) {
        try {
            return Files.readAllBytes(path(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(String relative) {
        return new String(bytes(relative), StandardCharsets.ISO_8859_1);
    }

    static List<ProfileRecord> readAll(ProfileReader reader) throws IOException {
        List<ProfileRecord> records = new ArrayList<>();
        for (ProfileRecord r = reader.next(); r != null; r = reader.next()) {
            records.add(r);
        }
        return records;
    }

    /** All records of {@code file}, opened under its own name. */
    static List<ProfileRecord> readAll(Path file) throws IOException {
        try (ProfileReader reader = RawProfileReader.open(file, file.getFileName().toString())) {
            return readAll(reader);
        }
    }

    /** Writes {@code bytes} to a fresh file in {@code dir}. */
    static Path write(Path dir, String name, byte[] bytes) {
        try {
            return Files.write(dir.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
