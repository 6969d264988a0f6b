package br.com.lojaapi.coreapi.cliente;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/** Registers a customer whose document the store does not have yet; {@code nome} and {@code documento} required. */
public record CriarClienteCommand(@TargetAggregateIdentifier String clienteId,
                                  String lojaId,
                                  AlteracaoCliente dados,
                                  Instant criadoEm) {
}
