package br.com.lojaapi.coreapi.notafiscal;

/** One invoice of an order of the store. Answers an optional {@link NotaFiscalView}. */
public record BuscarNotaFiscalQuery(String lojaId, String pedidoId, String notaId) {
}
