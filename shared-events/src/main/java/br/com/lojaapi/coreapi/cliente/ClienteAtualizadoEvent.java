package br.com.lojaapi.coreapi.cliente;

import java.time.Instant;

/** The whole customer after an upsert that changed something; an upsert that changes nothing emits nothing. */
public record ClienteAtualizadoEvent(String clienteId, String lojaId, DadosCliente dados, Instant atualizadoEm) {
}
