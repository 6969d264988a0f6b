package br.com.lojaapi.coreapi.etiqueta;

/** The carrier labels of an order of the store, oldest first. Answers a list of {@link EtiquetaView}. */
public record ListarEtiquetasQuery(String lojaId, String pedidoId) {
}
