package br.com.lojaapi.gateway.pedido;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.Optional;

/**
 * PATCH /pedidos/{id}. Tracking fields absent are kept, null clears them. A class with Optional fields, not a
 * record: Jackson fills absent Optional record components with empty, which would clear instead of keep.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
@Schema(name = "AlteracaoDePedido")
class AlteracaoDePedido {

    @Schema(implementation = String.class, requiredMode = Schema.RequiredMode.REQUIRED,
            allowableValues = {"PENDENTE", "CONFIRMADO", "PREPARANDO", "PRONTO", "ENVIADO", "ENTREGUE", "CANCELADO"})
    Optional<String> status;
    @Schema(implementation = String.class, nullable = true, maxLength = 500,
            description = "Obrigatório com status CANCELADO; com outro status é aceito e não é guardado") Optional<String> motivoCancelamento;
    @Schema(implementation = String.class, nullable = true, maxLength = 200, description = "Texto livre")
    Optional<String> tempoEntrega;
    @Schema(implementation = String.class, nullable = true, maxLength = 100) Optional<String> codigoRastreio;
    @Schema(implementation = String.class, nullable = true, format = "uri") Optional<String> urlRastreio;
    @Schema(implementation = String.class, nullable = true, allowableValues = {"PENDENTE", "PAGO", "ESTORNADO"},
            description = "Extensão: PAGO emite pedido.pago") Optional<String> pagamentoStatus;
}
