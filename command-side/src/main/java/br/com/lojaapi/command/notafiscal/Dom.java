package br.com.lojaapi.command.notafiscal;

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** Navigation by local name: fiscal layouts vary in namespace (ABRASF providers) but not in element names. */
final class Dom {

    private Dom() {
    }

    /** The element at the end of the path of child names, or null. */
    static Element caminho(Element raiz, String... nomes) {
        Element atual = raiz;
        for (String nome : nomes) {
            if (atual == null) {
                return null;
            }
            atual = filho(atual, nome);
        }
        return atual;
    }

    /** The trimmed text at the end of the path, or null when absent or blank. */
    static String texto(Element raiz, String... nomes) {
        Element e = caminho(raiz, nomes);
        if (e == null) {
            return null;
        }
        String texto = e.getTextContent().trim();
        return texto.isEmpty() ? null : texto;
    }

    /** The first descendant (document order) with this local name, or null. */
    static Element descendente(Element raiz, String nome) {
        NodeList todos = raiz.getElementsByTagNameNS("*", nome);
        return todos.getLength() == 0 ? null : (Element) todos.item(0);
    }

    static Element filho(Element pai, String nome) {
        for (Node n = pai.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && nome.equals(e.getLocalName())) {
                return e;
            }
        }
        return null;
    }
}
