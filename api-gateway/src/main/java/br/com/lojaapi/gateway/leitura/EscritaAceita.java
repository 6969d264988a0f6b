package br.com.lojaapi.gateway.leitura;

import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

/** The 202 of a write whose representation cannot be shown: it is stored, and this says what to do. */
@Schema(name = "EscritaAceita", description = "Gravado, sem a representação do recurso: a leitura ainda não reflete"
                                              + " a escrita (consulte de novo em instantes), ou o recurso foi removido"
                                              + " logo depois por outra requisição")
public record EscritaAceita(@Schema(description = "Id do recurso gravado") String id,
                            @Schema(description = "A versão que a escrita gravou (o ETag dela é \"<versao>\")") long versao,
                            @Schema(description = "O motivo") List<String> avisos) {
}
