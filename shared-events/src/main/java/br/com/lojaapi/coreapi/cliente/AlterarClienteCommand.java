package br.com.lojaapi.coreapi.cliente;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/** Upsert of an existing customer: only the fields sent change; the document (the key) cannot. */
public record AlterarClienteCommand(@TargetAggregateIdentifier String clienteId,
                                    String lojaId,
                                    AlteracaoCliente alteracao,
                                    Instant alteradoEm) {
}
