package br.com.lojaapi.gateway.webhook;

import io.swagger.v3.oas.annotations.media.Schema;

@Schema(name = "ReenvioDeEntrega")
record ReenvioDeEntregaJson(@Schema(format = "uuid", description = "Id da entrega, o mesmo das tentativas anteriores")
                            String id,
                            @Schema(description = "Número da nova série de tentativas") int serie) {
}
