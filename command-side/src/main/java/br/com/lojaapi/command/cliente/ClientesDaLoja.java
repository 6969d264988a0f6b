package br.com.lojaapi.command.cliente;

import br.com.lojaapi.coreapi.cliente.DadosCliente;

import java.util.Optional;

/**
 * The store's registered customers as the command side knows them, in the caller's transaction: an order naming
 * {@code cliente.id} checks the customer belongs to the store and copies its data into the order's snapshot.
 */
public interface ClientesDaLoja {

    /** The customer's current data, or empty when the id is not a customer of this store. */
    Optional<DadosCliente> dadosDe(String lojaId, String clienteId);
}
