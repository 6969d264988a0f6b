package br.com.lojaapi.gateway.sincronia;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;

/** A resource exactly as its GET shows it, plus whether it was removed (then {@code removidoEm}). */
public record ItemSincronizado<T>(@JsonUnwrapped T recurso,
                                  @Schema(description = "true: removido; o corpo é o último estado") boolean removido,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) Instant removidoEm) {
}
