package br.com.lojaapi.coreapi.notafiscal;

/**
 * The invoice became {@code CANCELADA} (acao {@code cancelada}): by a homologated cancellation event, kept as
 * {@code xmlCancelamento}, or by an NFS-e sent again with its cancellation block.
 */
public record NotaFiscalCanceladaEvent(EstadoDaNota nota) implements EventoDaNota {
}
