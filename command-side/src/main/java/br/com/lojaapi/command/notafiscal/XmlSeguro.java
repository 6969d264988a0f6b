package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.w3c.dom.Document;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * The JDK's XML parser (Xerces) with everything that reaches outside the document switched off: no DOCTYPE at all
 * (so neither external entities nor entity expansion bombs can exist), no external DTDs or schemas, no XInclude,
 * secure processing limits on. Fiscal documents never carry a DOCTYPE, so refusing one refuses nothing legitimate.
 */
final class XmlSeguro {

    static final int PROFUNDIDADE_MAXIMA = 64;


    private static final DocumentBuilderFactory FABRICA = fabrica();

    private XmlSeguro() {
    }

    static Document ler(byte[] xml) {
        if (xml == null || vazio(xml)) {
            throw ErroDeNegocio.invalido("Arquivo XML vazio");
        }
        try {
            DocumentBuilder leitor = FABRICA.newDocumentBuilder();
            leitor.setErrorHandler(SILENCIOSO);
            leitor.setEntityResolver((publico, sistema) -> {
                throw new SAXException("entidades externas não são aceitas");
            });
            return leitor.parse(new ByteArrayInputStream(xml));
        } catch (SAXParseException e) {
            String mensagem = String.valueOf(e.getMessage());
            if (mensagem.contains("DOCTYPE")) {
                throw ErroDeNegocio.invalido("XML com DOCTYPE (DTD ou entidades) não é aceito");
            }
            if (mensagem.contains("maxElementDepth")) {
                throw ErroDeNegocio.invalido("XML com elementos aninhados em mais de " + PROFUNDIDADE_MAXIMA
                        + " níveis não é uma nota fiscal");
            }
            throw ErroDeNegocio.invalido("XML malformado (linha " + e.getLineNumber() + ", coluna "
                    + e.getColumnNumber() + ")");
        } catch (SAXException | IOException e) {
            throw ErroDeNegocio.invalido("XML malformado");
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean vazio(byte[] xml) {
        for (byte b : xml) {
            if (!Character.isWhitespace(b)) {
                return false;
            }
        }
        return true;
    }

    /** Without it the JDK parser prints "[Fatal Error]" lines before throwing; warnings are ignored. */
    static final ErrorHandler SILENCIOSO = new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }
    };

    private static DocumentBuilderFactory fabrica() {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            // A fiscal document is a few levels deep; a deeply nested one would overflow the reader's stack.
            f.setAttribute("http://www.oracle.com/xml/jaxp/properties/maxElementDepth", PROFUNDIDADE_MAXIMA);
            f.setXIncludeAware(false);
            f.setExpandEntityReferences(false);
            return f;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("parser XML sem as proteções exigidas", e);
        }
    }
}
