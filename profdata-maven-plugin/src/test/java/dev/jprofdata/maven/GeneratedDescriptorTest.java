package dev.jprofdata.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The plugin descriptor that maven-plugin-plugin generated from the mojos' annotations (in
 * {@code target/classes/META-INF/maven/plugin.xml}, on this test's class path): the goals, their
 * parameters (every field of the mojo, none missing because it lost its {@code @Parameter}), the
 * user properties, and that spec/maven-plugin.md names the same user properties.
 */
class GeneratedDescriptorTest {
    private static Document descriptor;

    @BeforeAll
    static void read() throws Exception {
        try (InputStream in = GeneratedDescriptorTest.class.getResourceAsStream("/META-INF/maven/plugin.xml")) {
            assertThat(in).as("generated META-INF/maven/plugin.xml").isNotNull();
            descriptor = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
        }
    }

    /** The mojos of the descriptor by goal name. */
    private static Map<String, Element> mojos() {
        Map<String, Element> byGoal = new LinkedHashMap<>();
        NodeList mojos = descriptor.getElementsByTagName("mojo");
        for (int i = 0; i < mojos.getLength(); i++) {
            Element mojo = (Element) mojos.item(i);
            byGoal.put(child(mojo, "goal").getTextContent().strip(), mojo);
        }
        return byGoal;
    }

    @Test
    void goalsArePrefixedJprofdataAndBoundToVerify() {
        Element plugin = descriptor.getDocumentElement();
        assertThat(child(plugin, "goalPrefix").getTextContent()).isEqualTo("jprofdata");
        assertThat(child(plugin, "requiredJavaVersion").getTextContent()).isEqualTo("17");
        Map<String, Element> mojos = mojos();
        assertThat(mojos).containsOnlyKeys("merge", "check");
        assertThat(child(mojos.get("merge"), "implementation").getTextContent()).isEqualTo(MergeMojo.class.getName());
        assertThat(child(mojos.get("check"), "implementation").getTextContent()).isEqualTo(CheckMojo.class.getName());
        for (Element mojo : mojos.values()) {
            assertThat(child(mojo, "phase").getTextContent()).isEqualTo("verify");
            assertThat(child(mojo, "threadSafe").getTextContent()).isEqualTo("true");
            assertThat(child(mojo, "description").getTextContent()).startsWith("Goal ");
        }
    }

    @Test
    void everyFieldOfAMojoIsAParameterWithADescription() {
        Map<String, Class<?>> classes = Map.of("merge", MergeMojo.class, "check", CheckMojo.class);
        for (Map.Entry<String, Element> e : mojos().entrySet()) {
            Set<String> fields = new TreeSet<>();
            for (Field f : classes.get(e.getKey()).getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    fields.add(f.getName());
                }
            }
            Map<String, Element> parameters = parameters(e.getValue());
            assertThat(parameters.keySet()).as("parameters of %s", e.getKey()).isEqualTo(fields);
            parameters.forEach((name, p) -> assertThat(child(p, "description").getTextContent())
                    .as("description of %s", name).isNotBlank());
        }
        Map<String, Element> merge = parameters(mojos().get("merge"));
        assertThat(merge.keySet()).containsExactlyInAnyOrder("basedir", "inputDirectories", "includes", "inputs",
                "output", "failureMode", "text", "valueMerge", "maxDroppedFraction", "numThreads", "sample", "skip",
                "indexVersion", "forLlvm", "writePrevVersion", "dropUnsupported", "split");
        assertThat(child(merge.get("basedir"), "editable").getTextContent()).isEqualTo("false");
        assertThat(child(merge.get("output"), "required").getTextContent()).isEqualTo("true");
        assertThat(parameters(mojos().get("check")).keySet()).containsExactlyInAnyOrder("basedir", "profile",
                "reference", "minOverlap", "skip");
    }

    @Test
    void defaultsAndUserPropertiesAreTheDocumentedOnes() throws IOException {
        Map<String, Element> merge = configuration(mojos().get("merge"));
        assertThat(merge.get("output").getAttribute("default-value"))
                .isEqualTo("${project.build.directory}/jprofdata/merged.profdata");
        assertThat(merge.get("failureMode").getAttribute("default-value")).isEqualTo("any");
        assertThat(merge.get("basedir").getAttribute("default-value")).isEqualTo("${project.basedir}");
        Map<String, Element> check = configuration(mojos().get("check"));
        assertThat(check.get("minOverlap").getAttribute("default-value")).isEqualTo("90.0");
        assertThat(check.get("profile").getAttribute("default-value"))
                .isEqualTo("${project.build.directory}/jprofdata/merged.profdata");

        String spec = Files.readString(root().resolve("spec/maven-plugin.md"), StandardCharsets.UTF_8);
        for (String goal : List.of("merge", "check")) {
            assertThat(documentedProperties(spec, goal)).as("user properties of %s in spec/maven-plugin.md", goal)
                    .isEqualTo(userProperties(mojos().get(goal)));
        }
    }

    /** The {@code jprofdata.*} properties named on the "User properties:" line of a goal's section. */
    private static Set<String> documentedProperties(String spec, String goal) {
        int start = spec.indexOf("## `" + goal + "`");
        assertThat(start).as("section of %s", goal).isNotNegative();
        int end = spec.indexOf("\n## ", start + 1);
        String section = spec.substring(start, end < 0 ? spec.length() : end);
        int users = section.indexOf("User properties:");
        assertThat(users).as("User properties of %s", goal).isNotNegative();
        String list = section.substring(users, section.indexOf(".\n", users));
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("`(jprofdata\\.[A-Za-z]+)`").matcher(list);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static Set<String> userProperties(Element mojo) {
        Set<String> names = new TreeSet<>();
        for (Element e : configuration(mojo).values()) {
            Matcher m = Pattern.compile("\\$\\{(jprofdata\\.[A-Za-z]+)}").matcher(e.getTextContent());
            if (m.matches()) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    private static Map<String, Element> parameters(Element mojo) {
        Map<String, Element> byName = new LinkedHashMap<>();
        for (Element p : children(child(mojo, "parameters"))) {
            byName.put(child(p, "name").getTextContent().strip(), p);
        }
        return byName;
    }

    private static Map<String, Element> configuration(Element mojo) {
        Map<String, Element> byName = new LinkedHashMap<>();
        for (Element p : children(child(mojo, "configuration"))) {
            byName.put(p.getTagName(), p);
        }
        return byName;
    }

    private static Element child(Element parent, String tag) {
        for (Element e : children(parent)) {
            if (e.getTagName().equals(tag)) {
                return e;
            }
        }
        throw new AssertionError("no <" + tag + "> in <" + parent.getTagName() + ">");
    }

    private static List<Element> children(Element parent) {
        List<Element> list = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                list.add(e);
            }
        }
        return list;
    }

    private static Path root() {
        return Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().normalize();
    }
}
