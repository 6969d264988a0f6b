package br.com.lojaapi.coreapi.cliente;

import java.time.Instant;

/** What {@code cliente.criado} will deliver: the whole customer, as registered. */
public record ClienteCriadoEvent(String clienteId, String lojaId, DadosCliente dados, Instant criadoEm) {
}
