package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * A partial change of a product: a null field is not changed; {@code Optional.empty()} is an explicit null
 * (clears a nullable field; refused for required ones, except {@code multiploVenda}, which it resets to 1).
 */
public record AlteracaoProduto(Optional<String> nome,
                               Optional<String> descricao,
                               Optional<BigDecimal> preco,
                               Optional<BigDecimal> precoPromocional,
                               Optional<List<String>> imagens,
                               Optional<String> codigoBarras,
                               Optional<String> sku,
                               Optional<String> referencia,
                               Optional<Long> codIntegracao,
                               Optional<Boolean> disponivel,
                               Optional<Boolean> destaque,
                               Optional<Integer> ordem,
                               Optional<BigDecimal> quantidadeEstoque,
                               Optional<BigDecimal> estoqueMinimo,
                               Optional<String> unidade,
                               Optional<BigDecimal> multiploVenda,
                               Optional<BigDecimal> peso,
                               Optional<BigDecimal> altura,
                               Optional<BigDecimal> largura,
                               Optional<BigDecimal> comprimento,
                               Optional<String> categoriaId,
                               Optional<List<String>> gruposComplemento) {

    public static AlteracaoProduto nenhuma() {
        return new AlteracaoProduto(null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null);
    }
}
