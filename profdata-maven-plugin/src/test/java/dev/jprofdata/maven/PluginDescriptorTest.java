package dev.jprofdata.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The hand-written plugin descriptor names existing classes and fields. */
class PluginDescriptorTest {

    @Test
    void everyParameterIsAFieldOfItsMojo() throws Exception {
        Document doc;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/maven/plugin.xml")) {
            doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
        }
        NodeList mojos = doc.getElementsByTagName("mojo");
        assertThat(mojos.getLength()).isEqualTo(2);
        for (int i = 0; i < mojos.getLength(); i++) {
            Element mojo = (Element) mojos.item(i);
            Class<?> type = Class.forName(text(mojo, "implementation"));
            assertThat(org.apache.maven.plugin.Mojo.class).isAssignableFrom(type);
            NodeList params = ((Element) mojo.getElementsByTagName("parameters").item(0)).getElementsByTagName("parameter");
            for (int k = 0; k < params.getLength(); k++) {
                String name = text((Element) params.item(k), "name");
                assertThat(type.getDeclaredField(name)).as(type.getSimpleName() + "." + name).isNotNull();
            }
        }
    }

    private static String text(Element e, String tag) {
        return e.getElementsByTagName(tag).item(0).getTextContent().strip();
    }
}
