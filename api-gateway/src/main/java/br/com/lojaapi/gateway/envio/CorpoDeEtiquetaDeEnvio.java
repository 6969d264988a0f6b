package br.com.lojaapi.gateway.envio;

import io.swagger.v3.oas.annotations.media.Schema;

/** The JSON form of POST /pedidos/{id}/etiquetas: exactly one of pdfBase64, zplBase64 and zpl. */
@Schema(name = "EtiquetaEnvio")
record CorpoDeEtiquetaDeEnvio(@Schema(description = "Etiqueta em PDF, Base64") String pdfBase64,
                       @Schema(description = "Etiqueta em ZPL, Base64") String zplBase64,
                       @Schema(description = "Etiqueta em ZPL, como texto") String zpl,
                       String transportadora,
                       String servico,
                       String codigoRastreio,
                       @Schema(format = "uri") String urlRastreio,
                       Integer volume) {
}
