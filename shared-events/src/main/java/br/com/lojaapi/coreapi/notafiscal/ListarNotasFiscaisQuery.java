package br.com.lojaapi.coreapi.notafiscal;

/** The invoices linked to an order of the store, oldest first. Answers a list of {@link NotaFiscalView}. */
public record ListarNotasFiscaisQuery(String lojaId, String pedidoId) {
}
