package br.com.lojaapi.coreapi.etiqueta;

/** A carrier label linked to an order (acao {@code criada}). */
public record EtiquetaRegistradaEvent(EstadoDaEtiqueta etiqueta) implements EventoDaEtiqueta {
}
