package br.com.lojaapi.coreapi.etiqueta;

/** One carrier label of an order of the store. Answers an optional {@link EtiquetaView}. */
public record BuscarEtiquetaQuery(String lojaId, String pedidoId, String etiquetaId) {
}
