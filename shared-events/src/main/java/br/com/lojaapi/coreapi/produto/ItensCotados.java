package br.com.lojaapi.coreapi.produto;

import java.util.List;

/** What {@link TomarEstoqueDoPedidoCommand} answers: the priced lines and the product version produced. */
public record ItensCotados(List<ItemCotado> itens, long versao) {

    public ItensCotados {
        itens = List.copyOf(itens);
    }
}
