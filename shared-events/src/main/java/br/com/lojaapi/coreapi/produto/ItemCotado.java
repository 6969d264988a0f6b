package br.com.lojaapi.coreapi.produto;

import br.com.lojaapi.coreapi.pedido.ProdutoDoItem;
import br.com.lojaapi.coreapi.pedido.VariacaoDoItem;

import java.math.BigDecimal;

/** An order line priced by its product: quantity after rounding to the sale multiple, unit price, snapshots. */
public record ItemCotado(int indice,
                         ProdutoDoItem produto,
                         VariacaoDoItem variacao,
                         BigDecimal quantidade,
                         BigDecimal precoUnit) {
}
