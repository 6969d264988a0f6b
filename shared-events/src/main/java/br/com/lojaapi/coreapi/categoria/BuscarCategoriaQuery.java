package br.com.lojaapi.coreapi.categoria;

public record BuscarCategoriaQuery(String lojaId, String categoriaId) {
}
