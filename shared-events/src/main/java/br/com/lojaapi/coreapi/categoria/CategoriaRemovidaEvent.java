package br.com.lojaapi.coreapi.categoria;

import java.time.Instant;

public record CategoriaRemovidaEvent(String categoriaId, String lojaId, String nome, Instant removidaEm) {
}
