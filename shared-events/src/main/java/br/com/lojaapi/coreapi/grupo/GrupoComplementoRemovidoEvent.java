package br.com.lojaapi.coreapi.grupo;

import java.time.Instant;

public record GrupoComplementoRemovidoEvent(String grupoId, String lojaId, String nome, Instant removidoEm) {
}
