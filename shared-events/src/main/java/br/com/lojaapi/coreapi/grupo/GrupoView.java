package br.com.lojaapi.coreapi.grupo;

import java.time.Instant;

public record GrupoView(String id, String lojaId, DadosGrupo dados, Instant criadoEm, Instant atualizadoEm, long versao) {
}
