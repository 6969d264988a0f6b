package br.com.lojaapi.coreapi.notafiscal;

import java.time.Instant;

/**
 * Unlinked from its order (acao {@code removida}); {@code nota} is how it stood before. Its files are deleted.
 * Nothing happens at the tax authority.
 */
public record NotaFiscalRemovidaEvent(EstadoDaNota nota, Instant removidaEm) implements EventoDaNota {
}
