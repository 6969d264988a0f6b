package br.com.lojaapi.coreapi.grupo;

public record ListarGruposQuery(String lojaId) {
}
