package br.com.lojaapi.coreapi.pedido;

import java.math.BigDecimal;
import java.util.List;

/**
 * The product of an order line as it was when the order was placed ({@code quantidadeEstoque} right after the
 * order took its stock). {@code peso} is kept for shipping labels.
 */
public record ProdutoDoItem(String id,
                            String nome,
                            String sku,
                            Long codIntegracao,
                            String codigoBarras,
                            List<String> imagens,
                            String unidade,
                            BigDecimal quantidadeEstoque,
                            BigDecimal peso) {

    public ProdutoDoItem {
        imagens = imagens == null ? List.of() : List.copyOf(imagens);
    }
}
