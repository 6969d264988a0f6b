package br.com.lojaapi.coreapi.etiqueta;

/** The label of the same tracking code sent again (acao {@code atualizada}). */
public record EtiquetaSubstituidaEvent(EstadoDaEtiqueta etiqueta) implements EventoDaEtiqueta {
}
