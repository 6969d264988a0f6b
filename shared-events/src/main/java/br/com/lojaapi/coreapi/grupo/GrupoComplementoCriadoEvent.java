package br.com.lojaapi.coreapi.grupo;

import java.time.Instant;

public record GrupoComplementoCriadoEvent(String grupoId, String lojaId, DadosGrupo dados, Instant criadoEm) {
}
