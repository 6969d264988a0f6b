package br.com.lojaapi.coreapi.pedido;

import java.util.List;

/**
 * What a confirmation answers: the order's new version and the lines whose stock it takes from their products, in
 * the same transaction. Empty unless a pending order that never took its stock is confirmed.
 */
public record ResultadoDaConfirmacao(long versao, List<LinhaDeEstoque> tomar) {

    public ResultadoDaConfirmacao {
        tomar = List.copyOf(tomar);
    }
}
