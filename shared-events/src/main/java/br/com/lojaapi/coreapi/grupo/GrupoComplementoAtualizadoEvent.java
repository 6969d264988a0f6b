package br.com.lojaapi.coreapi.grupo;

import java.time.Instant;

/** The group after the change, whole. */
public record GrupoComplementoAtualizadoEvent(String grupoId, String lojaId, DadosGrupo dados, Instant atualizadoEm) {
}
