package br.com.lojaapi.gateway.anexo;

import br.com.lojaapi.command.anexo.AnexosDoPedido;
import br.com.lojaapi.coreapi.comum.CarimboDeListaQuery;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;

import java.util.function.BiFunction;

/**
 * What tells one kind of file attached to orders (invoices, carrier labels) from another on the web: where its
 * resources and files live, its 404, its read model and queries, its JSON and its command-side service.
 *
 * @param colecao       the path segment under {@code /v1/pedidos/{pedidoId}}, also the folder of its stored files
 * @param naoEncontrado the 404 of an attachment missing from the order
 * @param arquivoSumiu  the 404 of a file replaced or removed between reading the attachment and reading its file
 * @param visao         the view its queries answer ({@code V}); {@code json} makes its JSON ({@code J}) from one,
 *                      with the {@code acao} of a POST (else null)
 * @param listagem      the query of an order's attachments, from the store and the order
 * @param busca         the query of one attachment
 */
public record TipoDeAnexo<V, J>(String colecao,
                                String naoEncontrado,
                                String arquivoSumiu,
                                ModeloLeitura modelo,
                                CarimboQuery.Alvo alvo,
                                CarimboDeListaQuery.Lista lista,
                                Class<V> visao,
                                BiFunction<String, String, Object> listagem,
                                Busca busca,
                                BiFunction<V, String, J> json,
                                AnexosDoPedido<?> servico) {

    /** The query of one attachment of an order of the store. */
    @FunctionalInterface
    public interface Busca {
        Object de(String lojaId, String pedidoId, String id);
    }
}
