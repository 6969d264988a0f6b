package br.com.lojaapi.coreapi.grupo;

public record BuscarGrupoQuery(String lojaId, String grupoId) {
}
