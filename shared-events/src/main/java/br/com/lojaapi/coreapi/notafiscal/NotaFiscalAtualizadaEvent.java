package br.com.lojaapi.coreapi.notafiscal;

/** The same invoice sent again (acao {@code atualizada}): only what was sent replaced what was kept. */
public record NotaFiscalAtualizadaEvent(EstadoDaNota nota) implements EventoDaNota {
}
