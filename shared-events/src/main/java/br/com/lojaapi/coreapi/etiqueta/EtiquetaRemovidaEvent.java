package br.com.lojaapi.coreapi.etiqueta;

import java.time.Instant;

/** Removed with its file (acao {@code removida}); {@code etiqueta} is how it stood. The shipment stays. */
public record EtiquetaRemovidaEvent(EstadoDaEtiqueta etiqueta, Instant removidaEm) implements EventoDaEtiqueta {
}
