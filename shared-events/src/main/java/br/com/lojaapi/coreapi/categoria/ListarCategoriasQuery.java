package br.com.lojaapi.coreapi.categoria;

public record ListarCategoriasQuery(String lojaId) {
}
