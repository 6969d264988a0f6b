package br.com.lojaapi.gateway.produto;

import com.fasterxml.jackson.databind.util.TokenBuffer;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

/**
 * POST /produtos/lote. Each element is kept as the JSON tokens it arrived as and read on its own, so an element
 * whose fields do not fit fails alone, with the message its own POST would get; the numbers keep their exact text.
 */
@Schema(name = "LoteDeProdutos")
record CorpoDoLoteDeProdutos(
        @ArraySchema(schema = @Schema(implementation = CorpoDeProduto.class), minItems = 1,
                maxItems = LoteDeProdutosController.LOTE_MAXIMO,
                arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "De 1 a "
                        + LoteDeProdutosController.LOTE_MAXIMO + " produtos, cada um como no POST /produtos com "
                        + "upsert: codIntegracao obrigatório; upsert pode ser omitido (false é recusado)"))
        List<TokenBuffer> produtos) {
}
