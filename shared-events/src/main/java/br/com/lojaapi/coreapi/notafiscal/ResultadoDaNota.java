package br.com.lojaapi.coreapi.notafiscal;

import java.util.List;

/**
 * What an invoice command did: {@code acao} ({@code criada}, {@code atualizada}, {@code cancelada},
 * {@code removida}), the version to wait for, and the stored objects no invoice refers to any more (files replaced,
 * files of a removed invoice, or a file sent that changed nothing), to be deleted once the command committed.
 */
public record ResultadoDaNota(String notaId, String acao, long versao, List<String> objetosLivres) {

    public ResultadoDaNota {
        objetosLivres = List.copyOf(objetosLivres);
    }
}
