package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.gateway.web.Paginacao;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

@Schema(name = "ListaDeEntregas")
record ListaDeEntregasJson(@Schema(description = "As tentativas, da mais recente para a mais antiga")
                           List<TentativaDeEntregaJson> entregas,
                           @Schema(description = "total conta tentativas") Paginacao paginacao) {
}
