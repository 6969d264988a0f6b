package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * A partial change of a variation, or, in an upsert, a variation to match or create. Null: not sent;
 * {@code Optional.empty()}: explicit null. {@code novoId} is the id to use if it turns out to be a new variation.
 */
public record AlteracaoVariacao(String novoId,
                                Optional<String> nome,
                                Optional<String> valor1,
                                Optional<String> valor2,
                                Optional<BigDecimal> preco,
                                Optional<String> sku,
                                Optional<String> codigoBarras,
                                Optional<Long> codIntegracao,
                                Optional<BigDecimal> quantidadeEstoque,
                                Optional<BigDecimal> estoqueMinimo) {
}
