package br.com.lojaapi.coreapi.pedido;

import java.util.List;

/**
 * What a cancellation answers: the order's new version and the lines whose stock goes back to their products, in
 * the same transaction. Empty when the order held no stock or was cancelled already.
 */
public record ResultadoDoCancelamento(long versao, List<LinhaDeEstoque> devolver) {

    public ResultadoDoCancelamento {
        devolver = List.copyOf(devolver);
    }
}
