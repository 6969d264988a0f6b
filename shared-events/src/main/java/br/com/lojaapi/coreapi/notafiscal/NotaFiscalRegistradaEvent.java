package br.com.lojaapi.coreapi.notafiscal;

/** An invoice linked to an order (acao {@code criada}); {@code CANCELADA} already for an NFS-e with its block. */
public record NotaFiscalRegistradaEvent(EstadoDaNota nota) implements EventoDaNota {
}
