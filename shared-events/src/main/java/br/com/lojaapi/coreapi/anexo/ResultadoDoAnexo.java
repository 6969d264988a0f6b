package br.com.lojaapi.coreapi.anexo;

import java.util.List;

/**
 * What a command on a file attached to an order (an invoice, a carrier label) did: {@code acao} ({@code criada},
 * {@code atualizada}, {@code cancelada}, {@code removida}), the version to wait for, and the stored objects nothing
 * refers to any more (files replaced, the files of a removed attachment, or a file sent that changed nothing), to be
 * deleted once the command committed.
 */
public record ResultadoDoAnexo(String id, String acao, long versao, List<String> objetosLivres) {

    public ResultadoDoAnexo {
        objetosLivres = List.copyOf(objetosLivres);
    }
}
