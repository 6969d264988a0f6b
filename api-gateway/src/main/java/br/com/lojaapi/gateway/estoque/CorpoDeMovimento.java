package br.com.lojaapi.gateway.estoque;

import io.swagger.v3.oas.annotations.media.Schema;

import java.math.BigDecimal;

/** One movement of POST /estoque or of a batch; the product by produtoId, else codIntegracao, else sku. */
@Schema(name = "MovimentoDeEstoque", description = "O produto por produtoId; no lote também por codIntegracao ou sku "
        + "(extensão; o alterado mais recentemente, se houver mais de um)")
record CorpoDeMovimento(
        @Schema(description = "Obrigatório salvo quando codIntegracao ou sku nomeiam o produto") String produtoId,
        @Schema(nullable = true, description = "Extensão") Long codIntegracao,
        @Schema(nullable = true, description = "Extensão: SKU do produto") String sku,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, allowableValues = {"ENTRADA", "SAIDA", "AJUSTE"},
                description = "ENTRADA soma, SAIDA subtrai, AJUSTE define a quantidade absoluta") String tipo,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "ENTRADA e SAIDA: acima de zero. AJUSTE:"
                + " a quantidade final; abaixo de zero só num produto sem controlaEstoque") BigDecimal quantidade,
        @Schema(nullable = true, description = "O movimento vale para a variação; o estoque do produto passa a ser "
                + "a soma das variações") String variacaoId,
        @Schema(nullable = true, maxLength = 500) String observacao) {
}
