package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.coreapi.produto.AlteracaoVariacao;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import io.swagger.v3.oas.annotations.media.Schema;

import java.math.BigDecimal;
import java.util.Optional;

/** A variation as sent: a field absent is not changed, an explicit null clears it (see the PUT rules). */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
@Schema(name = "CorpoDeVariacao", description = "nome e valor1 são obrigatórios para criar; no PUT, todos opcionais")
class CorpoDeVariacao {

    @Schema(implementation = String.class, example = "Tamanho", maxLength = 100) Optional<String> nome;
    @Schema(implementation = String.class, example = "M", maxLength = 100) Optional<String> valor1;
    @Schema(implementation = String.class, nullable = true, maxLength = 100) Optional<String> valor2;
    @Schema(implementation = BigDecimal.class, nullable = true, description = "Preço próprio da variação") Optional<BigDecimal> preco;
    @Schema(implementation = String.class, nullable = true, maxLength = 100) Optional<String> sku;
    @Schema(implementation = String.class, nullable = true, maxLength = 50) Optional<String> codigoBarras;
    @Schema(implementation = Long.class, nullable = true, description = "Código da variação no ERP; null apaga") Optional<Long> codIntegracao;
    @Schema(implementation = BigDecimal.class, example = "10") Optional<BigDecimal> quantidadeEstoque;
    @Schema(implementation = BigDecimal.class, example = "2") Optional<BigDecimal> estoqueMinimo;

    AlteracaoVariacao alteracao(String novoId) {
        return new AlteracaoVariacao(novoId, nome, valor1, valor2, preco, sku, codigoBarras, codIntegracao,
                quantidadeEstoque, estoqueMinimo);
    }
}
