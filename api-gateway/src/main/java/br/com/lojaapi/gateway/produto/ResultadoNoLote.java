package br.com.lojaapi.gateway.produto;

import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

/** One element of POST /produtos/lote as it ended: the status its own POST /produtos with upsert would have had. */
@Schema(name = "ResultadoDoLoteDeProdutos")
record ResultadoNoLote(
        @Schema(description = "Posição do elemento em produtos, a partir de 0") int indice,
        @Schema(description = "O status que o elemento teria sozinho no POST /produtos com upsert: 201 criado, 200 "
                + "atualizado, 202 gravado mas a leitura ainda não o mostra (ver avisos), 4xx recusado (nada dele "
                + "foi gravado; erro diz por quê), 503 não gravado por indisponibilidade (envie de novo)")
        int status,
        @Schema(nullable = true, description = "criado ou atualizado; null quando recusado") String operacao,
        @Schema(nullable = true, description = "Id do produto criado ou atualizado; null quando recusado") String id,
        @Schema(nullable = true, description = "Por que o elemento foi recusado; null quando gravado") String erro,
        @Schema(nullable = true, description = "Versão gravada do produto (o ETag dele é \"<versao>\"); null quando "
                + "recusado") Long versao,
        @Schema(description = "Avisos que não impediram a operação") List<String> avisos) {

    static ResultadoNoLote gravado(int indice, int status, GravacaoDeProduto.Gravado gravado, List<String> avisos) {
        return new ResultadoNoLote(indice, status, gravado.operacao(), gravado.produtoId(), null, gravado.versao(),
                List.copyOf(avisos));
    }

    static ResultadoNoLote recusado(int indice, int status, String erro) {
        return new ResultadoNoLote(indice, status, null, null, erro, null, List.of());
    }
}
