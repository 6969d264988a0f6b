package br.com.lojaapi.coreapi.loja;

public record ListarLojasQuery() {
}
