package br.com.lojaapi.coreapi.cliente;

/** Answered with {@code Optional<ClienteView>}: empty when the id is not a customer of the store. */
public record BuscarClienteQuery(String lojaId, String clienteId) {
}
