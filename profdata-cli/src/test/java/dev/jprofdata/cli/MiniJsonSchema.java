package dev.jprofdata.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A validator for the subset of JSON Schema (2020-12) that {@code spec/json-output-*.schema.json}
 * use: type, const, enum, properties, required, additionalProperties=false, items, minimum,
 * maximum, pattern and local {@code $ref}s into {@code $defs}. Also parses documents into plain
 * trees: Map, List, String, Boolean, BigInteger (integers, exactly), BigDecimal (other numbers).
 */
final class MiniJsonSchema {
    private final Map<String, Object> root;

    @SuppressWarnings("unchecked")
    MiniJsonSchema(String schemaJson) throws IOException {
        this.root = (Map<String, Object>) parse(new JsonFactory().createParser(schemaJson));
    }

    /** Reads one document from {@code p} into a tree. */
    static Object parse(JsonParser p) throws IOException {
        p.nextToken();
        return read(p);
    }

    private static Object read(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    if (m.put(name, read(p)) != null) {
                        throw new IOException("duplicate field " + name);
                    }
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    l.add(read(p));
                }
                return l;
            }
            case VALUE_STRING -> {
                return p.getText();
            }
            case VALUE_NUMBER_INT -> {
                return p.getBigIntegerValue();
            }
            case VALUE_NUMBER_FLOAT -> {
                return new BigDecimal(p.getText());
            }
            case VALUE_TRUE -> {
                return Boolean.TRUE;
            }
            case VALUE_FALSE -> {
                return Boolean.FALSE;
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new IOException("unexpected token " + t);
        }
    }

    /** The problems of {@code document}, empty when it is valid. */
    List<String> validate(Object document) {
        List<String> errors = new ArrayList<>();
        check(root, document, "$", errors);
        return errors;
    }

    @SuppressWarnings("unchecked")
    private void check(Map<String, Object> schema, Object v, String at, List<String> errors) {
        for (String key : schema.keySet()) {
            if (!List.of("$schema", "$id", "title", "description", "$defs", "$ref", "type", "const", "enum", "properties",
                    "required", "additionalProperties", "items", "minimum", "maximum", "pattern").contains(key)) {
                throw new IllegalArgumentException("schema keyword not supported by this validator: " + key);
            }
        }
        if (schema.containsKey("$ref")) {
            String ref = (String) schema.get("$ref");
            String prefix = "#/$defs/";
            if (!ref.startsWith(prefix)) {
                throw new IllegalArgumentException("unsupported $ref " + ref);
            }
            Map<String, Object> defs = (Map<String, Object>) root.get("$defs");
            Map<String, Object> target = (Map<String, Object>) defs.get(ref.substring(prefix.length()));
            if (target == null) {
                throw new IllegalArgumentException("unknown $ref " + ref);
            }
            check(target, v, at, errors);
        }
        if (schema.containsKey("type") && !hasType(v, (String) schema.get("type"))) {
            errors.add(at + ": not of type " + schema.get("type") + ": " + v);
            return;
        }
        if (schema.containsKey("const") && !same(schema.get("const"), v)) {
            errors.add(at + ": not " + schema.get("const") + ": " + v);
        }
        if (schema.containsKey("enum") && ((List<Object>) schema.get("enum")).stream().noneMatch(e -> same(e, v))) {
            errors.add(at + ": not one of " + schema.get("enum") + ": " + v);
        }
        if (v instanceof BigInteger || v instanceof BigDecimal) {
            BigDecimal d = v instanceof BigInteger i ? new BigDecimal(i) : (BigDecimal) v;
            if (schema.containsKey("minimum") && d.compareTo(number(schema.get("minimum"))) < 0) {
                errors.add(at + ": below minimum: " + v);
            }
            if (schema.containsKey("maximum") && d.compareTo(number(schema.get("maximum"))) > 0) {
                errors.add(at + ": above maximum: " + v);
            }
        }
        if (v instanceof String s && schema.containsKey("pattern")
                && !Pattern.compile((String) schema.get("pattern")).matcher(s).find()) {
            errors.add(at + ": does not match " + schema.get("pattern") + ": " + s);
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> props = (Map<String, Object>) schema.getOrDefault("properties", Map.of());
            for (Object r : (List<Object>) schema.getOrDefault("required", List.of())) {
                if (!m.containsKey(r)) {
                    errors.add(at + ": missing " + r);
                }
            }
            for (Map.Entry<?, ?> e : m.entrySet()) {
                Map<String, Object> p = (Map<String, Object>) props.get(e.getKey());
                if (p != null) {
                    check(p, e.getValue(), at + "." + e.getKey(), errors);
                } else if (Boolean.FALSE.equals(schema.get("additionalProperties"))) {
                    errors.add(at + ": unexpected field " + e.getKey());
                }
            }
        }
        if (v instanceof List<?> l && schema.containsKey("items")) {
            for (int i = 0; i < l.size(); i++) {
                check((Map<String, Object>) schema.get("items"), l.get(i), at + "[" + i + "]", errors);
            }
        }
    }

    private static BigDecimal number(Object o) {
        return o instanceof BigInteger i ? new BigDecimal(i) : (BigDecimal) o;
    }

    private static boolean same(Object schemaValue, Object v) {
        if (schemaValue instanceof BigInteger a && v instanceof BigInteger b) {
            return a.equals(b);
        }
        return schemaValue.equals(v);
    }

    private static boolean hasType(Object v, String type) {
        return switch (type) {
            case "object" -> v instanceof Map;
            case "array" -> v instanceof List;
            case "string" -> v instanceof String;
            case "boolean" -> v instanceof Boolean;
            case "integer" -> v instanceof BigInteger;
            case "number" -> v instanceof BigInteger || v instanceof BigDecimal;
            default -> throw new IllegalArgumentException("type " + type);
        };
    }
}
