package br.com.lojaapi.coreapi.notafiscal;

/** An invoice as its read model holds it, at the version of its last event. */
public record NotaFiscalView(EstadoDaNota nota, long versao) {
}
