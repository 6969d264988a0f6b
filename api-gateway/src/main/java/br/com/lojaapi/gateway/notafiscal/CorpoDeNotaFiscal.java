package br.com.lojaapi.gateway.notafiscal;

import io.swagger.v3.oas.annotations.media.Schema;

/** The JSON form of POST /pedidos/{id}/notas-fiscais. */
@Schema(name = "NotaFiscalEnvio", description = "XML (texto ou Base64) com PDF opcional; ou, sem XML, a chave "
        + "(com numero e serie opcionais) para registrar só os metadados ou anexar um PDF a uma nota já enviada.")
record CorpoDeNotaFiscal(@Schema(description = "XML da nota ou do evento de cancelamento, como texto") String xml,
                         @Schema(description = "O mesmo XML em Base64 (em vez de xml)") String xmlBase64,
                         @Schema(description = "DANFE em PDF, Base64") String pdfBase64,
                         @Schema(description = "O mesmo que pdfBase64") String pdf,
                         @Schema(description = "Chave de acesso (44 caracteres)") String chave,
                         String numero,
                         String serie) {
}
