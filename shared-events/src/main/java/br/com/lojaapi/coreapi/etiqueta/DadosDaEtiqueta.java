package br.com.lojaapi.coreapi.etiqueta;

/** What the sender says of a carrier label; every field may be null. */
public record DadosDaEtiqueta(String transportadora, String servico, String codigoRastreio, String urlRastreio,
                              Integer volume) {
}
