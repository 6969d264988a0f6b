package br.com.lojaapi.coreapi.etiqueta;

import java.util.List;

/** What a label command did, and the stored objects nothing refers to any more (to delete after it). */
public record ResultadoDaEtiqueta(String etiquetaId, String acao, long versao, List<String> objetosLivres) {

    public ResultadoDaEtiqueta {
        objetosLivres = List.copyOf(objetosLivres);
    }
}
