package br.com.lojaapi.coreapi.etiqueta;

/** A carrier label as its read model holds it, at the version of its last event. */
public record EtiquetaView(EstadoDaEtiqueta etiqueta, long versao) {
}
