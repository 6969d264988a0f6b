package br.com.lojaapi.gateway.pedido;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

import java.math.BigDecimal;
import java.util.List;

/** POST /pedidos. Prices sent anywhere in the body are ignored: the service prices every line. */
@Schema(name = "NovoPedido")
record CorpoDePedido(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, allowableValues = {"DELIVERY", "BALCAO", "MESA", "RETIRADA"},
                description = "RETIRADA é aceito como BALCAO") String tipoEntrega,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) Cliente cliente,
        @ArraySchema(minItems = 1, maxItems = 500, schema = @Schema(implementation = Item.class)) List<Item> itens,
        @Schema(description = "Padrão 0", minimum = "0") BigDecimal taxaEntrega,
        @Schema(description = "Desconto manual; padrão 0", minimum = "0") BigDecimal desconto,
        @Schema(nullable = true, maxLength = 2000) String observacoes) {

    @Schema(name = "ClienteDoNovoPedido", description = "Com id (cliente cadastrado da loja), os campos vazios são "
            + "preenchidos com os dados do cadastro")
    record Cliente(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, maxLength = 200) String nome,
                   @Schema(nullable = true) String id,
                   @Schema(nullable = true) String celular,
                   @Schema(nullable = true) String email,
                   @Schema(nullable = true, description = "CPF ou CNPJ (dígitos verificadores conferidos)") String documento,
                   @Schema(nullable = true, description = "Obrigatório (aqui ou no cadastro) para DELIVERY") String endereco,
                   @Schema(nullable = true) String numero,
                   @Schema(nullable = true) String complemento,
                   @Schema(nullable = true) String bairro,
                   @Schema(nullable = true) String cidade,
                   @Schema(nullable = true, maxLength = 2) String uf,
                   @Schema(nullable = true) String cep,
                   @Schema(nullable = true) String referencia) {
    }

    @Schema(name = "ItemDoNovoPedido")
    record Item(@Schema(requiredMode = Schema.RequiredMode.REQUIRED) String produtoId,
                @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "0.001",
                        description = "Arredondada para cima até o múltiplo de venda do produto") BigDecimal quantidade,
                @Schema(nullable = true, description = "Obrigatória quando o produto tem variações") String variacaoId,
                @Schema(nullable = true, maxLength = 500) String observacao,
                @Schema(description = "JSON livre (complementos escolhidos; null inclusive), guardado e devolvido "
                        + "como enviado; não altera preços") JsonNode opcoes) {
    }
}
