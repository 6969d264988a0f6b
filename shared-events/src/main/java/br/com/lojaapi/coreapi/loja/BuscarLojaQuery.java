package br.com.lojaapi.coreapi.loja;

public record BuscarLojaQuery(String lojaId) {
}
