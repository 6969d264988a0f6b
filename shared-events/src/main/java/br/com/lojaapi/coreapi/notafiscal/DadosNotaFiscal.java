package br.com.lojaapi.coreapi.notafiscal;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * What was read from an invoice (or, for a metadata-only registration, taken from its key): {@code modelo} 55, 65
 * or 56; {@code chave} and {@code serie} null for an NFS-e, {@code codigoVerificacao} set only for one; the date,
 * value and parties null when only the key is known. {@code ambienteDeTeste}: issued in the homologation
 * environment (tpAmb 2), with no fiscal value.
 */
public record DadosNotaFiscal(String modelo,
                              String chave,
                              String numero,
                              String serie,
                              String codigoVerificacao,
                              OffsetDateTime dataEmissao,
                              BigDecimal valorTotal,
                              String cnpjEmitente,
                              String documentoDestinatario,
                              String protocolo,
                              boolean ambienteDeTeste) {

    public static final String NFSE = "56";

    /**
     * What makes two sends the same invoice within a store: the access key, or for an NFS-e (which has none) its
     * number and verification code within the provider's tax number.
     */
    public String identidade() {
        return NFSE.equals(modelo) ? "nfse:" + cnpjEmitente + ":" + numero + ":" + codigoVerificacao : chave;
    }
}
