package br.com.lojaapi.gateway.erro;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

import java.math.BigDecimal;
import java.util.List;

/**
 * The body of every error response, for the description: {@code erro} always, and the details some refusals add
 * beside it (only those; a client reads the ones its case documents). Bodies are built by {@link TratadorDeErros}
 * from the refusal's message and details; this record only says their shape.
 */
@Schema(name = "Erro", description = "Corpo de toda resposta de erro: erro sempre; os outros campos só nos casos"
                                     + " descritos em cada um")
public record Erro(
        @Schema(description = "O que deu errado e como corrigir", example = "Informe o nome da categoria",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String erro,
        @Schema(description = "412: a versão atual do recurso (o ETag atual é \"<versao>\")")
        Long versao,
        @Schema(description = "Lotes (estoque, etiquetas) e itens de POST /pedidos: a posição, a partir de 0, do"
                              + " primeiro elemento recusado")
        Integer indice,
        @Schema(description = "Estoque insuficiente em POST /pedidos: o produto do item recusado")
        String produtoId,
        @Schema(description = "Estoque insuficiente em POST /pedidos: a variação do item recusado, se houver",
                nullable = true)
        String variacaoId,
        @Schema(description = "Estoque insuficiente em POST /pedidos: o que havia")
        BigDecimal disponivel,
        @Schema(description = "Estoque insuficiente em POST /pedidos: o que o item pedia")
        BigDecimal solicitado,
        @Schema(description = "409 de DELETE /categorias/{id}: produtos ainda na categoria")
        Integer produtosVinculados,
        @Schema(description = "409 de DELETE /categorias/{id}: subcategorias ainda na categoria")
        Integer subcategoriasVinculadas,
        @ArraySchema(arraySchema = @Schema(description = "404 de POST /etiquetas/lote: os pedidos que não existem"
                                                         + " nesta loja"))
        List<String> naoEncontrados,
        @Schema(description = "409 de uma Idempotency-Key aplicada cuja resposta se perdeu: o id do recurso que a "
                              + "requisição criou ou alterou (ausente nos lotes, que alteram vários)")
        String id,
        @Schema(description = "409 de uma Idempotency-Key aplicada cuja resposta se perdeu: onde ler o recurso com "
                              + "GET, o mesmo que o cabeçalho Location (como o Location de um 201)",
                example = "/v1/pedidos/0b8f2c4e-7a51-4f0e-9a43-2d6c8e1f5b70")
        String local) {
}
