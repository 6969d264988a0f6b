package br.com.lojaapi.coreapi.pedido;

import java.util.List;

/**
 * What a status change answers: the order's new version and the stock movement it calls for, which the caller
 * carries out on the products in the same transaction.
 */
public record ResultadoDeStatus(long versao, MovimentoDoPedido movimento, List<LinhaDeEstoque> linhas) {

    public ResultadoDeStatus {
        linhas = List.copyOf(linhas);
    }
}
