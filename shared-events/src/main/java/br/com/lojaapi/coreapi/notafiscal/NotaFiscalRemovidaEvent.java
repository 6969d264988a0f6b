package br.com.lojaapi.coreapi.notafiscal;

import java.time.Instant;

/** Unlinked from its order (acao {@code removida}); its files are deleted. Nothing happens at the tax authority. */
public record NotaFiscalRemovidaEvent(String notaId, String lojaId, String pedidoId, Instant em) {
}
