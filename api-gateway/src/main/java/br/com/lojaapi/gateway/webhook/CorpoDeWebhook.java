package br.com.lojaapi.gateway.webhook;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;

import java.util.List;

@Schema(name = "NovoWebhook")
record CorpoDeWebhook(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "ERP", maxLength = 200)
        @NotBlank(message = "Informe o nome do webhook (texto não vazio)")
        @Size(max = 200, message = "nome: no máximo 200 caracteres")
        String nome,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "uri", maxLength = 2000,
                example = "https://erp.example.com/webhooks/loja",
                description = "http ou https; endereços de loopback, rede privada, link-local e metadados são recusados")
        @NotBlank(message = "Informe a url do webhook (http ou https)")
        @Size(max = 2000, message = "url: no máximo 2000 caracteres")
        String url,
        @ArraySchema(arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                description = "Tipos de evento assinados (ao menos um)"),
                schema = @Schema(allowableValues = {"pedido.criado", "pedido.status", "pedido.pago",
                        "pedido.cancelado", "pedido.nota_fiscal", "pedido.etiqueta", "pedido.editado",
                        "cliente.criado", "produto.atualizado", "produto.removido", "produto.estoque_baixo"}))
        @NotEmpty(message = "Informe eventos: a lista de tipos de evento assinados (ao menos um)")
        List<String> eventos) {
}
